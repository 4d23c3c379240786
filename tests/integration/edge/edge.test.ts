/**
 * The HTTP edge (lib/edge, D17) on a real Node server and raw sockets: what Node's parser refuses
 * is answered as problem+json with a request id, the header limit fits the documented parameter
 * limits, slow header senders are cut at the documented time, and `__proto__` (which Next would
 * drop from the query) is an unknown parameter.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

let port: number;
let close: () => Promise<void>;
const seen: string[] = [];

testEnvironment();

beforeAll(async () => {
  const { createEdgeServer } = await import("@/lib/edge/server");
  const server = createEdgeServer((req, res) => {
    seen.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" }).end(`app saw ${req.url?.length} bytes`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});
afterAll(async () => {
  await close?.();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Sends `head` as is (bytes HTTP forbids included) and reads the answer until the server closes. */
function raw(head: Buffer | string, options: { drip?: boolean; port?: number } = {}): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(options.port ?? port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let drip: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      if (!options.drip) return void socket.write(head);
      // A slowloris client: one header byte a second, never finishing.
      socket.write("GET /v1/screenshot HTTP/1.1\r\nHost: x\r\n");
      drip = setInterval(() => socket.writable && socket.write("X"), 1_000);
    });
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(drip);
      const text = Buffer.concat(chunks).toString("utf8");
      const [headText, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = headText.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: rest.join("\r\n\r\n"),
        ms: Date.now() - started,
      });
    });
  });
}

