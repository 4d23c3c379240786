/**
 * The MCP server at /mcp (D25) with the official SDK's Client and Streamable HTTP transport over
 * real HTTP, on real Chromium, PostgreSQL and the fixture pages: the tool list and its schemas
 * (from the endpoints' own), every tool, bad input and refused calls as tool errors carrying the
 * problem's code, authentication, the plan gate, the quota counted once per render, the request
 * log, a private target, and two clients at once.
 */
import sharp from "sharp";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "@/tests/support/api";
import { answerOf, imageOf, mcpHarness, postMcp, problemOfTool, texts } from "./harness";

const h = mcpHarness();
let business: TestAccount;
let client: Client;

beforeAll(async () => {
  business = await h.account("business");
  client = await h.connect(business.apiKey);
}, 60_000);

const call = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

async function settle() {
  const { settleBackgroundWork } = await import("@/lib/api/request");
  const { flushUsage } = await import("@/lib/usage/record");
  await settleBackgroundWork();
  await flushUsage();
}

describe("tools/list", () => {
  it("lists every tool with a description and an input schema made from the endpoint's own schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "screenshot",
      "page_markdown",
      "page_metadata",
      "og_image",
      "og_templates",
      "start_job",
      "get_job",
      "map_site",
      "crawl_site",
      "get_crawl",
      // The browsing tools (D43).
      ..."browser_open browser_navigate browser_snapshot browser_click browser_type".split(" "),
      ..."browser_press browser_scroll browser_screenshot browser_save_profile browser_close".split(" "),
    ]);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe("object");
    }
    const { describeParams } = await import("@/lib/api/params");
    const { screenshotParams } = await import("@/lib/screenshot/params");
    const screenshot = tools.find((t) => t.name === "screenshot")!;
    const properties = screenshot.inputSchema.properties as Record<string, Record<string, unknown>>;
    const width = describeParams(screenshotParams).find((f) => f.name === "width")!;
    expect(properties.width).toMatchObject({ type: "integer", minimum: width.min, maximum: width.max, default: 1280 });
    expect(properties.width.description).toContain(width.description);
    // Structured fields in their JSON form only; the credential and the answer's form are not arguments.
    expect(properties.clip).toMatchObject({ type: "array", items: { type: "number" } });
    expect(properties.headers).toMatchObject({ type: "object" });
    expect(properties.api_key).toBeUndefined();
    expect(properties.response).toBeUndefined();
    expect(properties.signature).toBeUndefined();
    const og = tools.find((t) => t.name === "og_image")!;
    expect(og.inputSchema.required).toEqual(["template"]);
    expect(Object.keys(og.inputSchema.properties!)).toContain("variables");
    const markdown = tools.find((t) => t.name === "page_markdown")!;
    expect(Object.keys(markdown.inputSchema.properties!)).not.toContain("formats");
    expect(tools.find((t) => t.name === "start_job")!.inputSchema.required).toEqual(["endpoint", "params"]);
  });
});

