/**
 * The early check of the caller's URL: every spelling of loopback, private and metadata
 * addresses is a 400 with the right code, and the canary (which listens on all of them inside
 * the namespace) hears nothing.
 */
import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { assertPublicTarget } from "@/lib/net/target";
import { LOOPBACK_ALIASES, LOOPBACK_ALIASES_V6 } from "../support/namespace";
import { PUBLIC_IP, setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

let world: World;
let P: number;

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  setAllowedOrigins([]);
});
afterAll(() => world?.close());
beforeEach(() => world.canary.reset());

async function codeOf(url: string): Promise<string> {
  try {
    await assertPublicTarget(url);
    return "accepted";
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).param).toBe("url");
    return (err as ApiError).code;
  }
}

const privateSpellings = (p: number) => [
  `http://127.0.0.1:${p}/`,
  `http://127.1:${p}/`,
  `http://2130706433:${p}/`,
  `http://0x7f.0.0.1:${p}/`,
  `http://0x7f000001:${p}/`,
  `http://0177.0.0.1:${p}/`,
  `http://127.000.000.001:${p}/`,
  `http://[::1]:${p}/`,
  `http://[::ffff:127.0.0.1]:${p}/`,
  `http://[::ffff:7f00:1]:${p}/`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
  `http://[::127.0.0.1]:${p}/`,
  `http://127.0.0.1.:${p}/`,
  `http://localhost:${p}/`,
  `http://localhost.:${p}/`,
  `http://LOCALHOST:${p}/`,
  `http://app.localhost:${p}/`,
  `http://user@127.0.0.1:${p}/`,
  `http://evil.com@127.0.0.1:${p}/`,
  `http://user:pass@127.0.0.1:${p}/`,
  `http://①②⑦.⓪.⓪.①:${p}/`,
  `http://127。0。0。1:${p}/`,
  `http://%31%32%37.0.0.1:${p}/`,
  `HTTP://127.0.0.1:${p}/`,
  `  http://127.0.0.1:${p}/`,
  `\thttp://127.0.0.1:${p}/ `,
  `https://127.0.0.1:${p}/`,
  `http://169.254.169.254/latest/meta-data/`,
  `http://[::ffff:169.254.169.254]/`,
  `http://[fd00::1]:${p}/`,
  `http://[fd00:ec2::254]/`,
  `http://10.0.0.1:${p}/`,
  `http://172.16.0.1:${p}/`,
  `http://192.168.1.1:${p}/`,
  `http://100.64.0.1:${p}/`,
  `http://100.100.100.200/`,
  `http://0.0.0.0:${p}/`,
  `http://0:${p}/`,
  `http://[::]:${p}/`,
  `http://[64:ff9b::7f00:1]:${p}/`,
  `http://[64:ff9b::a9fe:a9fe]/`,
  `http://[2002:7f00:1::]:${p}/`,
  `http://[fe80::1]:${p}/`,
  `http://224.0.0.1/`,
  `http://255.255.255.255/`,
  `http://198.18.0.1/`,
  `http://192.0.0.192/`,
  `http://168.63.129.16/`,
  `http://metadata.google.internal/computeMetadata/v1/`,
  `http://metadata/`,
  `http://canary.test:${p}/`,
  `http://mixed.test:${p}/`,
  `http://printer.local:${p}/`,
];

