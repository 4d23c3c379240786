/**
 * The landing page's captures (issue #20 point 4) made by the real screenshot engine from the
 * pages in lib/showcase: each one is what its parameters say (format, size, a phone's viewport),
 * blockCookies really removes the consent banner, and the PDF is a PDF. Served by the real route.
 */
import sharp, { type OutputInfo } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

let GET: (request: Request, context: { params: Promise<{ file: string }> }) => Promise<Response>;
testEnvironment();

beforeAll(async () => {
  ({ GET } = await import("@/app/(marketing)/examples/shots/[file]/route"));
});
afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
});

async function shot(file: string): Promise<Response> {
  return GET(new Request(`http://localhost:3000/examples/shots/${file}`), { params: Promise.resolve({ file }) });
}

async function image(file: string) {
  const response = await shot(file);
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ""),
  ).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { response, info, data, bytes };
}

/** Pixels of the consent banner's red "Accept all" button (#e11d48) in the bottom rows. */
function redPixelsAtBottom(data: Buffer, info: OutputInfo, rows: number): number {
  let red = 0;
  for (let y = info.height - rows; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i] > 200 && data[i + 1] < 60 && data[i + 2] > 50 && data[i + 2] < 110) red++;
    }
  }
  return red;
}

describe("landing page captures", () => {
  it("desktop and phone: the sizes their parameters ask for", async () => {
    const desktop = await image("store-desktop.webp");
    expect(desktop.response.headers.get("content-type")).toBe("image/webp");
    expect([desktop.info.width, desktop.info.height]).toEqual([1280, 800]);
    const phone = await image("store-phone.webp");
    expect([phone.info.width, phone.info.height]).toEqual([393 * 3, 852 * 3]);
  });

  it("blockCookies removes the consent banner that is there without it", async () => {
    const shown = await image("consent-shown.webp");
    const blocked = await image("consent-blocked.webp");
    expect(redPixelsAtBottom(shown.data, shown.info, 200)).toBeGreaterThan(500);
    expect(redPixelsAtBottom(blocked.data, blocked.info, 200)).toBe(0);
  });

  it("the invoice is an A4 PDF, and its print preview an image", async () => {
    const pdf = await shot("invoice.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.9\d* 842\.\d+\]/);
    const preview = await image("invoice-preview.webp");
    expect([preview.info.width, preview.info.height]).toEqual([794, 1123]);
  });

  it("a file that is not a capture is a 404; a capture is made once and kept", async () => {
    expect((await shot("other.png")).status).toBe(404);
    const first = await image("store-desktop.webp");
    const again = await image("store-desktop.webp");
    expect(again.bytes.equals(first.bytes)).toBe(true);
  });
});
