import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ApiError, ERROR_CODES, problemBody, type ErrorCode } from "@/lib/vocabulary/errors";
import { describeParams } from "@/lib/api/params";
import { OG_TEMPLATES } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { PAGES_ONLY } from "@/lib/api/openapi/responses";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { OG_ERROR_CODES } from "@/lib/og/openapi";
import { SCREENSHOT_ERROR_CODES } from "@/lib/screenshot/openapi";
import { screenshotParams } from "@/lib/screenshot/params";
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS } from "@/lib/webhooks/events";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking an untyped JSON document
type Obj = Record<string, any>;
const APP_URL = "https://glance.example";
const doc = () => buildOpenApiDocument(APP_URL) as Obj;
const operation = (path: string) => doc().paths[path].get as Obj;

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const api = (await SwaggerParser.validate(structuredClone(doc()) as never)) as Obj;
    expect(api.openapi).toBe("3.1.0");
    expect(api.servers).toEqual([{ url: APP_URL }]);
  });

  it("is checked by a validator that does reject a broken document", async () => {
    const broken = structuredClone(doc());
    delete broken.paths["/v1/screenshot"].get.parameters[0].in;
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it("describes every webhook event Glance sends: the signature headers and a body around the job or batch schema", async () => {
    const api = (await SwaggerParser.dereference(structuredClone(doc()) as never)) as Obj;
    expect(Object.keys(api.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    for (const [type, item] of Object.entries(api.webhooks as Obj)) {
      const post = item.post as Obj;
      expect(post.parameters.map((p: Obj) => [p.in, p.name, p.required])).toEqual(
        Object.keys(WEBHOOK_HEADERS).map((name) => ["header", name, true]),
      );
      const body = post.requestBody.content["application/json"].schema;
      expect(body.properties.type.const).toBe(type);
      expect(body.required).toEqual(["type", "timestamp", "data"]);
      expect(Object.keys(post.responses)).toEqual(["2XX"]);
    }
    expect(
      api.webhooks["job.succeeded"].post.requestBody.content["application/json"].schema.properties.data.properties
        .statusUrl,
    ).toBeDefined();
    expect(
      api.webhooks["batch.completed"].post.requestBody.content["application/json"].schema.properties.data.properties
        .jobs,
    ).toBeDefined();
  });

  it("declares both API key schemes and requires one of them, or a signed URL on the render GETs (D15)", () => {
    const d = doc();
    expect(d.components.securitySchemes).toEqual({
      ApiKeyHeader: expect.objectContaining({ type: "apiKey", in: "header", name: "X-API-Key" }),
      ApiKeyQuery: expect.objectContaining({ type: "apiKey", in: "query", name: "api_key" }),
      SignedUrl: expect.objectContaining({ type: "apiKey", in: "query", name: "signature" }),
    });
    expect(d.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    for (const path of ["/v1/og", "/v1/screenshot", "/v1/animate"]) {
      for (const method of ["get", "head"]) {
        expect([path, method, d.paths[path][method].security]).toEqual([
          path,
          method,
          [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }, { SignedUrl: [] }],
        ]);
      }
    }
    // Signed URLs are GET only: a POST's body is not signed (D19).
    expect(d.paths["/v1/screenshot"].post.security).toBeUndefined();
    expect(d.paths["/v1/animate"].post.security).toBeUndefined();
    expect(operation("/v1/og/templates").security).toEqual([]);
    expect(operation("/v1/files/{file}").security).toEqual([]);
  });

  it.each([
    ["/v1/screenshot", screenshotParams],
    ["/v1/og", ogParams],
  ] as const)("%s lists every schema parameter with its type, range, default and plan", (path, schema) => {
    const parameters = operation(path).parameters as Obj[];
    const fields = describeParams(schema);
    for (const field of fields) {
      const p = parameters.find((x) => x.name === field.name);
      expect(p, field.name).toBeDefined();
      expect(p!.in).toBe("query");
      expect(p!.required).toBe(Boolean(field.required));
      expect(p!.schema.default).toEqual(field.default);
      if (field.kind === "integer" || field.kind === "number") {
        expect(p!.schema).toMatchObject({ type: field.kind, minimum: field.min, maximum: field.max });
      }
      if (field.kind === "enum") expect(p!.schema.enum).toEqual(field.values);
      expect(p!["x-plan"]).toBe(field.plan);
      if (field.plan) expect(p!.description).toMatch(/plan or higher/);
    }
    // Nothing invented: every query parameter but OG's variables object comes from the schema.
    const names = parameters.filter((p) => p.name !== "variables").map((p) => p.name);
    expect(names).toEqual(fields.map((f) => f.name));
  });

  it("lists the signed-URL parameters on both render GETs, never in a POST body (D15)", () => {
    for (const path of ["/v1/og", "/v1/screenshot"]) {
      const parameters = operation(path).parameters as Obj[];
      for (const name of ["key_id", "expires", "signature"]) {
        const p = parameters.find((x) => x.name === name);
        expect([path, name, p?.in, p?.required]).toEqual([path, name, "query", false]);
      }
    }
    const body = doc().paths["/v1/screenshot"].post.requestBody.content["application/json"].schema as Obj;
    for (const name of ["key_id", "expires", "signature", "api_key"])
      expect(body.properties[name], name).toBeUndefined();
  });

  it("describes the crawler and CDN answers of the render endpoints: ETag, Cache-Control, 304 and HEAD without bodies (D15)", () => {
    const d = doc();
    for (const path of ["/v1/og", "/v1/screenshot"]) {
      const get = d.paths[path].get as Obj;
      expect(Object.keys(get.responses["200"].headers)).toEqual(expect.arrayContaining(["ETag", "Cache-Control"]));
      expect(get.responses["304"].content).toBeUndefined();
      expect(Object.keys(get.responses["304"].headers)).toEqual(expect.arrayContaining(["ETag", "Cache-Control"]));
      const head = d.paths[path].head as Obj;
      expect(head.parameters).toEqual(get.parameters);
      expect(Object.keys(head.responses)).toEqual(Object.keys(get.responses));
      for (const [status, response] of Object.entries(head.responses as Obj)) {
        expect([path, status, response.content]).toEqual([path, status, undefined]);
        expect(response.headers).toEqual(get.responses[status].headers);
      }
    }
    expect(d.components.headers.CacheControl.description).toMatch(/public, max-age=.*immutable/);
  });

  it("describes every OG template variable as an exploded query object", () => {
    const variables = (operation("/v1/og").parameters as Obj[]).find((p) => p.name === "variables")!;
    expect(variables).toMatchObject({ in: "query", style: "form", explode: true });
    const all = new Set(OG_TEMPLATES.flatMap((t) => t.variables.map((v) => v.name)));
    expect(new Set(Object.keys(variables.schema.properties))).toEqual(all);
    expect(variables.schema.properties.avatar.format).toBe("uri");
  });

  it("documents every error code, as problem+json, under its status", () => {
    const documented = new Set<string>();
    const operations = [
      ...["/v1/screenshot", "/v1/og", "/v1/animate", "/v1/files/{file}", "/v1/jobs/{id}", "/v1/diff"].map(operation),
      doc().paths["/v1/jobs"].post as Obj,
      doc().paths["/v1/monitors"].post as Obj,
    ];
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses as Obj)) {
        if (Number(status) < 400) continue;
        const media = response.content["application/problem+json"];
        expect(media.schema).toEqual({ $ref: "#/components/schemas/Problem" });
        for (const [code, example] of Object.entries(media.examples as Obj)) {
          expect(ERROR_CODES[code as ErrorCode].status).toBe(Number(status));
          expect(example.value.type).toMatch(new RegExp(`/docs/errors#${code}$`));
          documented.add(code);
        }
      }
    }
    // A job's own outcome, never an HTTP answer: named where the Job's error is described (D20).
    const jobError = (doc().components.schemas.Job as Obj).properties.error.description as string;
    for (const code of ["storage_upload_failed", "api_key_revoked", "oauth_grant_revoked"]) {
      expect(jobError).toContain(code);
      documented.add(code);
    }
    // Answered to pages and forms, never under /v1: the errors page lists it (D1).
    for (const code of PAGES_ONLY) documented.add(code);
    expect([...documented].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(SCREENSHOT_ERROR_CODES).toContain("private_address");
    expect(OG_ERROR_CODES).toContain("template_not_found");
    expect(operation("/v1/screenshot").responses["429"].headers["Retry-After"]).toBeDefined();
  });

  it("returns every format and the D7 JSON shapes on 200, with the cache and rate headers", () => {
    const shot = operation("/v1/screenshot").responses["200"];
    expect(Object.keys(shot.content)).toEqual([
      "image/png",
      "image/jpeg",
      "image/webp",
      "application/pdf",
      "application/json",
    ]);
    for (const h of [
      "X-Cache",
      "X-Render-Time",
      "X-Image-Size",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-Request-Id",
    ]) {
      expect(shot.headers[h], h).toBeDefined();
    }
    // A POST capture (D19) answers the same formats and headers as a GET one.
    const posted = (doc().paths["/v1/screenshot"] as { post: { responses: Record<string, typeof shot> } }).post
      .responses["200"];
    expect(Object.keys(posted.content)).toEqual(Object.keys(shot.content));
    expect(Object.keys(posted.headers).sort()).toEqual(Object.keys(shot.headers).sort());
    expect(shot.headers["X-Target-Status"]).toBeDefined();
    const { schemas } = doc().components;
    // url or, for a page given as html (D19), htmlSha256: neither is required; what every capture says is.
    expect(schemas.ScreenshotMetadata.required).toEqual([
      "imageUrl",
      "width",
      "height",
      "format",
      "size",
      "cachedAt",
      "expiresAt",
      "renderTime",
      "finalUrl",
      "targetStatus",
      "title",
      "metaTags",
      "timings",
      "completeness",
    ]);
    expect(schemas.OgMetadata.required).toContain("template");
  });

  it("has component schemas that are valid JSON Schema 2020-12 and accept real problem bodies", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const { schemas } = doc().components;
    for (const [name, schema] of Object.entries(schemas as Obj)) {
      expect(() => ajv.compile(schema), name).not.toThrow();
    }
    const validateProblem = ajv.compile(schemas.Problem);
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const body = problemBody(new ApiError(code, "detail", { param: "width" }), "req_1");
      expect(validateProblem(body), `${code}: ${ajv.errorsText(validateProblem.errors)}`).toBe(true);
    }
    expect(validateProblem({ type: "x", title: "t", status: 400, detail: "d", code: "nope" })).toBe(false);
  });
});
