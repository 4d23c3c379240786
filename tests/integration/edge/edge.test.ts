/**
 * The HTTP edge (lib/edge, D17) on a real Node server and raw sockets: what Node's parser refuses
 * is answered as problem+json with a request id, the header limit fits the documented parameter
 * limits, slow header senders are cut at the documented time, and `__proto__` (which Next would
 * drop from the query) is an unknown parameter.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestEnv, type TestEnv } from "@/tests/support/env";

let port: number;
let close: () => Promise<void>;
let testEnv: TestEnv;
const seen: string[] = [];

beforeAll(async () => {
  testEnv = await useTestEnv();
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
  await testEnv?.cleanup();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Sends `head` as is (bytes HTTP forbids included) and reads the answer until the server closes. */
function raw(head: Buffer | string, options: { drip?: boolean } = {}): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
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
