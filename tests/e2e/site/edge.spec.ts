/**
 * The production server's HTTP edge (scripts/server.ts + lib/edge, D17) in front of the real
 * built app: oversized and malformed requests, `__proto__`, a 17 KB customCSS by GET and /v1 in
 * another case all get the API's problem+json, never a bare status line or an HTML page. And the
 * headers every answer carries (issue 43 point 7): pages a nonce CSP that their scripts bear and
 * no framing; the API's answers, Markdown and stored files included, nosniff.
 */
import net from "node:net";
import { expect, test } from "@playwright/test";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { apiGet, createAccount, e2e, signInByEmail, sql, uniqueEmail, waitForHydration } from "../support";

let apiKey: string;

// The key is written as the dashboard writes it (hash and display form only): this spec is about
// the server's edge, the sign-in and key pages have their own.
test.beforeAll(async () => {
  const userId = await createAccount(uniqueEmail("edge"), "pro");
  apiKey = generateApiKey();
  await sql(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'edge', $3, $4)`, [
    `e2ekey${Date.now().toString(36)}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
});

/** Raw bytes on a socket (fetch would encode them), answer read until close. */
function rawGet(target: Buffer): Promise<{ status: number; head: string; body: string }> {
  const { port, hostname } = new URL(e2e.appUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("connect", () =>
      socket.write(
        Buffer.concat([
          Buffer.from("GET "),
          target,
          Buffer.from(` HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
        ]),
      ),
    );
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const at = text.indexOf("\r\n\r\n");
      resolve({ status: Number(text.split(" ")[1]), head: text.slice(0, at).toLowerCase(), body: text.slice(at + 4) });
    });
  });
}

test("__proto__ is an unknown parameter on both render endpoints (Next would drop it)", async () => {
  for (const path of [
    "/v1/screenshot?url=https://example.com/&__proto__=x",
    "/v1/og?template=default&title=Hi&__proto__=x",
  ]) {
    const response = await apiGet(path, apiKey);
    expect(response.status, path).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await response.json()).toMatchObject({ code: "unknown_parameter", param: "__proto__" });
  }
});

test("constructor and prototype are refused by name on both endpoints", async () => {
  for (const name of ["constructor", "prototype"]) {
    const shot = await apiGet(`/v1/screenshot?url=https://example.com/&${name}=x`, apiKey);
    expect(await shot.json()).toMatchObject({ status: 400, code: "unknown_parameter", param: name });
    // On /v1/og a name outside the schema is a template variable: unknown ones are D11's invalid_variable.
    const og = await apiGet(`/v1/og?template=default&title=Hi&${name}=x`, apiKey);
    expect(await og.json()).toMatchObject({ status: 400, code: "invalid_variable", param: name });
  }
});

test("a 17 KB customCSS reaches the app by GET and is rendered (not a 431)", async () => {
  const css = `body{background:#00ff00 !important}/*${"x".repeat(17_000)}*/`;
  const query = new URLSearchParams({ url: `${e2e.fixturesUrl}/index.html`, customCSS: css, response: "json" });
  expect(query.toString().length).toBeGreaterThan(17_000);
  const response = await apiGet(`/v1/screenshot?${query}`, apiKey);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ format: "png", width: 1280 });
});

test("raw bytes in the query are 400 malformed_query as problem+json with a request id", async () => {
  for (const bytes of [[0xff], [0x00], [0xc3, 0xa9]]) {
    const answer = await rawGet(
      Buffer.concat([Buffer.from("/v1/screenshot?url=https://example.com/"), Buffer.from(bytes)]),
    );
    expect(answer.status).toBe(400);
    expect(answer.head).toContain("content-type: application/problem+json");
    expect(answer.head).toMatch(/x-request-id: [0-9a-f-]{36}/);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, code: "malformed_query" });
  }
});

test("a query over the header limit is 431 request_too_large as problem+json", async () => {
  const answer = await rawGet(Buffer.from(`/v1/screenshot?url=https://example.com/&customCSS=${"a".repeat(300_000)}`));
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 431, code: "request_too_large" });
});

