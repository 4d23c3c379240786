/**
 * A monitor with a customer's proxy (D41): its runs capture the page through the proxy (a real
 * forward proxy on loopback sees them), and the proxy is kept sealed with the other secret capture
 * options — not in the row's plain capture, not in its sealed text, not in any answer. Its page is
 * checked when created or changed as its runs' renders check it: a name only the proxy resolves
 * is taken, what needs no DNS to refuse is refused as without a proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ForwardProxy, PROXY_PASSWORD, startHttpProxy } from "@/tests/support/forward-proxies";
import { problemOf } from "@/tests/support/api";
import { createMonitor, expectStatus, monitorCall, type MonitorBody, monitorWorld, waitForRun } from "./support";

/** A name no public DNS has: only the proxy resolves it (to the test pages' loopback address). */
const INSIDE = "pricing.acme-inside.invalid";

let proxy: ForwardProxy;
beforeAll(async () => {
  proxy = await startHttpProxy({ names: { [INSIDE]: "127.0.0.1" } });
});
afterAll(async () => proxy?.close());
const world = monitorWorld(() => [proxy.origin]);

describe("a monitor with proxy", () => {
  it("runs through the proxy and keeps it sealed", async () => {
    const url = world.pages.url("proxied");
    const created = await createMonitor(world.account, { url, width: 400, height: 300, proxy: proxy.url });
    const body = await created.text();
    expect(created.status, body).toBe(201);
    expect(body).not.toContain(PROXY_PASSWORD);
    const monitor = JSON.parse(body) as MonitorBody;
    const first = await waitForRun(world.account, monitor.id, monitor.firstRun!.id);
    expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
    expect(proxy.seen).toContain(new URL(url).host);

    const shown = await (await monitorCall(world.account, monitor.id, "GET")).text();
    expect(shown).not.toContain(PROXY_PASSWORD);
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (
      await getPool()
    ).query<{ capture: Record<string, unknown>; capture_secrets: string | null; row: string }>(
      `SELECT capture, capture_secrets, row_to_json(m)::text AS row FROM monitors m WHERE id = $1`,
      [monitor.id],
    );
    expect(rows[0].capture.proxy).toBeUndefined();
    expect(rows[0].capture_secrets).not.toBeNull();
    expect(rows[0].row).not.toContain(PROXY_PASSWORD);
    expect(rows[0].row).not.toContain(encodeURIComponent(PROXY_PASSWORD));
    await expectStatus(await monitorCall(world.account, monitor.id, "DELETE"), 204);
  });

  it("takes a page whose name only the proxy resolves, and its run goes through the proxy", async () => {
    const inside = new URL(world.pages.url("inside"));
    inside.hostname = INSIDE;
    const created = await createMonitor(world.account, { url: inside.href, width: 400, height: 300, proxy: proxy.url });
    const monitor = (await expectStatus(created, 201)) as MonitorBody;
    const first = await waitForRun(world.account, monitor.id, monitor.firstRun!.id);
    expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
    expect(proxy.seen).toContain(inside.host);

    // A change of the page alone is checked with the proxy the monitor keeps.
    const elsewhere = new URL("/other", inside).href;
    await expectStatus(await monitorCall(world.account, monitor.id, "PATCH", { url: elsewhere, paused: true }), 200);
    await expectStatus(await monitorCall(world.account, monitor.id, "DELETE"), 204);
  });

  it("without a proxy the same name is refused, on creation and on a change of page", async () => {
    const inside = new URL(world.pages.url("inside"));
    inside.hostname = INSIDE;
    const refused = await createMonitor(world.account, { url: inside.href, width: 400, height: 300 });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).code).toBe("target_unreachable");

    const plain = (await expectStatus(
      await createMonitor(world.account, { url: world.pages.url("plain"), width: 400, height: 300, paused: true }),
      201,
    )) as MonitorBody;
    const changed = await monitorCall(world.account, plain.id, "PATCH", { url: inside.href });
    expect(changed.status).toBe(400);
    expect((await problemOf(changed)).code).toBe("target_unreachable");
    await expectStatus(await monitorCall(world.account, plain.id, "DELETE"), 204);
  });

  it("loopback and metadata addresses stay refused through a proxy, with the same problem", async () => {
    for (const url of [
      "http://127.0.0.1:9/",
      "http://[::1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://localhost/",
    ]) {
      for (const withProxy of [false, true]) {
        const response = await createMonitor(world.account, { url, ...(withProxy ? { proxy: proxy.url } : {}) });
        expect(response.status, `${url} proxy=${withProxy}`).toBe(400);
        expect((await problemOf(response)).code, url).toBe("private_address");
      }
    }
  });
});
