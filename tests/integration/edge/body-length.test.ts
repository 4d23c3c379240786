/**
 * Content-Length through the production server (lib/edge, D15): Next drops it from a route
 * handler's answer, so a render answer names its length in X-Glance-Body-Length and the edge
 * restores Content-Length from it — on GET and on HEAD, which crawlers check an og:image with —
 * never for a compressed body, and never lets the internal header out. The app here writes its
 * answer the way Next's sendResponse does: headers one by one, then the body streamed, or no body
 * for HEAD.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const BODY = Buffer.alloc(70_000, 7);
let origin: string;
let close: () => Promise<void>;

testEnvironment();

beforeAll(async () => {
  const { createEdgeServer } = await import("@/lib/edge/server");
  const server = createEdgeServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.statusCode = 200;
    res.appendHeader("content-type", "image/png");
    if (url.searchParams.has("named")) res.appendHeader("x-glance-body-length", url.searchParams.get("named")!);
    if (url.searchParams.has("gzip")) res.appendHeader("content-encoding", "gzip");
    if (req.method === "HEAD") return res.end();
    // Streamed in pieces, as Next pipes a body: without Content-Length Node would send it chunked.
    res.write(BODY.subarray(0, 30_000));
    res.end(BODY.subarray(30_000));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});

afterAll(async () => {
  await close?.();
});

function get(path: string, method = "GET"): Promise<{ headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ headers: res.headers, bytes }));
      })
      .on("error", reject)
      .end();
  });
}

describe("Content-Length of render answers at the edge", () => {
  it("is restored from the length the answer names, on GET and HEAD, and the internal header stays inside", async () => {
    const named = `/v1/og?named=${BODY.length}`;
    const full = await get(named);
    expect([full.headers["content-length"], full.headers["transfer-encoding"], full.bytes]).toEqual([
      String(BODY.length),
      undefined,
      BODY.length,
    ]);
    expect(full.headers["x-glance-body-length"]).toBeUndefined();
    const head = await get(named, "HEAD");
    expect([head.headers["content-length"], head.bytes]).toEqual([String(BODY.length), 0]);
    expect(head.headers["x-glance-body-length"]).toBeUndefined();
  });

  it("is left out for a compressed body, for a length that is not a number, and for answers that name none", async () => {
    for (const path of [`/v1/og?named=${BODY.length}&gzip=1`, "/v1/og?named=lots", "/v1/og"]) {
      const answer = await get(path);
      expect([
        path,
        answer.headers["content-length"],
        answer.headers["transfer-encoding"],
        answer.headers["x-glance-body-length"],
      ]).toEqual([path, undefined, "chunked", undefined]);
    }
  });
});
