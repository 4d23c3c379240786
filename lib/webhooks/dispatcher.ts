/**
 * Each instance's delivery loop (D20): a pass over due deliveries every WEBHOOK_POLL_MS, and one
 * at once when this instance enqueues an event; now and then it also prunes the log (retention.ts). All state is in the database, so a restart loses
 * nothing: the first pass after start picks up what was pending. State lives on globalThis because
 * Next loads this module once per bundle (instrumentation, each route) and they must share one loop.
 */
import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { runWebhookDeliveries } from "./deliver";
import { PRUNE_INTERVAL_MS, pruneWebhookLog } from "./retention";

interface Loop {
  stopped: boolean;
  timer?: NodeJS.Timeout;
  pass?: Promise<void>;
  wakeAgain: boolean;
  lastPrune: number;
}

const KEY = Symbol.for("glance.webhooks.dispatcher");
const shared = globalThis as { [KEY]?: Loop };

function schedule(loop: Loop, delayMs: number): void {
  clearTimeout(loop.timer);
  loop.timer = setTimeout(() => runPass(loop), delayMs);
  loop.timer.unref();
}

function runPass(loop: Loop): void {
  if (loop.stopped || loop.pass) return;
  loop.wakeAgain = false;
  loop.pass = runWebhookDeliveries()
    .then(async () => {
      if (Date.now() - loop.lastPrune < PRUNE_INTERVAL_MS) return;
      loop.lastPrune = Date.now();
      await pruneWebhookLog();
    })
    .catch((error: unknown) => log.warn("webhook pass failed", { error }))
    .finally(() => {
      loop.pass = undefined;
      if (!loop.stopped) schedule(loop, loop.wakeAgain ? 0 : env().WEBHOOK_POLL_MS);
    });
}

export function startWebhookDispatcher(): void {
  if (shared[KEY] && !shared[KEY].stopped) return;
  const loop: Loop = { stopped: false, wakeAgain: false, lastPrune: 0 };
  shared[KEY] = loop;
  schedule(loop, 0);
}

/** Stops the loop and waits for a pass in progress (a claimed delivery not sent is due again when its lease ends). */
export async function stopWebhookDispatcher(): Promise<void> {
  const loop = shared[KEY];
  if (!loop) return;
  loop.stopped = true;
  clearTimeout(loop.timer);
  await loop.pass;
}

/** Runs a pass now (or right after the current one) on this instance, if its loop is running. */
export function wakeWebhookDispatcher(): void {
  const loop = shared[KEY];
  if (!loop || loop.stopped) return;
  if (loop.pass) loop.wakeAgain = true;
  else schedule(loop, 0);
}
