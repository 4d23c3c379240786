/** Text of each PDF page, read with Mozilla's pdf.js (to check header/footer templates). */
type WithResolvers = <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };

export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  // Node 20 has no Promise.withResolvers, which pdf.js uses.
  const P = Promise as unknown as { withResolvers?: WithResolvers };
  P.withResolvers ??= <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.cleanup();
  return texts;
}
