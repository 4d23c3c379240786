/**
 * Readiness (D14): database, result store and a browser that can render (D16: not only connect;
 * one whose contexts cannot reach this instance's guard does not count). Each check is bounded so
 * a hung dependency makes /readyz answer 503 quickly instead of hanging the probe.
 */
import "server-only";
import { canAnyBrowserRender, isShuttingDown, renderLoad } from "@/lib/browser";
import type { QueueReport } from "@/lib/browser/queue";
import { Deadline } from "@/lib/browser/deadline";
import { getDb } from "@/lib/db";
import { getResultStore } from "@/lib/results/store";

type Check = () => Promise<void>;

const CHECK_TIMEOUT_MS = 3000;

async function bounded(name: string, check: Check): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS))),
    ]);
    return [name, "ok"];
  } catch {
    return [name, "unavailable"]; // no internal error text: this endpoint is public
  } finally {
    clearTimeout(timer);
  }
}

const checks: Record<string, Check> = {
  database: async () => {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
  },
  store: () => getResultStore().ping(),
  // Launches or connects to every browser and checks by their state (recent renders, or a probe
  // through the guard) that at least one can render.
  browser: async () => {
    if (!(await canAnyBrowserRender(new Deadline(CHECK_TIMEOUT_MS)))) throw new Error("no browser can render");
  },
};

/**
 * `queue` (D17) says how loaded the renderers are — slots, running, waiting, recent render time
 * and wait for a slot, refusals — for operators and load balancers; a full queue is not "not
 * ready" (the instance still answers, refusing renders early with 503 renderer_busy).
 */
export async function checkReadiness(): Promise<{
  status: "ok" | "unavailable";
  checks: Record<string, string>;
  queue: QueueReport;
}> {
  const results = Object.fromEntries(await Promise.all(Object.entries(checks).map(([n, c]) => bounded(n, c))));
  // A shutting-down instance still answers what it has running but takes nothing new (D16).
  if (isShuttingDown()) results.instance = "shutting_down";
  const ok = Object.values(results).every((v) => v === "ok");
  return { status: ok ? "ok" : "unavailable", checks: results, queue: renderLoad() };
}
