/**
 * What the JSON answer tells about the page and the render (D19): the URL the page ended on, the
 * target's HTTP status, its title, its own Open Graph and Twitter card tags, and the time each
 * phase took. Stored with the result, so a HIT reports the render it serves.
 */
import "server-only";
import type { Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { phaseSpan } from "@/lib/observability/tracing";
import type { Blocked } from "./blocked";

/** A screenshot's phases (D19); other renders name their own (the content endpoint's extract, D24). */
export const CAPTURE_PHASES = ["navigate", "wait", "capture", "encode"] as const;

export type CapturePhase = (typeof CAPTURE_PHASES)[number];

/** Milliseconds per phase, measured in this process around each step of a render. */
export class PhaseClock<Phase extends string> {
  private last = performance.now();
  readonly ms: Record<Phase, number>;

  constructor(phases: readonly Phase[]) {
    this.ms = Object.fromEntries(phases.map((phase) => [phase, 0])) as Record<Phase, number>;
  }

  /** The time since the previous lap belongs to `phase`; it is also a span of the render's trace (D40). */
  lap(phase: Phase): void {
    const now = performance.now();
    this.ms[phase] += Math.max(0, Math.round(now - this.last));
    phaseSpan(phase, this.last, now);
    this.last = now;
  }
}

/** Bounds on what a page may put into our answer: it is the page's data, not ours. */
const MAX_TAGS = 50;
const MAX_TEXT = 1_000;

/** Title and og:/twitter: meta tags, first of each name, lengths bounded in the page. */
const READ_FACTS = `(() => {
  const text = (v) => (typeof v === "string" ? v.slice(0, ${MAX_TEXT}) : "");
  const tags = {};
  let count = 0;
  for (const meta of document.querySelectorAll("meta[property], meta[name]")) {
    const name = (meta.getAttribute("property") || meta.getAttribute("name") || "").trim().toLowerCase();
    if (!/^(og|twitter):[a-z0-9_:.-]{1,64}$/.test(name) || Object.prototype.hasOwnProperty.call(tags, name)) continue;
    tags[name] = text(meta.getAttribute("content"));
    if (++count >= ${MAX_TAGS}) break;
  }
  return { title: text(document.title), tags };
})()`;

export interface PageFacts {
  /** Where the page ended up: after HTTP redirects and any script or meta-refresh navigation. */
  finalUrl: string;
  /** The HTTP status of the main document's response; null when there was none (same-document navigation). */
  targetStatus: number | null;
  title: string;
  /** The page's own `og:*` and `twitter:*` meta tags, by property/name (first of each). */
  metaTags: Record<string, string>;
  /** What stood in the way instead of the page (D23): captured only with allowBlocked=true, or an error page with failOnHttpError=false. */
  blocked?: Blocked;
}

/** Reads the page; a page that breaks the reading (overridden DOM methods) reports nothing rather than failing the capture. */
export async function readPageFacts(page: Page, targetStatus: number | null, deadline: Deadline): Promise<PageFacts> {
  let read: { title: string; tags: Record<string, string> } = { title: "", tags: {} };
  try {
    const value = (await deadline.race(page.evaluate(READ_FACTS))) as typeof read | null;
    if (value && typeof value.title === "string" && value.tags && typeof value.tags === "object") read = value;
  } catch (error) {
    if (deadline.expired()) throw error;
  }
  const metaTags: Record<string, string> = {};
  for (const [name, content] of Object.entries(read.tags).slice(0, MAX_TAGS)) {
    if (typeof content === "string") metaTags[name] = content.slice(0, MAX_TEXT);
  }
  return { finalUrl: page.url(), targetStatus, title: read.title.slice(0, MAX_TEXT), metaTags };
}

/** failOnHttpError (D19): the target answered an error; nothing is captured, stored or charged. */
export function targetHttpError(status: number): ApiError {
  return new ApiError(
    "target_http_error",
    `The url answered HTTP ${status}. Nothing was captured or charged; pass failOnHttpError=false to capture the error page as it looks.`,
    { param: "url", headers: { "X-Target-Status": String(status) } },
  );
}
