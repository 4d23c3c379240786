/**
 * The API client: one method per operation, the key in X-API-Key, problem+json answers thrown as
 * GlanceError, and 429/503 answers retried after their Retry-After. fetch-based: runs wherever
 * fetch does (Node 18+, Deno, Bun, browsers, edge runtimes), with no dependency.
 */
import { GlanceError } from "./errors.js";
import { queryPairs } from "./query.js";
import type {
  AnimateOptions,
  AnimationMetadata,
  BrowserSession,
  ContentOptions,
  ContentResult,
  CreateJob,
  CreateJobBatch,
  CreateMonitor,
  CreatedBrowserSession,
  Crawl,
  CrawlResults,
  Diff,
  DiffOptions,
  Job,
  JobBatch,
  MapOptions,
  Monitor,
  MonitorRun,
  OgMetadata,
  OgOptions,
  OgTemplateList,
  Problem,
  ScreenshotMetadata,
  ScreenshotOptions,
  SiteMap,
  StartCrawl,
  UpdateMonitor,
  Usage,
  Connectors,
} from "./types.js";

export interface GlanceOptions {
  /** `sk_live_…`, from the dashboard's API Keys page. */
  apiKey: string;
  /** Where the API answers; default https://glance.example (set your deployment's address). */
  baseUrl?: string;
  /** How often a 429 or 503 answer is tried again, after its Retry-After; default 2. */
  maxRetries?: number;
  /** The longest Retry-After waited for; a longer one is thrown as the error it came with. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Another fetch (a proxy's, a test's); default globalThis.fetch. */
  fetch?: typeof fetch;
}

/** A rendered file: the bytes and what the answer's headers said about them. */
export interface RenderedFile {
  data: Uint8Array;
  contentType: string;
  /** X-Cache: whether the result came from the cache. */
  cache: "HIT" | "MISS" | undefined;
  requestId: string | undefined;
  headers: Headers;
}

interface Call {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: [string, string][];
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function errorOf(response: Response): Promise<GlanceError> {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      const problem = JSON.parse(text) as Problem & Record<string, unknown>;
      if (typeof problem.code === "string")
        return new GlanceError({ status: response.status, problem, requestId, retryAfter });
    } catch {
      // not JSON after all: reported as text below
    }
  }
  return new GlanceError({
    status: response.status,
    requestId,
    retryAfter,
    fallbackDetail: text.slice(0, 500) || undefined,
  });
}

export class Glance {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #maxRetries: number;
  readonly #maxRetryDelayMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: GlanceOptions) {
    if (!options.apiKey) throw new TypeError("Glance: apiKey is required");
    this.#apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? "https://glance.example").replace(/\/+$/, "");
    this.#maxRetries = options.maxRetries ?? 2;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** One call with its retries; answers a 2xx response, throws GlanceError for anything else. */
  async #send(call: Call): Promise<Response> {
    const url = new URL(`${this.baseUrl}${call.path}`);
    for (const [name, value] of call.query ?? []) url.searchParams.append(name, value);
    const headers: Record<string, string> = { "X-API-Key": this.#apiKey, "User-Agent": "glance-sdk-js/0.1.0" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    for (let attempt = 0; ; attempt++) {
      const response = await this.#fetch(url, { method: call.method, headers, body });
      if (response.ok) return response;
      const error = await errorOf(response);
      // 429 and 503 say "not now" and were not acted on: worth another try after the wait they name.
      const retryable = response.status === 429 || response.status === 503;
      const waitMs = (error.retryAfter ?? 2 ** attempt) * 1000;
      if (!retryable || attempt >= this.#maxRetries || waitMs > this.#maxRetryDelayMs) throw error;
      await sleep(waitMs);
    }
  }

