/**
 * The set-up the signed-URL files share (issue 14, D15): an image server, a file environment
 * with a URL signing secret, the real /v1/og and /v1/screenshot routes, and two Pro accounts
 * (`owner`, whose key signs by default, and `stranger`). `const h = signedOgHarness()` at the top
 * of a file registers the hooks; `h.owner`, `h.og`, … are there while its tests run.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startImageServer, type ImageServer } from "@/tests/support/image-server";

type Route = (request: Request) => Promise<Response>;
type Canonical = typeof import("@/lib/signing/canonical");

export const BASE = "http://localhost:3000";
export const now = () => Math.floor(Date.now() / 1000);

interface Made {
  images: ImageServer;
  og: Route;
  ogHead: Route;
  screenshot: Route;
  canonical: Canonical;
  owner: TestAccount;
  stranger: TestAccount;
}

export function signedOgHarness() {
  let images: ImageServer | undefined;
  let made: Made | undefined;
  beforeAll(async () => {
    images = await startImageServer();
  });
  testEnvironment(() => ({
    extra: { URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef", ALLOW_PRIVATE_ORIGINS: images!.origin },
  }));
  beforeAll(async () => {
    const route = await import("@/app/v1/og/route");
    made = {
      images: images!,
      og: route.GET,
      ogHead: route.HEAD,
      screenshot: (await import("@/app/v1/screenshot/route")).GET,
      canonical: await import("@/lib/signing/canonical"),
      owner: await createTestAccount({ plan: "pro" }),
      stranger: await createTestAccount({ plan: "pro" }),
    };
  });
  afterAll(async () => {
    await (await import("@/lib/browser")).shutdownBrowsers();
    await images?.close();
  });
  const get = () => madeInBeforeAll(made, "the signed-URL harness");

  return {
    get images() {
      return get().images;
    },
    get og() {
      return get().og;
    },
    get ogHead() {
      return get().ogHead;
    },
    get screenshot() {
      return get().screenshot;
    },
    get owner() {
      return get().owner;
    },
    get stranger() {
      return get().stranger;
    },
    /** A URL for `path` (default /v1/og) signed with `account`'s key (default the owner's). */
    signed: (
      params: Record<string, string>,
      account?: TestAccount,
      options: { expires?: number; path?: string } = {},
    ) => {
      const signer = account ?? get().owner;
      return get().canonical.signUrl(BASE, options.path ?? "/v1/og", params, {
        keyId: signer.publicId,
        signingSecret: signer.signingSecret,
        expires: options.expires,
      });
    },
    signatureFor: (...args: Parameters<Canonical["signatureFor"]>) => get().canonical.signatureFor(...args),
    /** `url` through a route handler, /v1/og's GET unless another is given. */
    call: (url: string, init: RequestInit = {}, route?: Route) => (route ?? get().og)(new Request(url, init)),
  };
}

export async function expectProblem(res: Response, status: number, code: string, param?: string) {
  const body = await problemOf(res);
  expect([res.status, body.code]).toEqual([status, code]);
  if (param) expect(body.param).toBe(param);
  return body;
}

export { rendersOf } from "@/tests/support/api";
