/**
 * Recording a live session (record=true, D39): a CDP session of our own on each of its pages —
 * never the client's, so nothing it sends or sees changes — streams the page with
 * Page.startScreencast and its requests (network-log.ts). The video is the motion engine's
 * encoder (lib/animate/encode.ts, D26) fed while the session lives at a fixed rate: every tick the
 * latest frame of any of the session's pages, written with the encoder's backpressure (a slow
 * ffmpeg delays the writes, it never queues frames in memory), so a long session costs an ffmpeg
 * process, not its frames. The screencast sends frames only when Chromium draws, and a page not
 * in front may get none: a loaded page, and one silent for a moment, is captured instead
 * (Page.captureScreenshot). A session that ends before its first frame has no video. The first frame's size (the viewport of the first page navigated) is
 * the video's; a frame of another size (a page with another viewport) is fitted into it.
 */
import "server-only";
import type { Browser, CDPSession, Target } from "puppeteer-core";
import sharp from "sharp";
import { FrameEncoder } from "@/lib/animate/encode";
import { log } from "@/lib/log";
import { NetworkLog } from "./network-log";

/** Frames per second of a session's video: enough to follow clicks and navigations, cheap to encode. */
const RECORDING_FPS = 5;
const JPEG_QUALITY = 70;
/** A page that sent no screencast frame for this long is captured instead. */
const STILL_AFTER_MS = 400;
/** A video growing past this stops there (ffmpeg's -fs); the network log is kept anyway. */
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

export interface Recording {
  video?: { bytes: Buffer; width: number; height: number; durationMs: number };
  network: ReturnType<NetworkLog["toJSON"]>;
}

export class SessionRecorder {
  private readonly network = new NetworkLog();
  private readonly pages = new Set<CDPSession>();
  private readonly timer: NodeJS.Timeout;
  private encoder?: Promise<FrameEncoder>;
  private size?: { width: number; height: number };
  private latest?: Buffer;
  /** When the last frame came, and the page that navigated last: the one a still-frame is taken of. */
  private lastFrameAt = 0;
  private shown?: CDPSession;
  private capturing = false;
  private firstFrameAt = 0;
  private written = 0;
  /** Frames are handled one at a time, in the order they came. */
  private framing: Promise<void> = Promise.resolve();
  private writing: Promise<void> | undefined;
  private videoFailed = false;
  private stopped = false;

  /** Records every page `browser` opens in a context `owns` answers true for, from now on. */
  constructor(
    private readonly browser: Browser,
    private readonly owns: (browserContextId: string) => boolean,
  ) {
    browser.on("targetcreated", this.onTarget);
    this.timer = setInterval(() => {
      void this.stillFrame();
      void this.catchUp(Date.now());
    }, 1000 / RECORDING_FPS);
  }

  private readonly onTarget = (target: Target) => {
    const contextId = target.browserContext().id;
    if (this.stopped || target.type() !== "page" || !contextId || !this.owns(contextId)) return;
    this.watch(target).catch((error: unknown) => log.debug("a session page could not be recorded", { error }));
  };

