/**
 * /v1/openapi.json against the running code: the document the route serves is valid OpenAPI 3.1,
 * and real answers of the real pipeline (Postgres, Chromium for the screenshot, the OG renderer)
 * match what it documents: status codes, media types, headers, and bodies that validate against
 * the documented JSON schemas (D7 metadata, D1 problem+json).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking an untyped JSON document
type Obj = Record<string, any>;
const APP_URL = "http://glance.test";

let server: http.Server;
let origin: string;
let doc: Obj;
let pro: TestAccount;
let free: TestAccount;
const ajv = new Ajv2020({ strict: false, validateFormats: false });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url === "/gone" ? 410 : 200, { "content-type": "text/html" });
    res.end(
      "<!doctype html><title>fixture</title><body style='margin:0;background:#4f46e5'><h1>OpenAPI fixture</h1></body>",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

testEnvironment(() => ({
  extra: { APP_URL, ALLOW_PRIVATE_ORIGINS: origin, URL_SIGNING_SECRET: "conformance-url-signing-secret-0123456789" },
}));

beforeAll(async () => {
  const { GET } = await import("@/app/v1/openapi.json/route");
  const response = await GET(new Request(`${APP_URL}/v1/openapi.json`));
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  doc = await response.json();
  pro = await createTestAccount({ plan: "pro" });
  free = await createTestAccount({ plan: "free" });
});

afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * Checks a real response against the documented operation; returns the parsed body. Headers a
 * response documents are expected, except where their description says when they are left out:
 * ETag on JSON answers, X-Quota-* on a signed URL's public answer (D15), RateLimit-* on errors.
 */
async function conforms(
  path: "/v1/screenshot" | "/v1/og",
  response: Response,
  options: { method?: "get" | "head"; signed?: boolean } = {},
): Promise<unknown> {
  const documented = doc.paths[path][options.method ?? "get"].responses[String(response.status)];
  expect(documented, `${path} documents ${response.status}`).toBeDefined();
  const mediaType = (response.headers.get("content-type") ?? "").split(";")[0];
  const bodiless = response.status === 304 || options.method === "head";
  if (!bodiless)
    expect(documented.content[mediaType], `${path} ${response.status} documents ${mediaType}`).toBeDefined();
  for (const name of Object.keys(documented.headers ?? {})) {
    if (name === "Retry-After" || (response.status >= 400 && name.startsWith("RateLimit-"))) continue;
    if ((name === "ETag" && mediaType.includes("json")) || (options.signed && name.startsWith("X-Quota-"))) continue;
    // Sent only on a capture of a blocked page (allowBlocked=true, D23); these targets are not blocked.
    if (name === "X-Target-Blocked") continue;
    // Sent exactly when X-Capture-Complete is false, naming why (a complete capture has no reasons).
    if (name === "X-Capture-Incomplete") {
      const incomplete = response.headers.get("X-Capture-Complete") === "false";
      expect(response.headers.has(name), `${path} ${response.status} header ${name}`).toBe(incomplete);
      continue;
    }
    expect(response.headers.get(name), `${path} ${response.status} header ${name}`).not.toBeNull();
  }
  if (bodiless) {
    expect(await response.text()).toBe("");
    return undefined;
  }
  if (!mediaType.includes("json")) return undefined;
  const body = await response.json();
  const media = documented.content[mediaType];
  const ref = (media.schema.$ref as string).split("/").pop()!;
  const validate = ajv.compile(doc.components.schemas[ref]);
  expect(validate(body), `${ref}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  if (ref === "Problem") expect(Object.keys(media.examples)).toContain((body as { code: string }).code);
  return body;
}

describe("GET /v1/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document for this deployment", async () => {
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.servers).toEqual([{ url: APP_URL }]);
    const example =
      doc.paths["/v1/screenshot"].get.responses["401"].content["application/problem+json"].examples.missing_api_key;
    expect(example.value.type).toBe(`${APP_URL}/docs/errors#missing_api_key`);
  });
});