test("/V1/SCREENSHOT is the API's problem+json 404, naming the lower-case path", async () => {
  const response = await apiGet("/V1/SCREENSHOT?url=https://example.com/", apiKey);
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("x-request-id")).toBeTruthy();
  expect(response.headers.get("ratelimit-limit")).toBeTruthy();
  const problem = (await response.json()) as { code: string; detail: string };
  expect(problem.code).toBe("not_found");
  expect(problem.detail).toContain("/v1/screenshot");
});

/** Any method, raw target and headers on a socket; the answer read until close. */
function rawRequest(method: string, target: string, headers: string[] = [], body = "") {
  const { port, hostname } = new URL(e2e.appUrl);
  return new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", ...headers];
    socket.on("connect", () =>
      socket.write(`${lines.join("\r\n")}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`),
    );
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const at = text.indexOf("\r\n\r\n");
      const head = text.slice(0, at).toLowerCase();
      let body = text.slice(at + 4);
      // A chunked answer (the app streams its own problems): the chunks' data joined.
      if (head.includes("transfer-encoding: chunked")) body = body.replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, "");
      resolve({ status: Number(text.split(" ")[1]), head, body });
    });
  });
}

function expectProblemAnswer(answer: { status: number; head: string; body: string }, status: number, code: string) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(status);
  expect(answer.head).toContain("content-type: application/problem+json");
  expect(answer.head).toMatch(/x-request-id: [\w.:-]{8,}/);
  expect(JSON.parse(answer.body)).toMatchObject({ status, code });
}

// Issue #27, point 4: each path the probe found answering a plain-text 500.
test("a bad percent-escape in a path is 400 malformed_path as problem+json, on every kind of path", async () => {
  for (const path of [
    "/v1/jobs/%ff",
    "/v1/jobs/bulk/%ff",
    "/v1/files/%ff.png",
    "/v1/%ff",
    "/v1/screenshot/%ff",
    "/v1/og/templates/%ff",
    "/docs/%ff",
    "/api/auth/%ff",
    "/dashboard/keys/%ff",
    "/v1/jobs/%E0%A4%A",
  ]) {
    expectProblemAnswer(await rawRequest("GET", path), 400, "malformed_path");
  }
});

// Points 5 and 7: TRACE was a 500, the WebDAV methods an empty 400, GET /api/og-studio an empty 405.
test("methods the app does not implement are 405 with the path's Allow; GET /api/og-studio too", async () => {
  const allowOf = (head: string) => /\nallow: ([^\r\n]*)/.exec(head)?.[1];
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "COPY", "LOCK", "SEARCH", "QUERY", "PURGE", "LINK"]) {
    for (const [path, allow] of [
      ["/v1/screenshot", "GET, HEAD, POST, OPTIONS"],
      ["/v1/jobs", "POST, OPTIONS"],
      ["/healthz", "GET, HEAD, OPTIONS"],
      ["/docs", "GET, HEAD"],
    ]) {
      const answer = await rawRequest(method, path);
      expectProblemAnswer(answer, 405, "method_not_allowed");
      expect(allowOf(answer.head), `${method} ${path}`).toBe(allow.toLowerCase());
    }
  }
  const studio = await rawRequest("GET", "/api/og-studio");
  expectProblemAnswer(studio, 405, "method_not_allowed");
  expect(allowOf(studio.head)).toBe("post, options");
  expectProblemAnswer(await rawRequest("PUT", "/healthz"), 405, "method_not_allowed");
  expectProblemAnswer(await rawRequest("FROB", "/v1/screenshot"), 405, "method_not_allowed");
});

