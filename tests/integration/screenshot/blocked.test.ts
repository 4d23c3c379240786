/**
 * Blocked pages named, not billed (D23, #47 point 3), on real Chromium through the real
 * /v1/screenshot and /v1/content routes: vendors' interstitials (tests/fixtures/screenshot/blocked/,
 * served with the status and headers each vendor sends) answer 422 target_blocked with their kind
 * and signals and count no render, the request log naming the code; allowBlocked=true captures them
 * with `blocked` in the metadata; the target's own error pages keep their documented answers; and
 * no ordinary page — a contact form with a captcha, the real Debian documentation — is called blocked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf, rendersOf } from "@/tests/support/api";
import { DEBIAN_PAGES, type DebianDocsServer, ensureDebianDocs, serveDebianDocs } from "@/tests/support/debian-docs";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

let docs: DebianDocsServer;
beforeAll(async () => {
  ensureDebianDocs();
  docs = await serveDebianDocs();
}, 600_000);
// Registered before the harness, so the docs' server stops after it.
afterAll(async () => docs?.close());
const h = screenshotHarness(() => ({ allowOrigins: [docs.origin] }));

/** A fixture interstitial with the status and headers its vendor answers with. */
function interstitial(file: string, status: number, headers: string[] = []): string {
  const query = new URLSearchParams({ status: String(status) });
  for (const header of headers) query.append("header", header);
  return h.fx.url(`blocked/${file}?${query}`);
}

const VENDORS: Array<[string, string, string, string[]]> = [
  // [what, url, kind, a signal it must name]
  [
    "Cloudflare managed challenge (403, cf-mitigated)",
    "cloudflare-challenge.html|403|cf-mitigated:challenge,server:cloudflare",
    "challenge",
    ["cloudflare:cf-mitigated", "cloudflare:challenge-form"],
  ],
  [
    "Cloudflare challenge markup without its header (503 from server: cloudflare)",
    "cloudflare-challenge.html|503|server:cloudflare",
    "challenge",
    ["cloudflare:server-403-503", "cloudflare:cf-chl"],
  ],
  ["PerimeterX press-and-hold (403)", "perimeterx-block.html|403", "challenge", ["perimeterx:px-captcha"]],
  [
    "DataDome captcha iframe (403, x-datadome)",
    "datadome-captcha.html|403|x-datadome:protected",
    "challenge",
    ["datadome:x-datadome-403", "datadome:captcha-delivery"],
  ],
  [
    "Imperva incident page (403, x-iinfo)",
    "imperva-block.html|403|x-iinfo:5-12345678-0 0NNN RT(1700000000000 44),x-cdn:Incapsula",
    "challenge",
    ["imperva:x-iinfo", "imperva:incapsula-iframe"],
  ],
  [
    "AWS WAF challenge action (202, x-amzn-waf-action)",
    "aws-waf-challenge.html|202|x-amzn-waf-action:challenge",
    "challenge",
    ["aws-waf:x-amzn-waf-action-challenge", "aws-waf:challenge-sdk"],
  ],
  ["Akamai Access Denied (403, server: AkamaiGHost)", "akamai-denied.html|403|server:AkamaiGHost", "challenge", []],
  [
    "a reCAPTCHA wall (200, unusual traffic)",
    "recaptcha-wall.html|200",
    "captcha",
    ["recaptcha:widget", "page:human-check-words"],
  ],
  [
    "a redirect to a sign-in form",
    "contact-with-recaptcha.html|302|location:/blocked/login.html",
    "login_wall",
    ["page:redirected-to-login"],
  ],
];

const urlOf = (spec: string) => {
  const [file, status, headers] = spec.split("|");
  return interstitial(file, Number(status), headers ? headers.split(",") : []);
};

describe("vendors' interstitials (D23)", () => {
  it.each(VENDORS)("%s: 422 target_blocked, named, nothing charged", async (_what, spec, kind, signals) => {
    const account = await h.accountOn("business");
    const response = await h.shoot({ url: urlOf(spec), response: "json" }, { account });
    const problem = await problemOf(response);
    expect(problem, JSON.stringify(problem)).toMatchObject({ status: 422, code: "target_blocked", kind, param: "url" });
    expect(problem.signals).toEqual(expect.arrayContaining(signals));
    expect(response.headers.get("x-target-blocked")).toBe(kind);
    expect(await rendersOf(account)).toBe(0);
  });

  it("the request log says why: the entry carries target_blocked", async () => {
    const account = await h.accountOn("business");
    const problem = await problemOf(await h.shoot({ url: urlOf(VENDORS[0][1]) }, { account }));
    const { getPool } = await import("@/lib/db/pool");
    let codes: string[] = [];
    for (let tries = 0; tries < 50 && codes.length === 0; tries++) {
      const { rows } = await (
        await getPool()
      ).query<{ error_code: string }>("SELECT error_code FROM usage_events WHERE user_id = $1 AND request_id = $2", [
        account.userId,
        problem.requestId,
      ]);
      codes = rows.map((row) => row.error_code);
      if (codes.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(codes).toEqual(["target_blocked"]);
  });

  it("allowBlocked=true: the challenge captured, blocked in the metadata and the header", async () => {
    const response = await h.shoot({ url: urlOf(VENDORS[0][1]), allowBlocked: true, response: "json" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-target-blocked")).toBe("challenge");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.blocked).toMatchObject({ kind: "challenge" });
    expect(body.targetStatus).toBe(403);
  });

  it("/v1/content: a challenge page is an error, not content", async () => {
    const account = await h.accountOn("business");
    const route = await import("@/app/v1/content/route");
    const { apiRequest } = await import("@/tests/support/api");
    const url = encodeURIComponent(urlOf(VENDORS[2][1]));
    const response = await route.GET(apiRequest(`/v1/content?url=${url}`, { apiKey: account.apiKey }));
    expect(await problemOf(response)).toMatchObject({ status: 422, code: "target_blocked", kind: "challenge" });
    expect(await rendersOf(account)).toBe(0);
  });
});

describe("no false positives", () => {
  it("a contact form with a reCAPTCHA on an ordinary page is captured", async () => {
    const response = await h.shoot({ url: interstitial("contact-with-recaptcha.html", 200), response: "json" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.blocked).toBeUndefined();
    expect(response.headers.get("x-target-blocked")).toBeNull();
  });

  it("a sign-in page asked for by its own address is captured", async () => {
    await expectOk(await h.shoot({ url: interstitial("login.html", 200) }));
  });

  it.each(Object.entries(DEBIAN_PAGES))("the Debian documentation page %s is captured", async (_name, pagePath) => {
    const response = await h.shoot({ url: `${docs.origin}${pagePath}`, response: "json" });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.blocked).toBeUndefined();
  });
});

describe("the target's own error pages keep their answers (D19)", () => {
  it("a 404 is still 422 target_http_error, nothing charged", async () => {
    const account = await h.accountOn("business");
    const problem = await problemOf(await h.shoot({ url: "status.html?code=404" }, { account }));
    expect(problem).toMatchObject({ status: 422, code: "target_http_error" });
    expect(await rendersOf(account)).toBe(0);
  });

  it("failOnHttpError=false captures it, named http_error in the metadata", async () => {
    const response = await h.shoot({ url: "status.html?code=404", failOnHttpError: false, response: "json" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-target-blocked")).toBe("http_error");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.blocked).toEqual({ kind: "http_error", signals: ["http:status-404"] });
  });
});
