/**
 * A monitor with a customer's proxy (D41): its runs capture the page through the proxy (a real
 * forward proxy on loopback sees them), and the proxy is kept sealed with the other secret capture
 * options — not in the row's plain capture, not in its sealed text, not in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ForwardProxy, PROXY_PASSWORD, startHttpProxy } from "@/tests/support/forward-proxies";
import { createMonitor, expectStatus, monitorCall, type MonitorBody, monitorWorld, waitForRun } from "./support";

let proxy: ForwardProxy;
beforeAll(async () => {
  proxy = await startHttpProxy();
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
});