// Point 6: a hand-made multipart post to a dashboard page was "Invalid Server Actions request", a 500.
test("server-action garbage to a dashboard page is 400 bad_request as problem+json", async () => {
  const multipart = '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XX--\r\n';
  for (const [headers, body] of [
    [["Content-Type: multipart/form-data; boundary=XX", "Origin: http://evil.example"], multipart],
    [["Content-Type: multipart/form-data"], "x"],
    [["Content-Type: multipart/form-data; boundary=XX"], "garbage without a boundary"],
  ] as const) {
    expectProblemAnswer(await rawRequest("POST", "/dashboard/brand", [...headers], body), 400, "bad_request");
    // An /api path that is no route gets the not-found page, and Next decodes the post for it too
    // (found by fuzz-raw.spec.ts: a 500 there).
    expectProblemAnswer(await rawRequest("POST", "/api/og-studioindex.html", [...headers], body), 400, "bad_request");
  }
});

/** The CSP's script nonce, after checking the headers every page carries (issue 43 point 7). */
function expectPageSecurity(headers: Headers | Record<string, string>, what: string): string {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? "";
  const csp = get("content-security-policy");
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic'(?:;|$)/.exec(csp)?.[1];
  expect(nonce, `${what}: ${csp}`).toBeTruthy();
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(get("x-frame-options"), what).toBe("DENY");
  expect(get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(get("permissions-policy"), what).toContain("camera=()");
  expect(get("x-content-type-options"), what).toBe("nosniff");
  return nonce!;
}

test("every page sends a fresh nonce CSP, no framing, and each of its scripts carries the nonce", async () => {
  for (const path of ["/", "/pricing", "/docs/screenshot", "/signin", "/oauth/authorize?client_id=unknown"]) {
    const [first, second] = [await fetch(`${e2e.appUrl}${path}`), await fetch(`${e2e.appUrl}${path}`)];
    expect(first.headers.get("content-type"), path).toContain("text/html");
    const nonce = expectPageSecurity(first.headers, path);
    expect(expectPageSecurity(second.headers, path), `${path}: a new nonce per request`).not.toBe(nonce);
    const scripts = [...(await first.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test("pages run under their CSP: the docs playground and the dashboard hydrate, nothing is refused, nothing frames them", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (m) => void (/Content Security Policy/i.test(m.text()) && refused.push(m.text())));
  const docs = await page.goto("/docs/screenshot");
  expectPageSecurity(docs!.headers(), "/docs/screenshot");
  await waitForHydration(page, "[data-testid=playground-api-key]");

  await signInByEmail(page, uniqueEmail("csp"));
  const dashboard = await page.goto("/dashboard/keys");
  expectPageSecurity(dashboard!.headers(), "/dashboard/keys");
  await waitForHydration(page, "input[name=name]");
  expect(refused).toEqual([]);

  // Framed by another origin (the fixture server's): the dashboard, sign-in and consent pages stay
  // out of the frame; an API answer, which sends no frame-ancestors, shows (the check can see content).
  const framed = async (path: string) => {
    await page.goto(`${e2e.fixturesUrl}/`);
    await page.setContent(`<iframe src="${e2e.appUrl}${path}"></iframe>`, { waitUntil: "load" });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    return (await frame?.evaluate(() => document.body?.innerText ?? "").catch(() => "")) ?? "";
  };
  expect(await framed("/v1/openapi.json")).toContain("openapi");
  for (const path of ["/dashboard", "/signin", "/oauth/authorize?client_id=unknown"])
    expect(await framed(path), path).not.toContain("Glance");
});

test("every API answer is nosniff: problems, Markdown, JSON and stored files", async () => {
  const url = `${e2e.appUrl}/v1/content?url=${encodeURIComponent(`${e2e.fixturesUrl}/`)}`;
  const markdown = await fetch(url, { headers: { "X-API-Key": apiKey, Accept: "text/markdown" } });
  expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  const json = await fetch(`${url}&formats=markdown,screenshot`, { headers: { "X-API-Key": apiKey } });
  const file = await fetch(((await json.json()) as { screenshot: { url: string } }).screenshot.url);
  expect(file.headers.get("content-type")).toBe("image/png");
  const problem = await apiGet("/v1/screenshot");
  expect(problem.status).toBe(401);
  for (const [what, answer] of Object.entries({ markdown, json, file, problem }))
    expect(answer.headers.get("x-content-type-options"), what).toBe("nosniff");
});
