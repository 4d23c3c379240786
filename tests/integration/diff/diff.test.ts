/**
 * GET and POST /v1/diff (D27) through the real route, with the service's own Chromium, on pages
 * that change on request (pages.ts): the changed box found to the pixel and its ratio, an unchanged
 * page, an ignored selector, pages of different heights, compareTo a stored result, and the 400s.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { fetchResultFile } from "../jobs/support";
import { type ChangingPages, startChangingPages } from "@/tests/support/changing-pages";
import { diffResponseSchema } from "@/lib/diff/schema";
import { expectDocumented } from "@/tests/support/documented";

let pages: ChangingPages;
let account: TestAccount;
let GET: (request: Request) => Promise<Response>;
let POST: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pages = await startChangingPages();
});

testEnvironment(() => ({ extra: { ALLOW_PRIVATE_ORIGINS: pages.origin, BROWSER_CONCURRENCY: "2" } }));

beforeAll(async () => {
  ({ GET, POST } = await import("@/app/v1/diff/route"));
  account = await createTestAccount({ plan: "business" });
});

afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await pages?.close();
});

interface DiffBody {
  changedRatio: number;
  changedPixels: number;
  boxes: Array<{ x: number; y: number; width: number; height: number }>;
  width: number;
  height: number;
  diffImageUrl: string;
  imageUrl: string;
  compareImageUrl: string;
  captures: { url: Record<string, unknown>; compare: Record<string, unknown> };
}

function diff(query: Record<string, string | number | boolean>): Promise<Response> {
  const params = new URLSearchParams(
    Object.entries({ width: 400, height: 300, ...query }).map(([k, v]) => [k, String(v)]),
  );
  return GET(apiRequest(`/v1/diff?${params}`, { apiKey: account.apiKey }));
}

async function ok(response: Response): Promise<DiffBody> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return expectDocumented(diffResponseSchema, await response.json()) as DiffBody;
}

/** Each coordinate of each box within `tolerance` px of the expected one. */
function expectBoxes(actual: DiffBody["boxes"], expected: DiffBody["boxes"], tolerance = 2) {
  expect(actual.length, JSON.stringify(actual)).toBe(expected.length);
  actual.forEach((box, i) => {
    for (const k of ["x", "y", "width", "height"] as const)
      expect(Math.abs(box[k] - expected[i][k]), `${k} of ${JSON.stringify(box)}`).toBeLessThanOrEqual(tolerance);
  });
}