  async #json<T>(call: Call): Promise<T> {
    const response = await this.#send(call);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async #file(call: Call): Promise<RenderedFile> {
    const response = await this.#send(call);
    const cache = response.headers.get("x-cache");
    return {
      data: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      cache: cache === "HIT" || cache === "MISS" ? cache : undefined,
      requestId: response.headers.get("x-request-id") ?? undefined,
      headers: response.headers,
    };
  }

  /** A capture of a page (`url`) or of HTML (`html`) as png, jpg, webp or pdf. */
  screenshot(options: ScreenshotOptions): Promise<RenderedFile> {
    return this.#file({ method: "POST", path: "/v1/screenshot", body: options });
  }

  /** The same capture, answered as JSON metadata with the stored file's URL. */
  screenshotMetadata(options: ScreenshotOptions): Promise<ScreenshotMetadata> {
    return this.#json({ method: "POST", path: "/v1/screenshot", body: { ...options, response: "json" } });
  }

  /** An Open Graph image of a template with its variables (Pro plan or higher). */
  og(options: OgOptions): Promise<RenderedFile> {
    return this.#file({ method: "GET", path: "/v1/og", query: queryPairs(options) });
  }

  ogMetadata(options: OgOptions): Promise<OgMetadata> {
    return this.#json({ method: "GET", path: "/v1/og", query: [...queryPairs(options), ["response", "json"]] });
  }

  /** The built-in templates and their variables. */
  ogTemplates(): Promise<OgTemplateList> {
    return this.#json({ method: "GET", path: "/v1/og/templates" });
  }

  /** A page as data: Markdown, HTML, text, links, metadata (the `formats` asked for). */
  content(options: ContentOptions): Promise<ContentResult> {
    return this.#json({ method: "POST", path: "/v1/content", body: { ...options, response: "json" } });
  }

  /** A recording of a page: mp4, webm or gif. */
  animate(options: AnimateOptions): Promise<RenderedFile> {
    return this.#file({ method: "POST", path: "/v1/animate", body: options });
  }

  animateMetadata(options: AnimateOptions): Promise<AnimationMetadata> {
    return this.#json({ method: "POST", path: "/v1/animate", body: { ...options, response: "json" } });
  }

  /** A visual comparison of two captures (`compareUrl`) or of a capture with a reference (`compareTo`). */
  diff(options: DiffOptions): Promise<Diff> {
    return this.#json({ method: "POST", path: "/v1/diff", body: options });
  }

  /** A site's URLs from its sitemaps and links, without rendering (costs no render). */
  map(options: MapOptions): Promise<SiteMap> {
    return this.#json({ method: "GET", path: "/v1/map", query: queryPairs(options) });
  }

  readonly crawls = {
    /** Starts crawling a site; answered at once with the crawl's id and status URL. */
    start: (crawl: StartCrawl): Promise<{ id: string; status: string; statusUrl: string }> =>
      this.#json({ method: "POST", path: "/v1/crawl", body: crawl }),
    /** The crawl's state and a page of its ended pages (`cursor` from the previous answer's `next`). */
    get: (id: string, page: { cursor?: string; size?: number } = {}): Promise<CrawlResults> =>
      this.#json({ method: "GET", path: `/v1/crawl/${encodeURIComponent(id)}`, query: queryPairs(page) }),
    /** Every ended page, following `next` to the end. */
    pages: async (id: string): Promise<CrawlResults["pages"]> => {
      const pages: CrawlResults["pages"] = [];
      let cursor: string | undefined;
      do {
        const answer = await this.crawls.get(id, { cursor, size: 500 });
        pages.push(...answer.pages);
        cursor = answer.next ? (new URL(answer.next).searchParams.get("cursor") ?? undefined) : undefined;
      } while (cursor);
      return pages;
    },
    /** Cancels it: pages not yet rendered are skipped, never charged. */
    cancel: (id: string): Promise<Crawl> =>
      this.#json({ method: "DELETE", path: `/v1/crawl/${encodeURIComponent(id)}` }),
  };

  /** The workspace's connectors for private sites and their status (online, last seen, origins). */
  connectors(): Promise<Connectors> {
    return this.#json({ method: "GET", path: "/v1/connectors" });
  }

  /** The account's usage this month. */
  usage(): Promise<Usage> {
    return this.#json({ method: "GET", path: "/v1/usage" });
  }

  /** A stored result by its URL (a job's `resultUrl`, metadata's `imageUrl`); needs no key. */
  download(url: string): Promise<RenderedFile> {
    const path = new URL(url, this.baseUrl).pathname;
    if (!path.startsWith("/v1/files/")) throw new TypeError(`not a result file URL: ${url}`);
    return this.#file({ method: "GET", path });
  }

  readonly jobs = {
    /** Starts a render that may outlive an HTTP request; answered at once with the queued job. */
    create: (job: CreateJob): Promise<Job> => this.#json({ method: "POST", path: "/v1/jobs", body: job }),
    get: (id: string): Promise<Job> => this.#json({ method: "GET", path: `/v1/jobs/${encodeURIComponent(id)}` }),
    /** Polls until the job has succeeded or failed and returns it (a failed job carries `error`). */
    wait: async (id: string, options: { intervalMs?: number; timeoutMs?: number } = {}): Promise<Job> => {
      const until = Date.now() + (options.timeoutMs ?? 600_000);
      for (;;) {
        const job = await this.jobs.get(id);
        if (job.status === "succeeded" || job.status === "failed") return job;
        if (Date.now() > until)
          throw new Error(`job ${id} still ${job.status} after ${options.timeoutMs ?? 600_000} ms`);
        await sleep(options.intervalMs ?? 1000);
      }
    },
    createBatch: (batch: CreateJobBatch): Promise<JobBatch> =>
      this.#json({ method: "POST", path: "/v1/jobs/bulk", body: batch }),
    getBatch: (id: string): Promise<JobBatch> =>
      this.#json({ method: "GET", path: `/v1/jobs/bulk/${encodeURIComponent(id)}` }),
  };

  readonly monitors = {
    create: (monitor: CreateMonitor): Promise<Monitor> =>
      this.#json({ method: "POST", path: "/v1/monitors", body: monitor }),
    list: async (): Promise<Monitor[]> =>
      (await this.#json<{ monitors?: Monitor[] }>({ method: "GET", path: "/v1/monitors" })).monitors ?? [],
    get: (id: string): Promise<Monitor> =>
      this.#json({ method: "GET", path: `/v1/monitors/${encodeURIComponent(id)}` }),
    update: (id: string, changes: UpdateMonitor): Promise<Monitor> =>
      this.#json({ method: "PATCH", path: `/v1/monitors/${encodeURIComponent(id)}`, body: changes }),
    delete: async (id: string): Promise<void> => {
      await this.#send({ method: "DELETE", path: `/v1/monitors/${encodeURIComponent(id)}` });
    },
    /** Runs a monitor now; answered with the queued run. */
    run: (id: string): Promise<MonitorRun> =>
      this.#json({ method: "POST", path: `/v1/monitors/${encodeURIComponent(id)}/run` }),
    runs: async (id: string): Promise<MonitorRun[]> =>
      (
        await this.#json<{ runs?: MonitorRun[] }>({
          method: "GET",
          path: `/v1/monitors/${encodeURIComponent(id)}/runs`,
        })
      ).runs ?? [],
  };

  /** Live browser sessions (CDP): connect puppeteer or Playwright to a session's connect URL. */
  readonly sessions = {
    /** A session waiting for its client; its `connectUrl` works once, until `expiresAt` (a minute). */
    create: (): Promise<CreatedBrowserSession> => this.#json({ method: "POST", path: "/v1/sessions" }),
    /** The account's sessions, newest first (the latest 100). */
    list: async (): Promise<BrowserSession[]> =>
      (await this.#json<{ sessions?: BrowserSession[] }>({ method: "GET", path: "/v1/sessions" })).sessions ?? [],
    get: (id: string): Promise<BrowserSession> =>
      this.#json({ method: "GET", path: `/v1/sessions/${encodeURIComponent(id)}` }),
    /** Ends the session; its client sees the WebSocket close with code 4004. */
    delete: async (id: string): Promise<void> => {
      await this.#send({ method: "DELETE", path: `/v1/sessions/${encodeURIComponent(id)}` });
    },
    /**
     * A new session's single-use WebSocket URL, as `puppeteer.connect({ browserWSEndpoint })` and
     * Playwright's `chromium.connectOverCDP(url)` take it; the key never appears in it.
     */
    connectUrl: async (): Promise<string> => (await this.sessions.create()).connectUrl,
  };
}