describe("render tools", () => {
  it("screenshot returns the image at the asked size and the stored file's URL, and counts one render", async () => {
    const before = await h.renders(business.userId);
    const args = { url: h.fx.url("basic.html"), width: 640, height: 400 };
    const result = await call(client, "screenshot", args);
    expect(result.isError).toBeFalsy();
    const image = imageOf(result);
    expect(image.mimeType).toBe("image/png");
    const meta = await sharp(image.data).metadata();
    expect([meta.width, meta.height]).toEqual([640, 400]);
    const answer = answerOf(result);
    expect(answer).toMatchObject({ width: 640, height: 400, format: "png", cachedAt: null });
    expect(answer.imageUrl).toMatch(new RegExp(`^${h.app.origin}/v1/files/[0-9a-f]{64}\\.png$`));
    expect(await h.renders(business.userId)).toBe(before + 1);

    // The same call again is the cache's: the same file, no render counted.
    const again = answerOf(await call(client, "screenshot", args));
    expect(again.imageUrl).toBe(answer.imageUrl);
    expect(again.cachedAt).toEqual(expect.any(Number));
    expect(await h.renders(business.userId)).toBe(before + 1);
  });

  it("a PDF comes back as a resource link to the stored file", async () => {
    const result = await call(client, "screenshot", { url: h.fx.url("basic.html"), format: "pdf" });
    expect(result.isError).toBeFalsy();
    const link = result.content.find((c) => c.type === "resource_link");
    expect(link).toMatchObject({ type: "resource_link", mimeType: "application/pdf" });
    expect(link && link.type === "resource_link" && link.uri).toBe(answerOf(result).imageUrl);
    expect(result.content.some((c) => c.type === "image")).toBe(false);
  });

  it("page_markdown returns the article's Markdown, page_metadata its metadata", async () => {
    const markdown = await call(client, "page_markdown", { url: h.fx.url("content-article.html") });
    expect(markdown.isError).toBeFalsy();
    expect(texts(markdown)[0]).toMatch(/^# Field notes on tide pools\n/);
    expect(JSON.parse(texts(markdown)[1])).toMatchObject({ title: "Field notes on tide pools | Shoreline Journal" });

    const metadata = answerOf(await call(client, "page_metadata", { url: h.fx.url("meta.html") }));
    expect(metadata.metadata).toMatchObject({ title: "Meta fixture", openGraph: { title: "The OG title" } });
    expect(metadata.markdown).toBeUndefined();
  });

  it("og_templates lists the templates og_image renders", async () => {
    const listing = answerOf(await call(client, "og_templates"));
    const names = (listing.templates as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain("default");
    expect(listing.accountTemplates).toEqual([]);

    const result = await call(client, "og_image", {
      template: "default",
      variables: { title: "Hello from MCP" },
      format: "jpg",
    });
    expect(result.isError).toBeFalsy();
    const image = imageOf(result);
    expect(image.mimeType).toBe("image/jpeg");
    const meta = await sharp(image.data).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(answerOf(result).imageUrl).toMatch(/\/v1\/files\/[0-9a-f]{64}\.jpg$/);
  });

  it("start_job then get_job: the job completes with its image", async () => {
    const started = answerOf(
      await call(client, "start_job", {
        endpoint: "screenshot",
        params: { url: h.fx.url("basic.html"), width: 320, height: 200 },
      }),
    );
    expect(started).toMatchObject({ status: "queued", endpoint: "screenshot" });
    let result: CallToolResult | undefined;
    for (let i = 0; i < 100; i++) {
      result = await call(client, "get_job", { id: started.id });
      if (["succeeded", "failed"].includes(String(answerOf(result).status))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(answerOf(result!)).toMatchObject({ id: started.id, status: "succeeded" });
    const meta = await sharp(imageOf(result!).data).metadata();
    expect([meta.width, meta.height]).toEqual([320, 200]);
  });
});

describe("refused calls are tool errors with the problem's code", () => {
  it("bad input names its parameter", async () => {
    const wide = problemOfTool(await call(client, "screenshot", { url: h.fx.url("basic.html"), width: 99999 }));
    expect(wide).toMatchObject({ status: 400, code: "parameter_out_of_range", param: "width" });
    expect(wide.detail).toBe("width must be between 1 and 3840.");
    const unknown = problemOfTool(await call(client, "screenshot", { url: h.fx.url("basic.html"), fullpage: true }));
    expect(unknown).toMatchObject({ code: "unknown_parameter", param: "fullpage" });
    expect(problemOfTool(await call(client, "get_job", { id: "nope" }))).toMatchObject({ code: "invalid_parameter" });
    expect(problemOfTool(await call(client, "get_job", { id: `job_${"a".repeat(24)}` }))).toMatchObject({
      status: 404,
      code: "job_not_found",
    });
    const text = texts(await call(client, "og_image", { template: "no-such-template" }))[0];
    expect(text).toMatch(/^template_not_found: /);
  });

  it("a private target is refused, and nothing is rendered or counted", async () => {
    const before = await h.renders(business.userId);
    for (const url of ["http://127.0.0.1:9/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/"]) {
      const problem = problemOfTool(await call(client, "page_markdown", { url }));
      expect(problem, url).toMatchObject({ status: 400, code: "private_address", param: "url" });
    }
    expect(await h.renders(business.userId)).toBe(before);
  });

  it("a Free key: og_image and a Starter+ parameter are plan_upgrade_required; a screenshot works", async () => {
    const free = await h.account("free");
    const freeClient = await h.connect(free.apiKey, { header: "x-api-key" });
    const og = { template: "default", variables: { title: "Hello" } };
    expect(problemOfTool(await call(freeClient, "og_image", og))).toMatchObject({
      status: 403,
      code: "plan_upgrade_required",
    });
    expect(
      problemOfTool(await call(freeClient, "screenshot", { url: h.fx.url("basic.html"), blockTrackers: true })),
    ).toMatchObject({ status: 403, code: "plan_upgrade_required", param: "blockTrackers" });
    const ok = await call(freeClient, "screenshot", { url: h.fx.url("basic.html"), width: 200, height: 100 });
    expect(ok.isError).toBeFalsy();
    expect(await h.renders(free.userId)).toBe(1);
  });
});

describe("request log", () => {
  it("each tool call is a row of the request log under its endpoint and key, refused ones with their code", async () => {
    const account = await h.account("pro");
    const own = await h.connect(account.apiKey);
    await call(own, "page_metadata", { url: h.fx.url("meta.html") });
    await call(own, "screenshot", { url: h.fx.url("basic.html"), width: 0 });
    await settle();
    const { listRequestLog } = await import("@/lib/usage/request-log");
    const { entries } = await listRequestLog(account.userId);
    // Marked as an MCP agent's calls with the key, not requests sent with the key itself (#51).
    expect(entries.map((e) => [e.endpoint, e.status, e.errorCode, e.keyName, e.via])).toEqual([
      ["screenshot", 400, "parameter_out_of_range", "test key", "mcp"],
      ["content", 200, null, "test key", "mcp"],
    ]);
    expect(entries[1].targetHost).toBe(new URL(h.fx.origin).host);
  });
});

describe("authentication", () => {
  async function post(headers: Record<string, string>) {
    return fetch(h.mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
  }

  it("no key, a malformed key and an unknown key are 401 problems that say how to authenticate", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "missing_api_key"],
      [{ authorization: "Bearer nope" }, "invalid_api_key_format"],
      [{ authorization: `Bearer sk_live_${"x".repeat(32)}` }, "invalid_api_key"],
      [{ "x-api-key": `sk_live_${"y".repeat(32)}` }, "invalid_api_key"],
    ];
    for (const [headers, code] of cases) {
      const response = await post(headers);
      expect(response.status, code).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(response.headers.get("ratelimit-limit")).toBeTruthy();
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    await expect(h.connect(`sk_live_${"z".repeat(32)}`)).rejects.toThrow(/401|invalid/i);
  });

  it("a key revoked while a client is connected is refused at its next call", async () => {
    const account = await h.account("business");
    const own = await h.connect(account.apiKey);
    expect((await own.listTools()).tools.length).toBeGreaterThan(0);
    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(account.userId, account.apiKeyId)).toBe(true);
    await expect(call(own, "og_templates")).rejects.toThrow(/401/);
  });

  it("GET and DELETE are 405: the server is stateless", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(h.mcpUrl, { method, headers: { authorization: `Bearer ${business.apiKey}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });
});

describe("two clients at once", () => {
  it("each gets its own answers, concurrently", async () => {
    const other = await h.account("business");
    const second = await h.connect(other.apiKey);
    const [a, b] = await Promise.all([
      call(client, "screenshot", { url: h.fx.url("basic.html"), width: 500, height: 300 }),
      call(second, "screenshot", { url: h.fx.url("basic.html"), width: 300, height: 500 }),
    ]);
    expect([(await sharp(imageOf(a).data).metadata()).width, (await sharp(imageOf(b).data).metadata()).width]).toEqual([
      500, 300,
    ]);
    expect(await h.renders(other.userId)).toBe(1);
  });
});

describe("a JSON-RPC batch", () => {
  it("counts each of its calls against the address's window and each tool call against the account's", async () => {
    const free = await h.account("free"); // 10 requests a minute
    // Both windows turn over at the minute: start early in one, so the batch is counted in one.
    let single = await postMcp(h, free.apiKey, { jsonrpc: "2.0", id: 0, method: "tools/list" });
    const reset = Number(single.headers.get("ratelimit-reset"));
    if (reset < 15) await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
    if (reset < 15) single = await postMcp(h, free.apiKey, { jsonrpc: "2.0", id: 0, method: "tools/list" });
    const call = { jsonrpc: "2.0", method: "tools/call", params: { name: "og_templates", arguments: {} } };
    const answer = await postMcp(
      h,
      free.apiKey,
      Array.from({ length: 12 }, (_, i) => ({ ...call, id: i + 1 })),
    );
    const remaining = Number(single.headers.get("ratelimit-remaining"));
    expect(Number(answer.headers.get("ratelimit-remaining"))).toBe(remaining - 12);
    const results = (await answer.json()) as Array<{ result: CallToolResult }>;
    // The Free plan's 10 a minute: two of the twelve are refused, as twelve requests would be.
    const refused = results.filter((r) => r.result.isError).map((r) => problemOfTool(r.result).code);
    expect([results.length, ...refused]).toEqual([12, "rate_limited", "rate_limited"]);
  }, 90_000);
});
