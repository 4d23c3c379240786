/**
 * The landing page's captures (issue #20 point 4) made by the real screenshot engine from the
 * pages in lib/showcase: each one is what its parameters say (format, size, a phone's viewport),
 * blockCookies really removes the consent banner, and the PDF is a PDF. Served by the real route.
 * First, a fresh start (issue 51 point 8, D22): the first visitor asks for all of them at once and
 * tries the demo; they are made one at a time, and the demo capture does not wait behind them.
 */
import sharp, { type OutputInfo } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";
import { testEnvironment } from "@/tests/support/test-env";

let GET: (request: Request, context: { params: Promise<{ file: string }> }) => Promise<Response>;
let fx: FixtureServer;
beforeAll(async () => {
  fx = await startFixtureServer();
});
// Four render slots, the default of the 2-core machine the issue was seen on (lib/render-slots.ts).
testEnvironment(() => ({ extra: { ALLOW_PRIVATE_ORIGINS: fx.origin, BROWSER_CONCURRENCY: "4" } }));

beforeAll(async () => {
  ({ GET } = await import("@/app/(marketing)/examples/shots/[file]/route"));
});
afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await fx?.close();
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

describe("a fresh start", () => {
  it("the first visitor's demo capture answers while the landing page's captures are made one at a time", async () => {
    const { warmUpInBackground } = await import("@/lib/bootstrap");
    const { renderLoad } = await import("@/lib/browser");
    const { SHOWCASE_SHOTS } = await import("@/lib/showcase/shots");
    const { tryUrlDemo } = await import("@/lib/demo/try-url");
    warmUpInBackground(); // as the server's start does: browser, filter lists, OG renderer
    const shots = SHOWCASE_SHOTS.map((s) => shot(s.file)); // the landing page's <img>s, all at once
    let mostRunning = 0;
    const watch = setInterval(() => (mostRunning = Math.max(mostRunning, renderLoad().running)), 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const demo = await tryUrlDemo(
        new Request(`http://localhost:3000/api/demo/screenshot?url=${encodeURIComponent(fx.url("basic.html"))}`),
      );
      // A 200 is within the demo's own 20-s deadline (past it the answer is 504 render_timeout).
      expect(demo.status, await demo.clone().text()).toBe(200);
      // At most one sample capture beside the demo's: before D22's change, three were.
      expect(mostRunning).toBeLessThanOrEqual(2);
      for (const response of await Promise.all(shots)) expect(response.status).toBe(200);
    } finally {
      clearInterval(watch);
    }
  });
});

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
