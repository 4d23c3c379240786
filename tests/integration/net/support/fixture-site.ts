/**
 * The "public site": an origin the tests put on ALLOW_PRIVATE_ORIGINS (it really listens on
 * loopback) whose pages try to reach the canary every way a page can. Each attack page reports
 * back to its own origin (/beacon/<kind>) and sets `window.__done`, so a silent canary is known to
 * follow an attack that actually ran. The site records every request it gets.
 */
import http from "node:http";
import type net from "node:net";

/** Spellings of the canary's host a page can use; all of them reach the canary inside the namespace. */
export const CANARY_HOSTS = [
  "127.0.0.1",
  "127.1",
  "2130706433",
  "0x7f000001",
  "127.0.0.1.",
  "localhost",
  "LOCALHOST",
  "app.localhost",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "0.0.0.0",
  "10.0.0.1",
  "169.254.169.254",
  "[fd00::1]",
  "canary.test",
  "rebind.test",
];

export const ATTACK_KINDS = [
  "img",
  "css",
  "font",
  "iframe",
  "fetch",
  "xhr",
  "eventsource",
  "websocket",
  "preconnect",
  "popup",
  "serviceworker",
  "subresource-redirect",
  "webrtc",
] as const;
const NAVIGATION_KINDS = ["redirect", "meta", "script-nav", "form"] as const;

export interface FixtureSite {
  port: number;
  origin: string;
  requests: string[];
  beacons: Map<string, string>;
  close(): Promise<void>;
}

