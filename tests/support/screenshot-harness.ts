/**
 * Shared set-up for the screenshot integration tests: the page harness (tests/support/page-harness.ts:
 * fixture server, the file's test environment, an account, Chromium closed after the file's tests)
 * and the real /v1/screenshot route called in-process.
 */
import sharp from "sharp";
import { beforeAll } from "vitest";
import { screenshotMetadataSchema } from "@/lib/screenshot/schema";
import { expectDocumented } from "@/tests/support/documented";
import { setEnvironment } from "@/tests/support/env";
import { madeInBeforeAll } from "@/tests/support/test-env";
import { apiRequest, type TestAccount } from "@/tests/support/api";
import { fixtureQuery } from "@/tests/support/fixture-server";
import { type PageHarness, pageHarness, type PageHarnessOptions } from "@/tests/support/page-harness";

type Query = Record<string, string | number | boolean>;

export interface ScreenshotHarness extends PageHarness {
  /** Calls GET /v1/screenshot with `query` (url given as a fixture file name or full URL). */
  shoot(query: Query, options?: { account?: TestAccount }): Promise<Response>;
  /** Calls POST /v1/screenshot with `body` (an object is sent as JSON; a string as it is). */
  post(body: unknown, options?: { account?: TestAccount; contentType?: string; query?: string }): Promise<Response>;
  /**
   * Closes this instance's browsers and sets `vars` (BROWSER_WS_ENDPOINT, NET_GUARD_URL...), so the
   * next render connects as they say: the same instance on other browsers.
   */
  restartBrowsers(vars: Record<string, string | undefined>): Promise<void>;
}

/** Registers the file's harness: pageHarness's hooks (see there), then one that loads the route. */
export function screenshotHarness(
  options: PageHarnessOptions | (() => PageHarnessOptions | Promise<PageHarnessOptions>) = {},
): ScreenshotHarness {
  const page = pageHarness(options, { browserConcurrency: 4 });
  let route: typeof import("@/app/v1/screenshot/route") | undefined;
  beforeAll(async () => {
    route = await import("@/app/v1/screenshot/route");
  });
  const routeNow = () => madeInBeforeAll(route, "the screenshot route");
  const calls: Pick<ScreenshotHarness, "shoot" | "post" | "restartBrowsers"> = {
    shoot: async (query, opts = {}) =>
      checkedMetadata(
        await routeNow().GET(
          apiRequest(`/v1/screenshot?${fixtureQuery(page.fx, query)}`, {
            apiKey: (opts.account ?? page.account).apiKey,
          }),
        ),
      ),
    post: async (body, opts = {}) =>
      checkedMetadata(
        await routeNow().POST(
          new Request(`http://localhost:3000/v1/screenshot${opts.query ?? ""}`, {
            method: "POST",
            headers: {
              "X-API-Key": (opts.account ?? page.account).apiKey,
              "Content-Type": opts.contentType ?? "application/json",
            },
            body: typeof body === "string" ? body : JSON.stringify(body),
          }),
        ),
      ),
    async restartBrowsers(vars) {
      const { shutdownBrowsers } = await import("@/lib/browser");
      await shutdownBrowsers();
      setEnvironment(vars);
    },
  };
  return Object.assign(page, calls);
}

/**
 * The response check (issue 49 point 4) on every capture a test reads as JSON: a 200 JSON answer
 * of /v1/screenshot is its response=json metadata, and must validate against the schema the
 * OpenAPI document publishes (ScreenshotMetadata). The test still reads the untouched response.
 */
async function checkedMetadata(response: Response): Promise<Response> {
  if (response.status === 200 && response.headers.get("content-type")?.startsWith("application/json"))
    expectDocumented(screenshotMetadataSchema, await response.clone().json());
  return response;
}

export async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** Fails with the problem detail when the answer is not a 200, so a failure says why. */
export async function expectOk(response: Response): Promise<Buffer> {
  if (response.status !== 200) {
    throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  }
  return bodyOf(response);
}

export interface Decoded {
  width: number;
  height: number;
  format: string;
  /** RGB at CSS-independent pixel coordinates of the decoded image. */
  pixel(x: number, y: number): [number, number, number];
}

export async function decode(bytes: Buffer): Promise<Decoded> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    format: meta.format ?? "unknown",
    pixel(x, y) {
      const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    },
  };
}

/** Colour comparison with room for JPEG/WebP artefacts. */
function near(actual: [number, number, number], expected: [number, number, number], tolerance = 24): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

export const WHITE: [number, number, number] = [255, 255, 255];
export const BLACK: [number, number, number] = [0, 0, 0];
export const RED: [number, number, number] = [255, 0, 0];
export const GREEN: [number, number, number] = [0, 255, 0];
export const BLUE: [number, number, number] = [0, 0, 255];
export const MAGENTA: [number, number, number] = [255, 0, 255];

/** Asserts a colour with a message that names the spot and both colours. */
export function expectColor(actual: [number, number, number], expected: [number, number, number], where: string): void {
  if (!near(actual, expected)) {
    throw new Error(`${where}: expected rgb(${expected.join(",")}), got rgb(${actual.join(",")})`);
  }
}
