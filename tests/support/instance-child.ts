/**
 * A second app instance for the fleet tests: its own process, its own guard (NET_GUARD_PORT) and
 * its own lib/browser, rendering on the same remote browsers (BROWSER_WS_ENDPOINT) as the test's
 * in-process instance. The parent sends a URL over IPC; the child loads it in a render and answers
 * the page's text (or, with `screenshot`, the size of a PNG of it), or the error code.
 * Run with: node --conditions=react-server --import tsx tests/support/instance-child.ts
 */
import { Deadline, withPage } from "@/lib/browser";
import { guardProxy } from "@/lib/net/guard-proxy";
import { installGracefulShutdown } from "@/lib/shutdown";
import { exitAfterAppShutdown } from "@/lib/shutdown-signal";

// The signal handling of the real server: instrumentation.ts's and scripts/server.ts's.
installGracefulShutdown();
exitAfterAppShutdown(async () => {}, 75_000);

process.on("message", (message: { id: number; url: string; screenshot?: boolean }) => {
  void withPage(new Deadline(45_000), async ({ page }) => {
    await page.goto(message.url, { waitUntil: "load" });
    // bench:fleet asks for a PNG as a capture would; the answer is its size, not its bytes.
    if (message.screenshot) return `png ${(await page.screenshot({ type: "png" })).length}`;
    return page.evaluate(() => document.body.innerText);
  }).then(
    (text) => process.send?.({ id: message.id, ok: true, text }),
    (error: unknown) => {
      const { code, headers } = error as { code?: string; headers?: Record<string, string> };
      process.send?.({ id: message.id, ok: false, error: code ?? String(error), retryAfter: headers?.["Retry-After"] });
    },
  );
});

void guardProxy().then((guard) => process.send?.({ ready: true, guardUrl: guard.url }));