const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function page(kind: string, body: string, script: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${kind}</title></head><body>${body}
<script>
const settle = (p, ms = 1500) => Promise.race([p, new Promise((r) => setTimeout(r, ms))]);
const done = (detail) => fetch('/beacon/${kind}?d=' + encodeURIComponent(detail || '')).finally(() => { window.__done = true; });
${script}
</script></body></html>`;
}

function attackPage(kind: string, canaryPort: number): string {
  const bases = CANARY_HOSTS.map((h) => `http://${h}:${canaryPort}`);
  const B = js(bases);
  const hosts = js(CANARY_HOSTS.map((h) => `${h}:${canaryPort}`));
  switch (kind) {
    case "img":
      return page(
        kind,
        bases.map((b) => `<img src="${b}/img.png">`).join(""),
        `Promise.all([...document.images].map((i) => settle(new Promise((r) => { i.onload = i.onerror = r; if (i.complete) r(); })))).then(() => done(String(document.images.length)));`,
      );
    case "css":
      return page(
        kind,
        `<style>@import url("${bases[0]}/import.css"); div.bg { width: 10px; height: 10px; background-image: url("${bases[1]}/bg.png"); }</style><div class="bg"></div>` +
          bases.map((b) => `<link rel="stylesheet" href="${b}/style.css">`).join(""),
        `Promise.all([...document.querySelectorAll('link')].map((l) => settle(new Promise((r) => { l.onload = l.onerror = r; })))).then(() => setTimeout(() => done(), 300));`,
      );
    case "font":
      return page(
        kind,
        `<style>${bases.map((b, k) => `@font-face { font-family: f${k}; src: url("${b}/font.woff2"); }`).join("\n")}</style>` +
          bases.map((_, k) => `<p style="font-family: f${k}">text ${k}</p>`).join(""),
        `settle(Promise.allSettled(${js(bases.map((_, k) => `16px f${k}`))}.map((f) => document.fonts.load(f)))).then(() => done());`,
      );
    case "iframe":
      return page(
        kind,
        bases.map((b) => `<iframe src="${b}/frame.html"></iframe>`).join(""),
        `Promise.all([...document.querySelectorAll('iframe')].map((f) => settle(new Promise((r) => { f.onload = r; })))).then(() => done());`,
      );
    case "fetch":
      return page(
        kind,
        "",
        `settle(Promise.allSettled(${B}.flatMap((b) => [fetch(b + '/fetch'), fetch(b + '/no-cors', { mode: 'no-cors' }), fetch(b + '/post', { method: 'POST', body: 'x', mode: 'no-cors' })]))).then(() => { ${B}.forEach((b) => navigator.sendBeacon(b + '/beacon', 'x')); setTimeout(() => done(), 500); });`,
      );
    case "xhr":
      return page(
        kind,
        "",
        `settle(Promise.all(${B}.map((b) => new Promise((r) => { const x = new XMLHttpRequest(); x.open('GET', b + '/xhr'); x.onloadend = r; x.send(); })))).then(() => done());`,
      );
    case "eventsource":
      return page(
        kind,
        "",
        `settle(Promise.all(${B}.map((b) => new Promise((r) => { const e = new EventSource(b + '/es'); e.onerror = () => { e.close(); r(); }; e.onopen = () => { e.close(); r(); }; })))).then(() => done());`,
      );
    case "websocket":
      return page(
        kind,
        "",
        `settle(Promise.all(${hosts}.flatMap((h) => ['ws://', 'wss://'].map((s) => new Promise((r) => { try { const w = new WebSocket(s + h + '/ws'); w.onerror = w.onclose = w.onopen = () => { w.close(); r(); }; } catch { r(); } }))))).then(() => done());`,
      );
    case "preconnect":
      return page(
        kind,
        bases
          .map(
            (b) =>
              `<link rel="preconnect" href="${b}"><link rel="dns-prefetch" href="${b}"><link rel="prefetch" href="${b}/prefetch"><link rel="preload" as="image" href="${b}/preload.png">`,
          )
          .join("") +
          `<script type="speculationrules">${js({ prerender: [{ source: "list", urls: bases.map((b) => `${b}/prerender`) }], prefetch: [{ source: "list", urls: bases.map((b) => `${b}/spec-prefetch`) }] })}</script>`,
        `setTimeout(() => done(), 1500);`,
      );
    case "popup":
      return page(
        kind,
        "",
        `const opened = ${B}.map((b) => window.open(b + '/popup', '_blank')); opened.push(window.open('/popup-page', '_blank')); setTimeout(() => done(String(opened.filter(Boolean).length)), 1500);`,
      );
    case "serviceworker":
      return page(
        kind,
        "",
        `(navigator.serviceWorker ? navigator.serviceWorker.register('/sw.js').then(() => settle(navigator.serviceWorker.ready, 1500)).then(() => settle(fetch('/through-sw'), 1500)).then(() => 'registered', (e) => 'refused:' + e.name) : Promise.resolve('unavailable')).then((r) => setTimeout(() => done(r), 800));`,
      );
    case "webrtc": {
      // STUN goes over UDP straight from Chromium (no proxy can carry it); TURN over TCP would
      // go through the proxy. webrtc.test is a name only Chromium itself could resolve.
      const ice = [
        ...CANARY_HOSTS.filter((h) => !h.includes("rebind")).map((h) => ({ urls: `stun:${h}:${canaryPort}` })),
        { urls: `stun:webrtc.test:${canaryPort}` },
        { urls: `turn:127.0.0.1:${canaryPort}?transport=tcp`, username: "u", credential: "p" },
        { urls: `turn:webrtc.test:${canaryPort}?transport=udp`, username: "u", credential: "p" },
      ];
      return page(
        kind,
        "",
        `(async () => { try { const pc = new RTCPeerConnection({ iceServers: ${js(ice)} }); pc.createDataChannel('x'); await pc.setLocalDescription(await pc.createOffer()); await settle(new Promise((r) => { pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); }), 2500); pc.close(); return 'gathered'; } catch (e) { return 'error:' + e.name; } })().then((r) => done(r));`,
      );
    }
    case "subresource-redirect":
      return page(
        kind,
        bases.map((b) => `<img src="/r?to=${encodeURIComponent(`${b}/redirected.png`)}">`).join(""),
        `Promise.all([...document.images].map((i) => settle(new Promise((r) => { i.onload = i.onerror = r; })))).then(() => done());`,
      );
    default:
      throw new Error(`unknown attack ${kind}`);
  }
}

