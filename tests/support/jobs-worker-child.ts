/**
 * An app instance's job workers in a process of their own (D20), for the tests that stop an
 * instance with jobs queued and that spread a batch over two instances, and its part of the
 * monitors' schedule (D27). It runs exactly what lib/bootstrap.ts starts in every instance, with the environment the parent gives it (the same
 * PostgreSQL, Redis and prefix), and its own local Chromium. "stop" ends it cleanly.
 * Run with: node --conditions=react-server --import tsx tests/support/jobs-worker-child.ts
 */
import { shutdownBrowsers } from "@/lib/browser";
import { crawlPageKind } from "@/lib/crawl/run";
import { CRAWL_PAGE } from "@/lib/jobs/store";
import { startMonitoring, stopMonitoring } from "@/lib/monitors/start";

process.on("message", (message: string) => {
  if (message !== "stop") return;
  void stopMonitoring()
    .then(() => shutdownBrowsers())
    .finally(() => process.exit(0));
});

void startMonitoring({ [CRAWL_PAGE]: crawlPageKind }).then(() => process.send?.({ ready: true }));