describe("GET /v1/diff", () => {
  it("finds the box that changed colour: its place to the pixel, its ratio, a diff image over the new capture", async () => {
    pages.state("before").box.color = "#2563eb";
    pages.state("after").box.color = "#dc2626";
    const body = await ok(await diff({ url: pages.url("after"), compareUrl: pages.url("before") }));
    expectBoxes(body.boxes, [{ x: 100, y: 120, width: 200, height: 50 }]);
    expect(body.changedRatio).toBeCloseTo((200 * 50) / (400 * 300), 3);
    expect([body.width, body.height]).toEqual([400, 300]);
    // The diff image is a stored file: the new capture with the change drawn in.
    const file = await fetchResultFile(body.diffImageUrl);
    expect(file.status).toBe(200);
    const image = await sharp(Buffer.from(await file.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([image.info.width, image.info.height]).toEqual([400, 300]);
    const at = (x: number, y: number) => [
      ...image.data.subarray((y * 400 + x) * image.info.channels, (y * 400 + x) * image.info.channels + 3),
    ];
    expect(at(200, 145)).toEqual([225, 29, 72]); // a changed pixel, in the highlight colour
    expect(at(350, 250)).toEqual([255, 255, 255]); // unchanged white stays white under the veil
    // Both captures are stored results with their own URLs.
    expect((await fetchResultFile(body.imageUrl)).status).toBe(200);
    expect((await fetchResultFile(body.compareImageUrl)).status).toBe(200);
    expect(body.captures.url.url).toBe(pages.url("after"));
  });

  it("answers no change for the same page, and POST means the same as GET", async () => {
    const url = pages.url("same");
    const body = await ok(await diff({ url, compareUrl: url }));
    expect([body.changedRatio, body.changedPixels, body.boxes]).toEqual([0, 0, []]);
    const posted = await POST(
      new Request("http://localhost:3000/v1/diff", {
        method: "POST",
        headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ url, compareUrl: url, width: 400, height: 300 }),
      }),
    );
    expect((await ok(posted)).changedRatio).toBe(0);
  });

  it("masks ignoreSelectors in both captures: a clock that changes is no change", async () => {
    pages.state("clock-a").clock = true;
    pages.state("clock-b").clock = true;
    const changed = await ok(await diff({ url: pages.url("clock-a"), compareUrl: pages.url("clock-b"), fresh: true }));
    expect(changed.changedPixels).toBeGreaterThan(0);
    expect(changed.boxes.every((b) => b.x >= 10 && b.y >= 10 && b.x + b.width <= 130 && b.y + b.height <= 40)).toBe(
      true,
    );
    const ignored = await ok(
      await diff({
        url: pages.url("clock-a"),
        compareUrl: pages.url("clock-b"),
        ignoreSelectors: ".clock",
        fresh: true,
      }),
    );
    expect([ignored.changedPixels, ignored.boxes]).toEqual([0, []]);
    expect(ignored.captures.url.ignoredRegions).toEqual([{ x: 10, y: 10, width: 120, height: 30 }]);
  });

  it("counts what only the taller page has as changed (fullPage)", async () => {
    pages.state("short").height = 400;
    pages.state("tall").height = 500;
    const body = await ok(await diff({ url: pages.url("tall"), compareUrl: pages.url("short"), fullPage: true }));
    expect([body.width, body.height]).toEqual([400, 500]);
    expectBoxes(body.boxes, [{ x: 0, y: 400, width: 400, height: 100 }]);
    expect(body.changedRatio).toBeCloseTo(100 / 500, 3);
  });

  it("compares with a stored result named by its imageUrl (compareTo)", async () => {
    pages.state("stored").box.color = "#16a34a";
    const first = await ok(await diff({ url: pages.url("stored"), compareUrl: pages.url("stored") }));
    pages.state("stored").box = { x: 20, y: 200, width: 60, height: 40, color: "#16a34a" };
    const body = await ok(await diff({ url: pages.url("stored"), compareTo: first.imageUrl, fresh: true }));
    // The box moved: its old place and its new one changed.
    expectBoxes(body.boxes, [
      { x: 100, y: 120, width: 200, height: 50 },
      { x: 20, y: 200, width: 60, height: 40 },
    ]);
    expect(body.compareImageUrl).toBe(first.imageUrl);
  });

  it("refuses what it cannot compare with a 400 naming the parameter", async () => {
    const url = pages.url("same");
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ url }, "missing_parameter", "compareUrl"],
      [{ url, compareUrl: url, compareTo: "mon_0123456789abcdefghijklmn" }, "invalid_parameter", "compareTo"],
      [{ url, compareTo: "https://elsewhere.example/x.png" }, "invalid_parameter", "compareTo"],
      [{ url, compareUrl: "http://10.0.0.1/" }, "private_address", "compareUrl"],
      [{ url, compareUrl: url, threshold: "2" }, "parameter_out_of_range", "threshold"],
      [{ url, compareUrl: url, format: "jpg" }, "unknown_parameter", "format"],
    ];
    for (const [query, code, param] of cases) {
      const problem = await problemOf(await diff(query));
      expect([problem.code, problem.param], JSON.stringify(query)).toEqual([code, param]);
    }
    const gone = await problemOf(
      await diff({ url, compareTo: `http://localhost:3000/v1/files/${"0".repeat(64)}.png` }),
    );
    expect([gone.status, gone.code]).toEqual([404, "result_not_found"]);
  });
});