  private async watch(target: Target): Promise<void> {
    const page = await target.createCDPSession();
    if (this.stopped) return void page.detach().catch(() => {});
    this.pages.add(page);
    page.on("Page.screencastFrame", (frame) => {
      void page.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => {});
      this.queueFrame(Buffer.from(frame.data, "base64"));
    });
    this.network.listen(page);
    // The screencast starts at the page's first navigation: before it, the blank page's frames have
    // the window's size, not the viewport the client sets (puppeteer's newPage does before it answers).
    let casting = false;
    const cast = (url: string) => {
      if (url.startsWith("about:")) return;
      this.shown = page;
      if (casting) return;
      casting = true;
      void page
        .send("Page.startScreencast", { format: "jpeg", quality: JPEG_QUALITY, everyNthFrame: 1 })
        .catch(() => {});
    };
    page.on("Page.frameNavigated", ({ frame }) => frame.parentId || cast(frame.url));
    // A loaded page is captured at once: the screencast may be late, or never come (below).
    page.on("Page.loadEventFired", () => this.shown === page && void this.stillFrame(true));
    await page.send("Network.enable");
    await page.send("Page.enable");
    // A navigation committed before Page.enable took effect sends no event: the page says where it is.
    cast((await page.send("Page.getFrameTree")).frameTree.frame.url);
  }

  private queueFrame(jpeg: Buffer): void {
    this.lastFrameAt = Date.now();
    this.framing = this.framing.then(() => this.onFrame(jpeg)).catch(() => {});
  }

  /**
   * Chromium's screencast sends frames only when the compositor draws, and a page that is not in
   * front may get none at all: after STILL_AFTER_MS without a frame, the page navigated last is
   * captured (Page.captureScreenshot) instead, so the video shows it.
   */
  private async stillFrame(now = false): Promise<void> {
    const page = this.shown;
    if (!page || this.capturing || this.stopped || (!now && Date.now() - this.lastFrameAt < STILL_AFTER_MS)) return;
    this.capturing = true;
    try {
      const { data } = await page.send("Page.captureScreenshot", { format: "jpeg", quality: JPEG_QUALITY });
      if (!this.stopped) this.queueFrame(Buffer.from(data, "base64"));
    } catch {
      // the page closed meanwhile
    } finally {
      this.capturing = false;
    }
  }

  private async onFrame(jpeg: Buffer): Promise<void> {
    if (this.stopped || this.videoFailed) return;
    const { width, height } = await sharp(jpeg).metadata();
    if (!width || !height) return;
    if (!this.size) {
      this.size = { width, height };
      this.firstFrameAt = Date.now();
      this.encoder = FrameEncoder.start({
        format: "mp4",
        fps: RECORDING_FPS,
        width,
        height,
        quality: JPEG_QUALITY,
        maxBytes: MAX_VIDEO_BYTES,
      });
    }
    this.latest =
      width === this.size.width && height === this.size.height
        ? jpeg
        : await sharp(jpeg)
            .resize(this.size.width, this.size.height, { fit: "contain", background: "#000" })
            .jpeg({ quality: JPEG_QUALITY })
            .toBuffer();
  }

  /** Writes the latest frame as often as the time since the first frame asks for (one writer at a time). */
  private catchUp(now: number): Promise<void> {
    if (this.writing) return this.writing;
    const run = async () => {
      const due = Math.floor(((now - this.firstFrameAt) * RECORDING_FPS) / 1000) + 1;
      while (this.latest && this.encoder && !this.videoFailed && this.written < due) {
        const encoder = await this.encoder;
        await encoder.write(this.latest);
        this.written++;
      }
    };
    this.writing = run()
      .catch((error: unknown) => {
        this.videoFailed = true;
        log.warn("a session's video stopped", { error });
      })
      .finally(() => (this.writing = undefined));
    return this.writing;
  }

  /** Stops recording (the session has ended) and answers its video, if it made one, and its network log. */
  async stop(): Promise<Recording> {
    const endedAt = Date.now();
    clearInterval(this.timer);
    this.browser.off("targetcreated", this.onTarget);
    await this.framing;
    await this.catchUp(endedAt);
    await this.catchUp(endedAt); // the writer that was running had an earlier end
    this.stopped = true;
    await Promise.allSettled([...this.pages].map((page) => page.detach()));
    const network = this.network.toJSON(endedAt);
    const encoder = await this.encoder?.catch((error: unknown) => void log.warn("no encoder for a session", { error }));
    if (!encoder) return { network };
    try {
      if (this.videoFailed) return { network };
      const { bytes } = await encoder.finish();
      const durationMs = Math.round((this.written * 1000) / RECORDING_FPS);
      return { video: { bytes, ...this.size!, durationMs }, network };
    } catch (error) {
      log.warn("a session's video could not be finished", { error });
      return { network };
    } finally {
      await encoder.close();
    }
  }
}
