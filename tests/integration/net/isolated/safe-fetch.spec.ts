/**
 * Server-side fetches (OG image_url) under the same policy: every spelling of the canary, every
 * redirect towards it and a rebinding name are refused with the canary silent; a real HTTPS image
 * server on an allowed origin is fetched with TLS verified against the pinned address; caps on
 * size, time, redirects and content type hold; and the OG loader turns refusals into 400s naming
 * the variable.
 */
import { readFileSync } from "node:fs";
import https from "node:https";
import type net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { safeFetch, SafeFetchError } from "@/lib/net/fetch";
import { loadImage } from "@/lib/og/images";
import { TLS_DIR_ENV } from "../support/certs";
import { CANARY_HOSTS } from "../support/fixture-site";
import { setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

// 1×1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let world: World;
let P: number;
let server: https.Server;
let T: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  const dir = process.env[TLS_DIR_ENV];
  if (!dir) throw new Error(`${TLS_DIR_ENV} is not set (run through isolated.test.ts)`);
  server = https.createServer(
    { key: readFileSync(path.join(dir, "server.key")), cert: readFileSync(path.join(dir, "server.pem")) },
    (req, res) => {
      const url = new URL(req.url ?? "/", "https://img.test");
      switch (url.pathname) {
        case "/a.png":
          res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
          return res.end(PNG);
        case "/host":
          res.writeHead(200, { "content-type": "image/png" });
          return res.end(`${req.headers.host}|${(req.socket as { servername?: string }).servername ?? ""}`);
        case "/big-declared":
          res.writeHead(200, { "content-type": "image/png", "content-length": 2_000_000 });
          return res.end(Buffer.alloc(2_000_000));
        case "/big-chunked":
          res.writeHead(200, { "content-type": "image/png" });
          for (let i = 0; i < 40; i++) res.write(Buffer.alloc(50_000));
          return res.end();
        case "/slow":
          return; // never answers
        case "/html":
          res.writeHead(200, { "content-type": "text/html" });
          return res.end("<html></html>");
        case "/redirect":
          res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
          return res.end();
        case "/loop":
          res.writeHead(302, { location: "/loop" });
          return res.end();
        default:
          res.writeHead(404);
          return res.end();
      }
    },
  );
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  T = (server.address() as net.AddressInfo).port;
  setAllowedOrigins([`https://img.test:${T}`]);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function reasonOf(url: string, options: Parameters<typeof safeFetch>[1] = {}): Promise<string> {
  try {
    await safeFetch(url, { timeoutMs: 3_000, ...options });
    return "fetched";
  } catch (err) {
    if (err instanceof SafeFetchError) return err.reason;
    throw err;
  }
}

describe("safeFetch", () => {
  it("refuses every spelling of the canary, over http and https", async () => {
    const wrong: string[] = [];
    for (const host of CANARY_HOSTS.filter((h) => h !== "rebind.test")) {
      for (const scheme of ["http", "https"]) {
        const reason = await reasonOf(`${scheme}://${host}:${P}/a.png`);
        if (reason !== "private_address") wrong.push(`${scheme}://${host} → ${reason}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await reasonOf("https://metadata.google.internal/computeMetadata/v1/")).toBe("private_address");
    expect(await reasonOf("https://mixed.test/")).toBe("private_address");
    expect(world.canary.events).toEqual([]);
  });

  it("accepts only https for image_url, and no credentials in the URL", async () => {
    for (const url of [
      `http://public.test/a.png`,
      "ftp://public.test/a.png",
      "file:///etc/passwd",
      "data:image/png;base64,AAAA",
      "javascript:1",
      "not a url",
      `https://user:pw@img.test:${T}/a.png`,
    ]) {
      expect(await reasonOf(url, { httpsOnly: true }), url).toBe("unsupported_url");
    }
  });

  it("fetches from an allowed HTTPS origin with TLS verified for the name, not the pinned address", async () => {
    const result = await safeFetch(`https://img.test:${T}/a.png`, { accept: ["image/"], httpsOnly: true });
    expect(result.contentType).toBe("image/png");
    expect(result.bytes.equals(PNG)).toBe(true);
    const host = await safeFetch(`https://img.test:${T}/host`);
    expect(host.bytes.toString()).toBe(`img.test:${T}|img.test`);
    // Same server, same address, but a name its certificate does not cover and an origin that is not allowed.
    expect(await reasonOf(`https://127.0.0.1:${T}/a.png`)).toBe("private_address");
  });

  it("re-checks every redirect hop", async () => {
    for (const to of [
      `https://127.0.0.1:${P}/x`,
      `https://canary.test:${P}/x`,
      `https://[::1]:${P}/x`,
      `https://169.254.169.254:${P}/x`,
      `http://127.0.0.1:${P}/x`,
    ]) {
      const reason = await reasonOf(`https://img.test:${T}/redirect?to=${encodeURIComponent(to)}`, { httpsOnly: true });
      expect(["private_address", "unsupported_url"], to).toContain(reason);
    }
    expect(await reasonOf(`https://img.test:${T}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`)).toBe(
      "unsupported_url",
    );
    expect(await reasonOf(`https://img.test:${T}/loop`, { maxRedirects: 3 })).toBe("too_many_redirects");
    expect(world.canary.events).toEqual([]);
  });

  it("pins the checked address: a rebinding name never reaches loopback", async () => {
    for (let i = 0; i < 6; i++) {
      expect(["private_address", "target_unreachable"]).toContain(await reasonOf(`https://rebind.test:${P}/a.png`));
      expect(["private_address", "target_unreachable"]).toContain(
        await reasonOf(`https://img.test:${T}/redirect?to=${encodeURIComponent(`https://rebind.test:${P}/a.png`)}`),
      );
    }
    await sleep(50);
    expect(world.canary.events).toEqual([]);
  });

  it("enforces the byte cap, the timeout, the content type and the status", async () => {
    expect(await reasonOf(`https://img.test:${T}/big-declared`, { maxBytes: 1_000_000 })).toBe("too_large");
    expect(await reasonOf(`https://img.test:${T}/big-chunked`, { maxBytes: 1_000_000 })).toBe("too_large");
    const started = Date.now();
    expect(await reasonOf(`https://img.test:${T}/slow`, { timeoutMs: 500 })).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000); // ended by the 500-ms timeout; slack for a loaded machine
    expect(await reasonOf(`https://img.test:${T}/html`, { accept: ["image/"] })).toBe("unexpected_content_type");
    expect(await reasonOf(`https://img.test:${T}/missing`)).toBe("http_status");
    expect(await reasonOf("https://no-such-host.test/a.png")).toBe("target_unreachable");
  });
});

describe("OG image_url variables", () => {
  it("a private target is a 400 invalid_variable naming the variable, and the canary stays silent", async () => {
    for (const url of [
      `https://127.0.0.1:${P}/a.png`,
      `https://canary.test:${P}/a.png`,
      `https://169.254.169.254/latest/`,
      `https://img.test:${T}/redirect?to=${encodeURIComponent(`https://localhost:${P}/`)}`,
    ]) {
      const error = await loadImage("avatar", url).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("invalid_variable");
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).param).toBe("avatar");
    }
    expect(world.canary.events).toEqual([]);
  });

  it("an image from an allowed origin loads", async () => {
    await expect(loadImage("avatar", `https://img.test:${T}/a.png`)).resolves.toMatch(/^data:image\/png;base64,/);
  });
});