describe("assertPublicTarget", () => {
  it("refuses every spelling of a non-public address with private_address, and the canary stays silent", async () => {
    const results: Record<string, string> = {};
    for (const url of privateSpellings(P)) results[url] = await codeOf(url);
    const wrong = Object.entries(results).filter(([, code]) => code !== "private_address");
    expect(wrong, JSON.stringify(wrong, null, 1)).toEqual([]);
    expect(world.canary.events).toEqual([]);
    // The names really went through the system resolver to the namespace's DNS server.
    expect(world.dns.queries.get("canary.test")).toBeGreaterThan(0);
    expect(world.dns.queries.get("mixed.test")).toBeGreaterThan(0);
  });

  it("the canary would hear a connection to any of those addresses (so its silence means something)", async () => {
    for (const host of ["127.0.0.1", "::1", "0.0.0.0", ...LOOPBACK_ALIASES, ...LOOPBACK_ALIASES_V6]) {
      await new Promise<void>((resolve, reject) => {
        const s = net.connect({ host, port: P }, () => (s.destroy(), resolve()));
        s.once("error", reject);
      });
    }
    await sleep(50);
    expect(world.canary.events.filter((e) => e.kind === "connection").length).toBe(
      3 + LOOPBACK_ALIASES.length + LOOPBACK_ALIASES_V6.length,
    );
  });

  it.each([
    "file:///etc/passwd",
    "data:text/html,<h1>x</h1>",
    "javascript:alert(1)",
    "view-source:http://example.com/",
    "chrome://settings",
    "devtools://devtools/bundled/inspector.html",
    "blob:http://example.com/uuid",
    "filesystem:http://example.com/temporary/x",
    "ftp://example.com/",
    "ws://example.com/",
    "wss://example.com/",
    "gopher://127.0.0.1:70/",
    "dict://127.0.0.1:11211/",
    "about:blank",
    "chrome-extension://abc/x.html",
    "mailto:a@b.c",
    "",
    "   ",
    "example.com",
    "//example.com/",
    "/relative",
    "http://",
    "http:// /",
    "http://exa mple.com/",
    "http://[::1/",
  ])("%j is unsupported_url", async (url) => {
    expect(await codeOf(url)).toBe("unsupported_url");
  });

  it("a name that does not resolve is target_unreachable", async () => {
    expect(await codeOf("http://no-such-host.test/")).toBe("target_unreachable");
  });

  it("a public address, literal or resolved, is accepted and pinned to what was resolved", async () => {
    await expect(assertPublicTarget(`http://${PUBLIC_IP}/`)).resolves.toEqual({ addresses: [PUBLIC_IP] });
    await expect(assertPublicTarget("https://public.test/page")).resolves.toEqual({ addresses: [PUBLIC_IP] });
    await expect(assertPublicTarget("http://[2606:4700::1111]/")).resolves.toEqual({ addresses: ["2606:4700::1111"] });
  });

  it("an allowed origin passes only with exactly the same scheme, host and port", async () => {
    setAllowedOrigins([`http://127.0.0.1:${P}`]);
    try {
      await expect(assertPublicTarget(`http://127.0.0.1:${P}/x`)).resolves.toBeDefined();
      await expect(assertPublicTarget(`http://127.1:${P}/x`)).resolves.toBeDefined(); // same origin once parsed
      expect(await codeOf(`https://127.0.0.1:${P}/`)).toBe("private_address");
      expect(await codeOf(`http://127.0.0.1:${P + 1}/`)).toBe("private_address");
      expect(await codeOf(`http://localhost:${P}/`)).toBe("private_address");
      expect(await codeOf(`http://[::1]:${P}/`)).toBe("private_address");
      expect(await codeOf(`http://127.0.0.1/`)).toBe("private_address");
    } finally {
      setAllowedOrigins([]);
    }
    expect(world.canary.events).toEqual([]);
  });
});

describe("checkRequestUrl (the page guard's per-request decision)", () => {
  it("allows inline schemes and public hosts, refuses other schemes and non-public hosts", async () => {
    const { checkRequestUrl } = await import("@/lib/net/page-guard");
    expect(await checkRequestUrl("data:image/png;base64,AAAA")).toBeUndefined();
    expect(await checkRequestUrl("blob:https://public.test/0c1d")).toBeUndefined();
    expect(await checkRequestUrl("https://public.test/a.css")).toBeUndefined();
    for (const url of [
      "file:///etc/passwd",
      "chrome://version",
      "ftp://public.test/",
      "filesystem:https://public.test/x",
      "view-source:https://public.test/",
      "::",
    ]) {
      expect(await checkRequestUrl(url), url).toBe("unsupported_url");
    }
    for (const url of [
      `http://127.0.0.1:${P}/`,
      `http://[::1]:${P}/`,
      `http://localhost:${P}/`,
      `https://canary.test:${P}/`,
      "http://169.254.169.254/",
      "http://[fd00::1]/",
    ]) {
      expect(await checkRequestUrl(url), url).toBe("private_address");
    }
    expect(await checkRequestUrl("https://no-such-host.test/")).toBe("target_unreachable");
    expect(world.canary.events).toEqual([]);
  });
});
