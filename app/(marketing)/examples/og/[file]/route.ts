import { ALL_EXAMPLES } from "@/components/site/og-examples";
import { renderOg } from "@/lib/og/render";
import { validateVariables } from "@/lib/og/variables";

// Rendered once at build time by the real OG renderer, then served as static files.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return ALL_EXAMPLES.map((example) => ({ file: `${example.id}.png` }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const example = ALL_EXAMPLES.find((e) => `${e.id}.png` === file);
  if (!example) return new Response("Not found", { status: 404 });
  const { variables } = validateVariables(example.template, example.variables);
  const image = await renderOg({
    template: example.template,
    variables,
    width: 1200,
    height: 630,
    format: "png",
    quality: 90,
  });
  return new Response(new Uint8Array(image.bytes), {
    headers: { "Content-Type": image.contentType, "Cache-Control": "public, max-age=86400" },
  });
}
