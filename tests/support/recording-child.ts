/**
 * An app instance that records videos (D26) in a process of its own, so a test can measure its
 * memory alone (/proc/<pid>/status) while it records. The parent sends a /v1/animate query over
 * IPC; the child plans it as the service plans its own recordings (animationFromQuery), records it
 * with lib/animate's renderer — a guarded page from lib/browser, frames piped into ffmpeg — and
 * answers the frame count and the file's size, or the error code; or it answers the size of one
 * frame of a page as the recorder captures it.
 * Run with: node --conditions=react-server --import tsx tests/support/recording-child.ts
 */
import { animationFromQuery } from "@/lib/animate/endpoint";
import { renderAnimation } from "@/lib/animate/render";
import { Deadline, shutdownBrowsers, withPage } from "@/lib/browser";

type Message =
  | { id: number; query: Record<string, string> }
  | { id: number; frameOf: { url: string; width: number; height: number } }
  | "stop";

/** The size of one frame as the recorder captures it (Page.captureScreenshot, JPEG 92, page-clock.ts). */
function frameBytes({ url, width, height }: { url: string; width: number; height: number }): Promise<number> {
  return withPage(new Deadline(60_000), async ({ page }) => {
    await page.setViewport({ width, height });
    await page.goto(url, { waitUntil: "load" });
    const cdp = await page.createCDPSession();
    const shot = await cdp.send("Page.captureScreenshot", { format: "jpeg", quality: 92, optimizeForSpeed: true });
    return Buffer.from(shot.data, "base64").length;
  });
}

process.on("message", (message: Message) => {
  if (message === "stop") {
    void shutdownBrowsers().finally(() => process.exit(0));
    return;
  }
  void Promise.resolve()
    .then(async () => {
      if ("frameOf" in message) return { bytes: await frameBytes(message.frameOf) };
      const output = await renderAnimation(animationFromQuery(message.query), new Deadline(600_000));
      return { frames: output.details?.frames, bytes: output.bytes.length };
    })
    .then(
      (answer) => process.send?.({ id: message.id, ok: true, ...answer }),
      (error: unknown) => {
        const { code, message: text } = error as { code?: string; message?: string };
        process.send?.({ id: message.id, ok: false, error: code ? `${code}: ${text}` : String(error) });
      },
    );
});

process.send?.({ ready: true });