const request = (target: Buffer | string) =>
  Buffer.concat([
    Buffer.from("GET "),
    Buffer.from(target),
    Buffer.from(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
  ]);

function expectProblem(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/problem+json");
  expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const problem = JSON.parse(answer.body) as Record<string, unknown>;
  expect(problem).toMatchObject({ status, code, requestId: answer.headers["x-request-id"] });
  expect(String(problem.type)).toContain(`/docs/errors#${code}`);
  return problem;
}

describe("the HTTP edge (D17)", () => {
  it("passes a 17 KB query, and every screenshot parameter at its documented limit, to the app", async () => {
    const css = encodeURIComponent("a{color:red}".repeat(1_500)); // 18,000 characters
    const small = await raw(request(`/v1/screenshot?url=https://e.com&customCSS=${css}`));
    expect(small.status).toBe(200);
    // The documented maxima, all percent-encoded (3 bytes per character): about 190 KB.
    const worst = (n: number) => "%41".repeat(n);
    const all = `/v1/screenshot?url=https://e.com/${worst(2_000)}&customCSS=${worst(20_000)}&customJS=${worst(20_000)}&headerTemplate=${worst(10_000)}&footerTemplate=${worst(10_000)}&userAgent=${worst(512)}`;
    expect(all.length).toBeGreaterThan(180_000);
    const big = await raw(request(all));
    expect(big.status).toBe(200);
    expect(seen.at(-1)?.length).toBe(all.length);
  });

  it("a URL over the limit is 431 request_too_large, not a bare status line", async () => {
    expectProblem(
      await raw(request(`/v1/screenshot?url=https://e.com&customCSS=${"a".repeat(300_000)}`)),
      431,
      "request_too_large",
    );
  });

  it.each([
    ["0xFF", Buffer.from([0xff])],
    ["NUL", Buffer.from([0x00])],
    ["an unencoded é", Buffer.from("é", "utf8")],
  ])("raw %s in the query is 400 malformed_query", async (_what, bytes) => {
    const problem = expectProblem(
      await raw(request(Buffer.concat([Buffer.from("/v1/screenshot?url=https://e.com/"), bytes]))),
      400,
      "malformed_query",
    );
    expect(String(problem.detail)).toContain("Percent-encode");
  });

  it.each(["__proto__", "%5F%5Fproto%5F%5F", "__pro%74o__"])(
    "%s as a query name on /v1 is 400 unknown_parameter",
    async (name) => {
      const answer = await raw(request(`/v1/og?template=default&title=Hi&${name}=x`));
      expect(expectProblem(answer, 400, "unknown_parameter").param).toBe("__proto__");
    },
  );

  it("cuts a client that never finishes its headers at the documented 10 s, with a 408 problem", async () => {
    const { EDGE_LIMITS } = await import("@/lib/edge/limits");
    const answer = await raw("", { drip: true });
    expectProblem(answer, 408, "request_timeout");
    expect(answer.ms).toBeGreaterThanOrEqual(EDGE_LIMITS.headersTimeoutMs - 100);
    expect(answer.ms).toBeLessThan(EDGE_LIMITS.headersTimeoutMs + EDGE_LIMITS.timeoutCheckIntervalMs + 5_000); // slack for a loaded machine
  }, 30_000);
});

/**
 * The answers Next gives outside our routes, played by a stand-in app that answers exactly as
 * Next 16 was measured to (issue #27): an empty 405 without Allow for a method a route does not
 * export, OPTIONS with the route's Allow, a plain-text 500 for a server-action post it cannot
 * decode, TRACE thrown. The edge turns each into problem+json; the real app is in
 * tests/e2e/site/edge.spec.ts.
 */
describe("the app's answers at the edge (D1, D17)", () => {
  let appPort: number;
  let closeApp: () => Promise<void>;
  const methodsSeen: string[] = [];

  beforeAll(async () => {
    const { createEdgeServer } = await import("@/lib/edge/server");
    const server = createEdgeServer((req, res) => {
      methodsSeen.push(`${req.method} ${req.url}`);
      const path = (req.url ?? "/").split("?")[0];
      if (req.method === "TRACE") throw new Error("'TRACE' HTTP method is unsupported"); // never reached
      if (req.method === "OPTIONS" && path === "/route")
        return res.writeHead(204, { Allow: "GET, HEAD, OPTIONS" }).end();
      if (req.method === "OPTIONS" && path === "/page") {
        res.statusCode = 400; // Next, OPTIONS on a dynamic page
        return res.end();
      }
      if (path === "/route" && req.method !== "GET") return res.writeHead(405).end(); // Next's auto 405
      if (path === "/page" && req.method === "POST") {
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("Internal Server Error");
      }
      if (path === "/stream") {
        res.statusCode = 404;
        res.setHeader("content-type", "text/html");
        res.write("<p>not ");
        return res.end("found</p>");
      }
      if (path === "/head") return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    appPort = (server.address() as AddressInfo).port;
    closeApp = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  });
  afterAll(async () => {
    await closeApp?.();
  });

  const send = (head: string) => raw(head, { port: appPort });
  const line = (method: string, target: string, headers = "") =>
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;

  it.each([
    "/v1/jobs/%ff",
    "/v1/jobs/bulk/%ff",
    "/v1/files/%ff.png",
    "/docs/%ff",
    "/dashboard/keys/%ff",
    "/v1/jobs/%E0%A4%A",
    "/docs/100%",
  ])("%s is 400 malformed_path, before the app", async (target) => {
    const before = methodsSeen.length;
    expectProblem(await send(line("GET", target)), 400, "malformed_path");
    expect(methodsSeen.length).toBe(before);
  });

  it.each(["TRACE", "PROPFIND", "MKCOL", "COPY", "LOCK", "SEARCH", "QUERY", "PURGE", "LINK"])(
    "%s is 405 method_not_allowed with the path's Allow (asked of the app as OPTIONS)",
    async (method) => {
      const route = await send(line(method, "/route"));
      expectProblem(route, 405, "method_not_allowed");
      expect(route.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(methodsSeen.at(-1)).toBe("OPTIONS /route"); // the app never saw the method itself
      const page = await send(line(method, "/page"));
      expectProblem(page, 405, "method_not_allowed");
      expect(page.headers.allow).toBe("GET, HEAD");
    },
  );

  it("a method Node does not know (or in lower case) is a 405 naming every method; CONNECT is a 405", async () => {
    for (const method of ["FROBNICATE", "get"]) {
      const unknown = await send(line(method, "/route"));
      expectProblem(unknown, 405, "method_not_allowed");
      expect(unknown.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
    const connect = await send(line("CONNECT", "127.0.0.1:22"));
    expectProblem(connect, 405, "method_not_allowed");
    expect(connect.headers.allow).toContain("GET");
  });

  it("an empty error answer of the app becomes problem+json with its status and headers", async () => {
    const answer = await send(line("PUT", "/route"));
    expectProblem(answer, 405, "method_not_allowed");
    expectProblem(await send(line("OPTIONS", "/page")), 400, "bad_request");
  });

  it("a 500 for a server-action post to a page is 400 bad_request; the API and bodies are left alone", async () => {
    const multipart = line("POST", "/page", "Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 0\r\n");
    expectProblem(await send(multipart), 400, "bad_request");
    const action = line("POST", "/page", "Next-Action: 7f00\r\nContent-Type: text/plain\r\nContent-Length: 0\r\n");
    expectProblem(await send(action), 400, "bad_request");
    const streamed = await send(line("GET", "/stream"));
    expect(streamed.status).toBe(404);
    expect(streamed.body).toMatch(/<p>not [\s\S]*found<\/p>/); // chunked, as the app wrote it
    const head = await send(line("HEAD", "/head"));
    expect(head.status).toBe(404);
    expect(head.body).toBe("");
  });
});

/** X-Forwarded-For is believed only from TRUSTED_PROXIES (D17): the edge in front of the real keyless
 * API answer (lib/api/fallback.ts), its per-address window in RateLimit-Remaining; the test is 127.0.0.1. */
describe("the client address behind trusted proxies (D17)", () => {
  const servers: http.Server[] = [];
  afterAll(() => servers.forEach((server) => (server.closeAllConnections(), server.close())));

  async function edgeInFrontOfTheApi(trusted: string[]): Promise<(forwardedFor?: string) => Promise<number>> {
    const { createEdgeServer } = await import("@/lib/edge/server");
    const { notFound } = await import("@/lib/api/fallback");
    const server = createEdgeServer(
      async (req, res) => {
        const headers = new Headers(
          Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
        );
        const answer = await notFound(new Request(`http://127.0.0.1${req.url}`, { headers }));
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
      },
      undefined,
      trusted,
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return async (xff) => {
      const res = await fetch(`${origin}/v1/none`, { headers: xff ? { "X-Forwarded-For": xff } : {} });
      expect(res.status).toBe(404);
      return Number(res.headers.get("ratelimit-remaining"));
    };
  }

  it("from a peer that is no trusted proxy, a made-up X-Forwarded-For gets no fresh window", async () => {
    const remaining = await edgeInFrontOfTheApi([]);
    const first = await remaining("198.51.100.1");
    expect(await remaining("198.51.100.2")).toBe(first - 1);
    expect(await remaining("198.51.100.3, 198.51.100.4")).toBe(first - 2);
    expect(await remaining()).toBe(first - 3); // the peer's own window all along
  });

  it("from a trusted proxy, the address it appended is the client; what the client wrote before it is not", async () => {
    const remaining = await edgeInFrontOfTheApi(["10.0.0.0/8", "127.0.0.1"]);
    const fresh = await remaining("198.51.100.21");
    expect(await remaining("198.51.100.22")).toBe(fresh); // another client behind the proxy: its own window
    expect(await remaining("198.51.100.21")).toBe(fresh - 1);
    // A client prepending addresses stays itself: only the proxy's own entry counts.
    expect(await remaining("198.51.100.77, 198.51.100.21")).toBe(fresh - 2);
    // Two proxies: the inner one (10.1.2.3, trusted) appended the outer one's client.
    expect(await remaining("198.51.100.21, 10.1.2.3")).toBe(fresh - 3);
  });
});
