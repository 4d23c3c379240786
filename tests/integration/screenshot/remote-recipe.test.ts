/**
 * The README's "Remote Chromium fleets" steps 1–3 for a Chromium the operator starts (issue 13,
 * F1 and F4), on loopback: a plain Chromium started with the README's hardening flags, one
 * `EXCLUDE` per instance's guard host (here another instance's first, ours second), reached at its
 * DevTools HTTP address by an instance whose guard is token-protected and named by NET_GUARD_URL.
 * It renders and /readyz says so; the guard's 407 handshakes are not logged while a real refusal
 * is; and a `ws://…/devtools/browser/<id>` endpoint finds its Chromium again after a restart.
 * A Chromium started without the WebRTC policy flag is refused: a page in a render's context there
 * sends STUN over UDP to the host's loopback, which no proxy sees.
 */
import dgram from "node:dgram";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumHardeningFlags, contextBoundary } from "@/lib/net/chromium";
import { freePort, type RemoteBrowser, startPlainChromium } from "@/tests/support/remote-browsers";
import { problemOf } from "@/tests/support/api";
import { decode, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const AGENT = "GlanceRecipeChromium/1.0";
const GUARD_TOKEN = "recipe-guard-token";
/** Where another instance's guard would be: listed first, so ours is not the only EXCLUDE. */
const OTHER_GUARD_HOST = "127.0.0.2";

let chromium: RemoteBrowser;
let chromiumPort: number;
let guardPort: number;
const logged: string[] = [];
const originalStderr = process.stderr.write.bind(process.stderr);

/** README step 3, for a browser shared by two instances (guards on 127.0.0.2 and 127.0.0.1). */
function operatorFlags(): string[] {
  return chromiumHardeningFlags("127.0.0.1").map((flag) =>
    flag.startsWith("--host-resolver-rules=")
      ? `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${OTHER_GUARD_HOST} , EXCLUDE 127.0.0.1`
      : flag,
  );
}

const startChromium = () => startPlainChromium(chromiumPort, [`--user-agent=${AGENT}`, ...operatorFlags()]);

async function browserId(): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${chromiumPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  return version.webSocketDebuggerUrl;
}

/** One request sent to the guard as a browser would send it (absolute form), with or without the token. */
function throughGuard(target: string, withToken: boolean): Promise<number> {
  const auth = withToken
    ? { "proxy-authorization": `Basic ${Buffer.from(`glance:${GUARD_TOKEN}`).toString("base64")}` }
    : {};
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: guardPort, path: target, headers: { host: new URL(target).host, ...auth } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function refusalsLogged(): Array<{ reason?: string; host?: string }> {
  return logged
    .flatMap((chunk) => chunk.split("\n"))
    .filter((line) => line.includes('"net.guard.refused"'))
    .map((line) => JSON.parse(line) as { reason?: string; host?: string });
}

beforeAll(async () => {
  chromiumPort = await freePort();
  guardPort = await freePort();
  chromium = await startChromium();
}, 120_000);
// Registered before the harness, so the browser stops after it, as before.
afterAll(async () => chromium?.stop());
const h = screenshotHarness(() => ({
  env: {
    extra: {
      BROWSER_WS_ENDPOINT: `http://127.0.0.1:${chromiumPort}`,
      NET_GUARD_HOST: "127.0.0.1",
      NET_GUARD_PORT: String(guardPort),
      NET_GUARD_URL: `http://127.0.0.1:${guardPort}`,
      NET_GUARD_TOKEN: GUARD_TOKEN,
      LOG_LEVEL: "warn", // refusals are warnings: they must reach the log for the test to see them
    },
  },
}));
beforeAll(() => {
  process.stderr.write = ((chunk: unknown) => (logged.push(String(chunk)), true)) as typeof process.stderr.write;
});
afterAll(async () => {
  process.stderr.write = originalStderr;
});

describe("a Chromium the operator starts, as the README says", () => {
  it("renders at its DevTools HTTP address through this instance's token-protected guard, and /readyz says so", async () => {
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html?recipe=1", width: 400, height: 300, timeout: 30_000 })),
    );
    expect([image.width, image.height]).toEqual([400, 300]);
    expect(h.fx.hits.filter((hit) => hit.url.includes("recipe=1")).map((hit) => hit.userAgent)).toEqual([AGENT]);
    const { checkReadiness } = await import("@/lib/readiness");
    expect((await checkReadiness()).checks.browser).toBe("ok");
  });

  it("logs a guard refusal but not the 407 that starts every handshake", async () => {
    logged.splice(0);
    await expectOk(await h.shoot({ url: "basic.html?recipe=2", timeout: 30_000 })); // the pages' handshakes
    expect(await throughGuard(h.fx.url("basic.html?recipe=3"), false)).toBe(407);
    expect(await throughGuard(`http://${OTHER_GUARD_HOST}:9/`, true)).toBe(403);
    expect(refusalsLogged()).toEqual([expect.objectContaining({ reason: "private_address", host: OTHER_GUARD_HOST })]);
    expect(h.fx.hits.some((hit) => hit.url.includes("recipe=3"))).toBe(false);
  });

  it("finds a ws://…/devtools/browser/<id> endpoint's Chromium again after it restarts under a new id", async () => {
    const before = await browserId();
    await h.restartBrowsers({ BROWSER_WS_ENDPOINT: before });
    await expectOk(await h.shoot({ url: "basic.html?recipe=4", timeout: 30_000 }));

    await chromium.stop();
    chromium = await startChromium();
    expect(await browserId()).not.toBe(before);
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html?recipe=5", width: 200, height: 100, timeout: 30_000 })),
    );
    expect([image.width, image.height]).toEqual([200, 100]);
    expect(h.fx.hits.filter((hit) => hit.url.includes("recipe=5")).map((hit) => hit.userAgent)).toEqual([AGENT]);
  });

  it("refuses a Chromium started without the WebRTC policy: 502, /readyz unavailable, the log names the flag", async () => {
    const bare = await startPlainChromium(await freePort(), [`--user-agent=${AGENT}`], { bare: true });
    const stun = dgram.createSocket("udp4");
    try {
      await h.restartBrowsers({ BROWSER_WS_ENDPOINT: bare.endpoint });
      logged.splice(0);
      const problem = await problemOf(await h.shoot({ url: "basic.html?recipe=6", timeout: 30_000 }));
      expect(problem).toMatchObject({ status: 502, code: "renderer_unavailable" });
      expect(h.fx.hits.some((hit) => hit.url.includes("recipe=6"))).toBe(false);
      expect(logged.join("")).toContain("--webrtc-ip-handling-policy=disable_non_proxied_udp");
      const { checkReadiness } = await import("@/lib/readiness");
      expect((await checkReadiness()).checks.browser).toBe("unavailable");

      // Control: why. A page in a context set up as a render's sends STUN to the host's loopback.
      let datagrams = 0;
      stun.on("message", () => datagrams++);
      await new Promise<void>((resolve) => stun.bind(0, "127.0.0.1", resolve));
      const puppeteer = (await import("puppeteer-core")).default;
      const browser = await puppeteer.connect({ browserURL: bare.endpoint });
      try {
        const context = await browser.createBrowserContext(await contextBoundary());
        const page = await context.newPage();
        await page.evaluate(`(async () => {
          const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${stun.address().port}" }] });
          pc.createDataChannel("x");
          await pc.setLocalDescription(await pc.createOffer());
        })()`);
        while (datagrams === 0) await new Promise((r) => setTimeout(r, 50));
        await context.close();
      } finally {
        await browser.disconnect();
      }
      expect(datagrams).toBeGreaterThan(0);
    } finally {
      stun.close();
      await bare.stop();
    }
  });
});
