/**
 * Shared set-up for the screenshot integration tests: a fixture server on loopback (allowed via
 * ALLOW_PRIVATE_ORIGINS, exact origin), a private test environment (database, DATA_DIR, Redis
 * prefix), real accounts and the real /v1/screenshot route called in-process. One Chromium per
 * test file (the module-level browser of lib/browser), closed in `close()`.
 */
import sharp from "sharp";
import type { TestEnv, TestEnvOptions } from "@/tests/support/env";
import { useTestEnv } from "@/tests/support/env";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import type { PlanId } from "@/lib/plans";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";

export interface ScreenshotHarness {
  fx: FixtureServer;
  testEnv: TestEnv;
  account: TestAccount;
  /** Calls GET /v1/screenshot with `query` (url given as a fixture file name or full URL). */
  shoot(query: Record<string, string | number | boolean>, options?: { account?: TestAccount }): Promise<Response>;
  /** Calls POST /v1/screenshot with `body` (an object is sent as JSON; a string as it is). */
  post(body: unknown, options?: { account?: TestAccount; contentType?: string; query?: string }): Promise<Response>;
  accountOn(plan: PlanId): Promise<TestAccount>;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    env?: TestEnvOptions;
    plan?: PlanId;
    /** Further loopback origins pages may load (a test's own servers). */ allowOrigins?: string[];
  } = {},
): Promise<ScreenshotHarness> {
  const fx = await startFixtureServer();
  const testEnv = await useTestEnv({
    ...options.env,
    extra: {
      ALLOW_PRIVATE_ORIGINS: [fx.origin, ...(options.allowOrigins ?? [])].join(","),
      BROWSER_CONCURRENCY: "4",
      ...options.env?.extra,
    },
  });
  const { GET, POST } = await import("@/app/v1/screenshot/route");
  const account = await createTestAccount({ plan: options.plan ?? "business" });

  const shoot: ScreenshotHarness["shoot"] = (query, opts = {}) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      const text = String(value);
      // A bare fixture file name ("basic.html?x") becomes that file's URL on the fixture server.
      params.set(name, name === "url" && /^[\w-]+\.html\b/.test(text) ? fx.url(text) : text);
    }
    return GET(apiRequest(`/v1/screenshot?${params}`, { apiKey: (opts.account ?? account).apiKey }));
  };

  const post: ScreenshotHarness["post"] = (body, opts = {}) =>
    POST(
      new Request(`http://localhost:3000/v1/screenshot${opts.query ?? ""}`, {
        method: "POST",
        headers: {
          "X-API-Key": (opts.account ?? account).apiKey,
          "Content-Type": opts.contentType ?? "application/json",
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );

  return {
    fx,
    testEnv,
    account,
    shoot,
    post,
    accountOn: (plan) => createTestAccount({ plan }),
    async close() {
      const { shutdownBrowsers } = await import("@/lib/browser");
      await shutdownBrowsers();
      await fx.close();
      await testEnv.cleanup();
    },
  };
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