describe("real answers match the document", () => {
  it("og templates: the listing validates against OgTemplateList", async () => {
    const { GET } = await import("@/app/v1/og/templates/route");
    const body = await (await GET(new Request(`${APP_URL}/v1/og/templates`))).json();
    const validate = ajv.compile(doc.components.schemas.OgTemplateList);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    expect(doc.paths["/v1/og/templates"].get.responses["200"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/OgTemplateList",
    );
  });

  it("screenshot: image, JSON metadata and problem responses", async () => {
    const { GET } = await import("@/app/v1/screenshot/route");
    const url = encodeURIComponent(`${origin}/`);
    const image = await GET(apiRequest(`/v1/screenshot?url=${url}&width=640&height=400`, { apiKey: pro.apiKey }));
    expect(image.status).toBe(200);
    await conforms("/v1/screenshot", image);

    const json = (await conforms(
      "/v1/screenshot",
      await GET(apiRequest(`/v1/screenshot?url=${url}&width=640&height=400&response=json`, { apiKey: pro.apiKey })),
    )) as Obj;
    expect(json).toMatchObject({ width: 640, height: 400, format: "png", targetStatus: 200, title: "fixture" });

    const gone = await GET(
      apiRequest(`/v1/screenshot?url=${encodeURIComponent(`${origin}/gone`)}`, { apiKey: pro.apiKey }),
    );
    expect([gone.status, gone.headers.get("x-target-status")]).toEqual([422, "410"]);
    await conforms("/v1/screenshot", gone);

    await conforms("/v1/screenshot", await GET(apiRequest(`/v1/screenshot?url=${url}`)));
    await conforms(
      "/v1/screenshot",
      await GET(apiRequest(`/v1/screenshot?url=${url}&width=99999`, { apiKey: pro.apiKey })),
    );
    await conforms(
      "/v1/screenshot",
      await GET(apiRequest(`/v1/screenshot?url=${url}&fullpage=true`, { apiKey: pro.apiKey })),
    );
    await conforms(
      "/v1/screenshot",
      await GET(apiRequest(`/v1/screenshot?url=${url}&darkMode=true`, { apiKey: free.apiKey })),
    );
  });

  it("og: image, JSON metadata and problem responses", async () => {
    const { GET } = await import("@/app/v1/og/route");
    const image = await GET(apiRequest("/v1/og?template=default&title=OpenAPI&format=webp", { apiKey: pro.apiKey }));
    expect(image.status).toBe(200);
    await conforms("/v1/og", image);
    const json = (await conforms(
      "/v1/og",
      await GET(apiRequest("/v1/og?template=default&title=OpenAPI&response=json", { apiKey: pro.apiKey })),
    )) as Obj;
    expect(json).toMatchObject({ template: "default", width: 1200, height: 630 });

    await conforms("/v1/og", await GET(apiRequest("/v1/og?template=nope", { apiKey: pro.apiKey })));
    await conforms(
      "/v1/og",
      await GET(apiRequest("/v1/og?template=default&title=x&color=red", { apiKey: pro.apiKey })),
    );
    await conforms("/v1/og", await GET(apiRequest("/v1/og?template=default&title=x", { apiKey: free.apiKey })));
  });

  it("signed URLs (D15): a public image on both endpoints, 304 and HEAD as documented; a POST cannot reuse a signed query", async () => {
    const { signUrl } = await import("@/lib/signing/canonical");
    const sign = (path: "/v1/og" | "/v1/screenshot", params: Record<string, string>) =>
      signUrl(APP_URL, path, params, { keyId: pro.publicId, signingSecret: pro.signingSecret });
    const routes = {
      "/v1/screenshot": (await import("@/app/v1/screenshot/route")).GET,
      "/v1/og": (await import("@/app/v1/og/route")).GET,
    };
    const cases = [
      // A page can change behind its URL: public, never immutable. An OG template pins its bytes.
      [
        "/v1/screenshot",
        sign("/v1/screenshot", { url: `${origin}/`, width: "500", height: "300" }),
        /^public, max-age=\d+$/,
      ],
      [
        "/v1/og",
        sign("/v1/og", { template: "default", title: "Signed conformance" }),
        /^public, max-age=\d+, immutable$/,
      ],
    ] as const;
    for (const [path, url, cacheControl] of cases) {
      const route = routes[path];
      const image = await route(new Request(url));
      expect([path, image.status, image.headers.get("x-quota-remaining")]).toEqual([path, 200, null]);
      expect(image.headers.get("cache-control")).toMatch(cacheControl);
      expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      await conforms(path, image, { signed: true });

      const etag = image.headers.get("etag")!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const notModified = await route(new Request(url, { headers: { "If-None-Match": etag } }));
      expect([path, notModified.status, notModified.headers.get("x-cache"), notModified.headers.get("etag")]).toEqual([
        path,
        304,
        "HIT",
        etag,
      ]);
      await conforms(path, notModified, { signed: true });

      const head = await route(new Request(url, { method: "HEAD" }));
      expect([path, head.status, head.headers.get("etag"), head.headers.get("content-length")]).toEqual([
        path,
        200,
        etag,
        image.headers.get("content-length"),
      ]);
      await conforms(path, head, { method: "head", signed: true });

      const tampered = await route(new Request(url.replace("key_id=", "format=webp&key_id=")));
      expect(tampered.status).toBe(403);
      await conforms(path, tampered, { signed: true });
    }

    // The signature covers the query, not a body: POSTing a body to a signed screenshot URL is refused.
    const posted = await routes["/v1/screenshot"](
      new Request(cases[0][1], {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ html: "<h1>not what was signed</h1>" }),
      }),
    );
    const problem = (await posted.json()) as { code: string };
    expect([posted.status, problem.code]).toEqual([400, "invalid_body"]);
  });
});
