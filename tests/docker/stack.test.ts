/**
 * The container image and the compose topology as an operator runs them (#33 point 1, D29):
 * the Dockerfile's images built here (stand-in base images where no registry is reachable), and
 * compose.yaml up — HAProxy, two app replicas, PostgreSQL, Redis, browserless — plus the test's
 * page server, a canary and the app image alone (tests/docker/compose.test.yaml). Proves a
 * screenshot, an OG image and an async job with its webhook end to end through the load
 * balancer, that each replica renders through its own guard, that the boundary holds inside the
 * stack (a render reaches no other container; the browser host itself does reach the canary,
 * so the silence is the boundary's), and the images' promises: non-root, a HEALTHCHECK, no dev
 * dependencies, no build tools, no trace of the build's CA certificates.
 * Skipped, saying why, where Docker cannot run (tests/docker/support/engine.ts).
 *   npx vitest run --project docker
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCKER, engine } from "./support/engine";
import { addressOn, canaryLines, pixel, reachCanaryFrom } from "./support/images";
import {
  buildCaCertificates,
  buildImages,
  containers,
  down,
  fetchInside,
  healthy,
  inspect,
  sh,
  stack,
  up,
} from "./support/stack";

const docker = await engine();
if (!docker.ok) console.warn(`\n[docker] SKIPPED: Docker cannot run here — ${docker.reason}\n`);

let key = "";
let apps: string[] = [];
/** The admin command as README "Docker and compose" says an operator runs it, in the first replica. */
const admin = (...args: string[]) => sh(DOCKER, ["exec", apps[0], "npm", "run", "--silent", "admin", "--", ...args]);

