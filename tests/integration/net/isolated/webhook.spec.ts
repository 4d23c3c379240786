/**
 * Webhook URLs under the capture URL's policy (D20, D9): when saved (assertWebhookUrl) every
 * spelling of the canary, the metadata service and names that resolve to them are 400s; when sent
 * (safePost) the same are refused with the canary silent, a DNS-rebinding name never reaches
 * loopback, a receiver at a public address gets the POST, and its redirect towards the canary is
 * not followed.
 */
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { SafeFetchError } from "@/lib/net/fetch";
import { safePost } from "@/lib/net/post";
import { assertWebhookUrl } from "@/lib/webhooks/url";
import { CANARY_HOSTS } from "../support/fixture-site";
import { setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

let world: World;
let P: number;
let receiver: http.Server;
let R: number;
const received: string[] = [];
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(`${req.method} ${req.headers.host} ${req.url} ${Buffer.concat(chunks).toString()}`);
      if (req.url === "/redirect") {
        res.writeHead(307, { location: `http://127.0.0.1:${P}/stolen` });
        return res.end();
      }
      res.writeHead(204);
      res.end();
    });
  });
  receiver.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  // Every address of the namespace, so the stand-in public address (www.public.test) reaches it.
  await new Promise<void>((resolve) => receiver.listen(0, "::", resolve));
  R = (receiver.address() as net.AddressInfo).port;
  setAllowedOrigins([]);
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await world?.close();
});

beforeEach(() => {
  world.canary.reset();
  received.length = 0;
});

async function saveVerdict(url: string): Promise<string> {
  try {
    await assertWebhookUrl(url);
    return "accepted";
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

async function sendVerdict(url: string): Promise<string> {
  try {
    return `answered ${(await safePost(url, { body: '{"type":"job.succeeded"}', headers: { "content-type": "application/json" }, timeoutMs: 3_000 })).status}`;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
}

describe("a webhook URL when saved", () => {
  it("refuses every spelling of the canary, the metadata service and names resolving to private addresses", async () => {
    const wrong: string[] = [];
    const urls = [
      ...CANARY_HOSTS.filter((h) => h !== "rebind.test").map((h) => `http://${h}:${P}/hook`),
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "https://mixed.test/hook",
      "http://192.168.1.1/hook",
      "http://[fd00::1]/hook",
    ];
    for (const url of urls) {
      const verdict = await saveVerdict(url);
      if (verdict !== "private_address") wrong.push(`${url} → ${verdict}`);
    }
    expect(wrong).toEqual([]);
    expect(await saveVerdict("https://no-such-host.test/hook")).toBe("target_unreachable");
    expect(await saveVerdict("https://public.test/hook")).toBe("accepted");
    expect(world.canary.events).toEqual([]);
  });
});

describe("a webhook when sent", () => {
  it("refuses the canary's spellings and the metadata service; nothing reaches them", async () => {
    const wrong: string[] = [];
    for (const host of CANARY_HOSTS.filter((h) => h !== "rebind.test")) {
      const verdict = await sendVerdict(`http://${host}:${P}/hook`);
      if (verdict !== "private_address") wrong.push(`${host} → ${verdict}`);
    }
    expect(wrong).toEqual([]);
    expect(await sendVerdict(`http://metadata.google.internal:${P}/computeMetadata/v1/`)).toBe("private_address");
    expect(await sendVerdict(`http://169.254.169.254:${P}/latest/meta-data/`)).toBe("private_address");
    expect(world.canary.events).toEqual([]);
  });

  it("pins the checked address: a rebinding name never reaches loopback", async () => {
    // rebind.test answers a public address and loopback in turn (TTL 0): whichever answer a
    // delivery gets, it never connects to loopback.
    for (let i = 0; i < 6; i++) {
      expect(["private_address", "target_unreachable", "timeout"]).toContain(
        await sendVerdict(`http://rebind.test:${P}/hook`),
      );
    }
    await sleep(50);
    expect(world.canary.events).toEqual([]);
  });

  it("posts to a receiver at a public address, and does not follow its redirect to the canary", async () => {
    expect(await sendVerdict(`http://www.public.test:${R}/hook`)).toBe("answered 204");
    expect(received).toEqual([`POST www.public.test:${R} /hook {"type":"job.succeeded"}`]);
    expect(await sendVerdict(`http://www.public.test:${R}/redirect`)).toBe("answered 307");
    await sleep(50);
    expect(world.canary.events).toEqual([]);
  });
});