function navigationPage(
  kind: string,
  to: string,
  n: number,
): { status: number; headers: Record<string, string>; body: string } {
  const html = (body: string, script = "") => ({
    status: 200,
    headers: { "content-type": "text/html" },
    body: page(kind, body, script),
  });
  switch (kind) {
    case "redirect":
      return {
        status: 302,
        headers: { location: n > 0 ? `/attack/redirect?n=${n - 1}&to=${encodeURIComponent(to)}` : to },
        body: "",
      };
    case "meta":
      return html(`<meta http-equiv="refresh" content="0;url=${to}">`, "setTimeout(() => done(), 1200);");
    case "script-nav":
      return html("", `done(); setTimeout(() => { location.href = ${js(to)}; }, 50);`);
    case "form":
      return html(
        `<form method="post" action="${to}"><input name="a" value="b"></form>`,
        `done(); setTimeout(() => document.forms[0].submit(), 50);`,
      );
    default:
      throw new Error(`unknown navigation ${kind}`);
  }
}

export async function startFixtureSite(canaryPort: number): Promise<FixtureSite> {
  const requests: string[] = [];
  const beacons = new Map<string, string>();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    requests.push(url.pathname);
    const send = (status: number, headers: Record<string, string>, body = "") => {
      res.writeHead(status, { "cache-control": "no-store", ...headers });
      res.end(body);
    };
    const kind = url.pathname.replace(/^\/attack\//, "");
    if (url.pathname.startsWith("/beacon/")) {
      beacons.set(url.pathname.slice("/beacon/".length), url.searchParams.get("d") ?? "");
      return send(204, {});
    }
    if ((NAVIGATION_KINDS as readonly string[]).includes(kind)) {
      const r = navigationPage(kind, url.searchParams.get("to") ?? "/", Number(url.searchParams.get("n") ?? 0));
      return send(r.status, r.headers, r.body);
    }
    if ((ATTACK_KINDS as readonly string[]).includes(kind))
      return send(200, { "content-type": "text/html" }, attackPage(kind, canaryPort));
    if (url.pathname === "/r") return send(302, { location: url.searchParams.get("to") ?? "/" });
    if (url.pathname === "/popup-page") {
      return send(
        200,
        { "content-type": "text/html" },
        `<script>fetch("http://127.0.0.1:${canaryPort}/from-popup");</script>`,
      );
    }
    if (url.pathname === "/sw.js") {
      const bases = CANARY_HOSTS.map((h) => `http://${h}:${canaryPort}`);
      return send(
        200,
        { "content-type": "text/javascript" },
        `self.addEventListener('install', (e) => { e.waitUntil(Promise.allSettled(${js(bases)}.map((b) => fetch(b + '/sw-install')))); self.skipWaiting(); });
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => new URL(e.request.url).pathname === '/through-sw' && e.respondWith(fetch(${js(bases[0])} + '/sw-fetch').catch(() => new Response('sw'))));`,
      );
    }
    if (url.pathname === "/ws-probe") {
      // Opens a WebSocket to each of ?to= (comma-separated ws:// URLs), waits up to ?wait= ms for
      // each, and reports which opened.
      const targets = (url.searchParams.get("to") ?? "").split(",").filter(Boolean);
      const wait = Math.min(Number(url.searchParams.get("wait") ?? 4000) || 4000, 30_000);
      return send(
        200,
        { "content-type": "text/html" },
        page(
          "ws-probe",
          "",
          `Promise.all(${js(targets)}.map((t) => settle(new Promise((r) => { try { const w = new WebSocket(t); w.onopen = () => { w.close(); r(t); }; w.onerror = () => r(''); } catch { r(''); } }), ${wait}))).then((opened) => done(opened.filter(Boolean).join(' ')));`,
        ),
      );
    }
    if (url.pathname === "/echo") return send(200, { "content-type": "application/json" }, JSON.stringify(req.headers));
    if (url.pathname === "/hello") return send(200, { "content-type": "text/plain" }, "hello from the fixture");
    return send(404, { "content-type": "text/plain" }, "not found");
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  server.on("upgrade", (req, socket) => {
    requests.push(`upgrade ${req.url}`);
    socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    beacons,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
