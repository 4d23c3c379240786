/**
 * Runs the extraction (lib/content/page/extract.js) on a loaded page, in an isolated world of its
 * main frame (D24): the world shares the page's DOM, not its JavaScript, so what the page did to
 * its own globals and prototypes cannot change or see the extraction. One DevTools round trip
 * returns every asked text format, links and metadata; it runs on the request's deadline.
 */
import "server-only";
import type { Page } from "puppeteer-core";
import type { Deadline } from "@/lib/browser";
import { extractionSource } from "./page-script";

/** A format the page script produces (a screenshot is taken by the render, not the script). */
export type PageFormat = "html" | "markdown" | "text" | "links" | "metadata";

export interface ExtractOptions {
  formats: readonly PageFormat[];
  onlyMainContent: boolean;
  /** hideSelectors: left out of markdown and text too. */
  removeSelectors?: string;
}

interface PageLink {
  url: string;
  text: string;
  internal: boolean;
}

interface PageIcon {
  rel: string;
  url: string;
  sizes?: string;
  type?: string;
}

interface PageMetadata {
  title: string;
  description?: string;
  canonicalUrl?: string;
  language?: string;
  dir?: string;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  icons: PageIcon[];
  jsonLd: unknown[];
  publishedAt?: string;
  modifiedAt?: string;
}

export interface Extracted {
  html?: string;
  markdown?: string;
  text?: string;
  links?: PageLink[];
  metadata?: PageMetadata;
  /** Where the markdown and text came from: the main landmark, the one article, Readability, or the whole page. */
  source?: "main" | "article" | "readability" | "page";
  /** Formats cut at MAX_FORMAT_CHARS. */
  truncated: PageFormat[];
}

/** The longest html, markdown or text returned (characters); longer is cut and listed in `truncated`. */
export const MAX_FORMAT_CHARS = 5_000_000;

const WORLD_NAME = "glance-content";

/** The page replaced its document while it was read (a script or meta-refresh navigation). */
const CONTEXT_GONE =
  /Execution context was destroyed|Cannot find context with specified id|Inspected target navigated|Execution context is not available/i;

/**
 * The extraction, run again (at most three times, 150 ms apart) when the page replaced its
 * document underneath it, as lib/page/page-scripts.ts does: the new document is what is
 * read, and D23's check after the read refuses it when the guard refused the navigation.
 */
export async function extractFromPage(page: Page, options: ExtractOptions, deadline: Deadline): Promise<Extracted> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await extractOnce(page, options, deadline);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      await deadline.sleep(150);
    }
  }
}

async function extractOnce(page: Page, options: ExtractOptions, deadline: Deadline): Promise<Extracted> {
  const client = await page.createCDPSession();
  try {
    const { frameTree } = await deadline.race(client.send("Page.getFrameTree"));
    const { executionContextId } = await deadline.race(
      client.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: WORLD_NAME }),
    );
    const call = JSON.stringify({ ...options, maxChars: MAX_FORMAT_CHARS });
    const { result, exceptionDetails } = await deadline.race(
      client.send("Runtime.evaluate", {
        expression: `${extractionSource()}\n;glanceExtract(${call});`,
        contextId: executionContextId,
        returnByValue: true,
      }),
    );
    if (exceptionDetails) {
      const reason = exceptionDetails.exception?.description ?? exceptionDetails.text;
      if (CONTEXT_GONE.test(reason)) throw new Error(reason);
      throw new Error(`content extraction failed in the page: ${reason.slice(0, 300)}`);
    }
    return result.value as Extracted;
  } finally {
    void client.detach().catch(() => {});
  }
}