async function api(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.lbUrl}${pathAndQuery}`, {
    ...init,
    headers: { "X-API-Key": key, ...(init.headers as Record<string, string>) },
  });
}

describe.skipIf(!docker.ok)("the Docker image and compose topology", () => {
  beforeAll(async () => {
    const started = Date.now();
    await buildImages();
    console.log(`[docker] images built in ${Math.round((Date.now() - started) / 1000)} s`);
    await up();
    apps = await healthy("app", 240_000);
    await healthy("browserless", 60_000);
    await admin("create-user", "--email", "ops@compose.test", "--plan", "business");
    const created = await admin("create-key", "--email", "ops@compose.test", "--name", "stack test");
    key = /sk_live_[A-Za-z0-9]{32}/.exec(created)?.[0] ?? "";
    expect(key).not.toBe("");
    console.log(`[docker] stack up in ${Math.round((Date.now() - started) / 1000)} s`);
  }, 1_800_000);

  afterAll(async () => {
    await down();
  }, 120_000);

  it("builds images that run as a non-root user, with a HEALTHCHECK, no dev dependencies, no build tools and no build CA", async () => {
    for (const image of ["glance:latest", "glance-browserless:latest"]) {
      expect(await inspect(image, "{{.Config.User}}")).toBe("glance");
      expect(await inspect(image, "{{json .Config.Healthcheck.Test}}")).toMatch(/healthz|active/);
    }
    expect(await inspect("glance:latest", "{{json .Config.Healthcheck.Test}}")).toContain("/healthz");
    const probe = await sh(DOCKER, [
      "run",
      "--rm",
      "--entrypoint",
      "sh",
      "glance:latest",
      "-c",
      [
        "id -u",
        "node --version",
        // dev dependencies of package.json, the Prisma CLI among them
        "for p in typescript vitest eslint prisma @playwright/test tailwindcss; do test -e node_modules/$p && echo dev:$p; done",
        "for t in gcc g++ cc make python3 curl git; do command -v $t >/dev/null && echo tool:$t; done",
        "test -d .next/cache && ls -A .next/cache | head -1 | sed 's/^/cache:/'",
        "cat /etc/ssl/certs/ca-certificates.crt",
      ].join("; "),
    ]);
    const [uid, version] = probe.split("\n");
    expect(uid).toBe("10001");
    expect(version).toMatch(/^v24\./);
    expect(probe.split("\n").filter((l) => /^(dev|tool|cache):/.test(l))).toEqual([]);
    for (const body of await buildCaCertificates()) {
      expect(probe.replace(/\s/g, "")).not.toContain(body.replace(/\s/g, ""));
    }
    const sizes = await sh(DOCKER, ["image", "ls", "--format", "{{.Repository}}:{{.Tag}} {{.Size}}", "glance*"]);
    console.log(`[docker] image sizes:\n${sizes}`);
  });

  it("runs two replicas, each rendering through its own guard and then ready", async () => {
    expect(apps).toHaveLength(2);
    const [browserless] = await containers("browserless");
    for (const app of apps) {
      // NET_GUARD_URL=http://{hostname}:3128: from the browser, each replica's host name is that replica.
      const hostname = (await sh(DOCKER, ["exec", app, "hostname"])).trim();
      const resolved = (await sh(DOCKER, ["exec", browserless, "getent", "hosts", hostname])).split(/\s+/)[0];
      expect(resolved).toBe(await addressOn(app, "browsers"));
      const shot = await fetchInside(
        app,
        `http://127.0.0.1:3000/v1/screenshot?url=${stack.page}&width=320&height=240&timeout=60000`,
        {
          headers: { "X-API-Key": key },
        },
      );
      expect(shot.status, shot.body.toString().slice(0, 300)).toBe(200);
      // Ready as the balancer sees it: /readyz's browser check has a 3-s budget (lib/readiness.ts),
      // which one check on a loaded machine may miss, so as the balancer does (fall 3, rise 1) the
      // replica is asked again, for up to a minute.
      let checks: unknown;
      for (let i = 0; i < 30; i++) {
        const ready = await fetchInside(app, "http://127.0.0.1:3000/readyz");
        checks = (JSON.parse(ready.body.toString()) as { checks: unknown }).checks;
        if (ready.status === 200) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      expect(checks).toEqual({ database: "ok", store: "ok", browser: "ok" });
    }
  });

  it("renders a screenshot through the load balancer, browserless and the guard, cached across replicas", async () => {
    const url = `/v1/screenshot?url=${encodeURIComponent(stack.page)}&width=800&height=600&timeout=60000`;
    const first = await api(url);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    // The page's own background, below its heading: the page was really rendered.
    expect(await pixel(png, 400, 500)).toEqual([0x0a, 0x7f, 0x3f]);
    // Both replicas now answer it from the shared store (Redis), not by rendering again.
    for (const app of apps) {
      const again = await fetchInside(app, `http://127.0.0.1:3000${url}`, { headers: { "X-API-Key": key } });
      expect(again.headers["x-cache"]).toBe("HIT");
    }
  });

  it("renders an OG image", async () => {
    const response = await api("/v1/og?template=default&title=Shipped%20in%20compose");
    expect(response.status, await response.clone().text()).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  });

  it("runs an async job on the shared queue and signs its webhook", async () => {
    const created = await api("/v1/jobs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        endpoint: "screenshot",
        params: { url: stack.page, width: 640, height: 480 },
        webhookUrl: "http://site:8080/hook",
      }),
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const job = (await created.json()) as { id: string; statusUrl: string };
    let state: { status: string; resultUrl?: string; error?: unknown } = { status: "queued" };
    for (let i = 0; i < 90 && !["succeeded", "failed"].includes(state.status); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      state = await (await api(`/v1/jobs/${job.id}`)).json();
    }
    expect(state.status, JSON.stringify(state.error)).toBe("succeeded");
    const result = await fetch(state.resultUrl!);
    expect(result.status).toBe(200);
    expect((await sharp(Buffer.from(await result.arrayBuffer())).metadata()).width).toBe(640);

    let hooks: { headers: Record<string, string>; body: string }[] = [];
    for (let i = 0; i < 30 && hooks.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      hooks = await (await fetch(`${stack.siteUrl}/hooks`)).json();
    }
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body)).toMatchObject({ type: "job.succeeded", data: { id: job.id } });
    expect(hooks[0].headers["webhook-signature"]).toMatch(/^v1,/);
  });

  it("keeps every render inside the boundary: nothing reaches the canary, which the browser host itself can reach", async () => {
    const [canary] = await containers("canary");
    const [browserless] = await containers("browserless");
    // The canary's address on the browser's own network: the one a way around the guard would use.
    const ip = await addressOn(canary, "browsers");
    expect(await canaryLines()).toEqual([]);

    // The caller's URL and a redirect to the canary are refused before anything is sent.
    for (const target of ["http://canary:8081/", `http://${ip}/`, "http://site:8080/redirect"]) {
      const response = await api(`/v1/screenshot?url=${encodeURIComponent(target)}&timeout=30000`);
      expect(response.status, target).toBe(400);
      expect(((await response.json()) as { code: string }).code, target).toBe("private_address");
    }
    // A page that tries every way out to the canary, by name and address: subresources, frames,
    // fetch, WebSocket, and WebRTC's STUN over UDP.
    const attack = `<!doctype html><body style="background:#0a7f3f">
      <img src="http://canary/a"><img src="http://${ip}:8081/b"><link rel="stylesheet" href="https://canary/c">
      <iframe src="http://${ip}/d"></iframe>
      <script>
        fetch("http://canary:8081/e", { mode: "no-cors" }).catch(() => {});
        fetch("http://${ip}:8081/f", { mode: "no-cors" }).catch(() => {});
        try { new WebSocket("ws://canary:8081/g"); new WebSocket("ws://${ip}:8081/h"); } catch {}
        try {
          const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:${ip}:3478" }, { urls: "stun:canary:3478" }] });
          pc.createDataChannel("x");
          pc.createOffer().then((offer) => pc.setLocalDescription(offer));
        } catch {}
      </script></body>`;
    const rendered = await api("/v1/screenshot", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ html: attack, width: 400, height: 300, delay: 3000, timeout: 60_000 }),
    });
    expect(rendered.status, await rendered.clone().text()).toBe(200);
    expect(await canaryLines()).toEqual([]);

    // Control: from the browser's own container, TCP and UDP do reach the canary.
    await reachCanaryFrom(browserless);
    let lines: string[] = [];
    for (let i = 0; i < 20 && lines.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      lines = await canaryLines();
    }
    expect(lines.map((l) => l.split(" ").slice(0, 3).join(" ")).sort()).toEqual(["canary tcp 8081", "canary udp 3478"]);
  });

  it("runs alone on the embedded default: a demo key and a screenshot with its own Chromium", async () => {
    const [solo] = await containers("solo");
    await fetchInside(solo, "http://127.0.0.1:3000/healthz"); // the first request starts the app's bootstrap
    let demoKey = "";
    for (let i = 0; i < 60 && !demoKey; i++) {
      demoKey = await sh(DOCKER, ["exec", solo, "cat", "/data/demo-api-key"]).then(
        (k) => k.trim(),
        () => "",
      );
      if (!demoKey) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(demoKey).toMatch(/^sk_live_/);
    const shot = await fetchInside(
      solo,
      `http://127.0.0.1:3000/v1/screenshot?url=${stack.page}&width=320&height=240&timeout=60000`,
      {
        headers: { "X-API-Key": demoKey },
      },
    );
    expect(shot.status, shot.body.toString().slice(0, 300)).toBe(200);
    expect(await pixel(shot.body, 160, 220)).toEqual([0x0a, 0x7f, 0x3f]);
  });

  it("runs the connector as /docs/connectors's docker run recipe says; the replicas render a page only it reaches", async () => {
    const token = (await admin("create-connector", "--email", "ops@compose.test", "--name", "docker recipe"))
      .trim()
      .split("\n")
      .at(-1)!;
    // The site's port on this host: a loopback origin no replica may fetch itself, only the connector.
    const site = stack.siteUrl;
    const connector = (
      await sh(DOCKER, [
        ...["run", "-d", "--rm", "--network", "host", "-e", `GLANCE_CONNECTOR_TOKEN=${token}`, "glance:latest"],
        ...["node", "--import", "tsx", "scripts/connector.ts", "--server", stack.lbUrl, "--expose", site],
      ])
    ).trim();
    try {
      let status = "";
      for (let i = 0; i < 60 && status !== "online"; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        const { connectors } = (await (await api("/v1/connectors")).json()) as { connectors: { status: string }[] };
        status = connectors[0]?.status ?? "";
      }
      expect(status, await sh(DOCKER, ["logs", connector]).catch(() => "")).toBe("online");
      // Twice: the connector's socket is on one replica, the balancer may send a render to either.
      for (const width of [320, 330]) {
        const url = `/v1/screenshot?url=${encodeURIComponent(`${site}/page`)}&width=${width}&height=240&timeout=60000`;
        const shot = await api(url);
        expect(shot.status, await shot.clone().text()).toBe(200);
        expect(await pixel(Buffer.from(await shot.arrayBuffer()), 160, 220)).toEqual([0x0a, 0x7f, 0x3f]);
      }
    } finally {
      await sh(DOCKER, ["stop", "--time", "10", connector]).catch(() => "");
    }
  });

  it("stops a replica gracefully on SIGTERM while the other keeps serving", async () => {
    const [, second] = apps;
    await sh(DOCKER, ["stop", "--time", "75", second], { timeout: 120_000 });
    expect(await inspect(second, "{{.State.ExitCode}}")).toBe("0");
    // The balancer retries a refused connection on the other replica and, within its health
    // checks (5 s, three misses), stops sending to the stopped one.
    let usage = await api("/v1/usage");
    for (let i = 0; i < 20 && usage.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      usage = await api("/v1/usage");
    }
    expect(usage.status, await usage.text()).toBe(200);
  });
});
