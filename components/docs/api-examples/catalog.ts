/**
 * Every API example of the docs pages, described once (./build.ts writes each as curl and in both
 * SDKs). tests/integration/sdks/docs-examples.test.ts runs them all against the real server, with
 * its own host, key, pages and ids in place of the placeholders below.
 */
import type { ApiExample } from "./build";

/** The placeholders a reader replaces (and the test swaps for real values). */
export const PLACEHOLDERS = {
  page: "https://example.com",
  jobId: "job_3k9x…",
  monitorId: "mon_…",
  webhookUrl: "https://example.com/hooks/glance",
  email: "you@example.com",
  sessionId: "bs_…",
  proxy: "http://user:pass@proxy.example.net:8080",
} as const;
const { page, jobId, monitorId, webhookUrl, email, sessionId, proxy } = PLACEHOLDERS;

export const FIRST_SCREENSHOT: ApiExample = {
  curlKey: "YOUR_API_KEY",
  calls: [{ method: "GET", path: "/v1/screenshot", params: { url: page }, saveAs: "example.png" }],
};

export const SCREENSHOT_JSON: ApiExample = {
  curlKey: "YOUR_API_KEY",
  calls: [{ method: "GET", path: "/v1/screenshot", params: { url: page, format: "webp", response: "json" } }],
};

export const AUTH_HEADER: ApiExample = {
  calls: [{ method: "GET", path: "/v1/screenshot", params: { url: page }, saveAs: "example.png" }],
};

export const SCREENSHOT_POST_HTML: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/screenshot",
      params: {
        html: "<h1>Invoice 42</h1>",
        format: "pdf",
        footerTemplate: '<div style="font-size:9px">Page <span class="pageNumber"></span></div>',
      },
      saveAs: "invoice.pdf",
    },
  ],
};

export const ANIMATE_STEPS: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/animate",
      params: {
        url: `${page}/help`,
        width: 1280,
        height: 720,
        steps: [
          { type: "delivery", into: "#search" },
          { click: "#delivery", duration: 1500 },
          { scrollTo: "#returns" },
        ],
      },
      saveAs: "demo.mp4",
    },
  ],
};

export const ANIMATE_JOB: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/jobs",
      params: { endpoint: "animate", params: { url: page, duration: 30000, width: 1920, height: 1080 } },
    },
  ],
};

export const CONTENT_AS_DATA: ApiExample = {
  calls: [{ method: "GET", path: "/v1/content", params: { url: page, formats: ["markdown", "links", "metadata"] } }],
};

export const CONTENT_MARKDOWN: ApiExample = {
  calls: [{ method: "GET", path: "/v1/content", params: { url: page }, accept: "text/markdown" }],
};

export const CONTENT_BULK: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/jobs/bulk",
      params: {
        jobs: [
          { endpoint: "content", params: { url: `${page}/a` } },
          { endpoint: "content", params: { url: `${page}/b`, formats: ["text"] } },
        ],
      },
    },
  ],
};

export const JOB_CREATE: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/jobs",
      params: {
        endpoint: "screenshot",
        params: { url: page, fullPage: true, format: "pdf", timeout: 120000 },
        webhookUrl,
      },
    },
  ],
};

export const JOB_POLL: ApiExample = {
  calls: [{ method: "GET", path: `/v1/jobs/${jobId}` }],
  answer: `{ "id": "job_3k9x…", "status": "succeeded", …,
  "resultUrl": "https://YOUR_GLANCE_HOST/v1/files/4f1c….pdf",
  "result": { "url": "https://example.com/", "imageUrl": "https://YOUR_GLANCE_HOST/v1/files/4f1c….pdf",
              "format": "pdf", "size": 48213, "pages": 3, … } }`,
};

export const JOB_BULK: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/jobs/bulk",
      params: {
        jobs: [
          { endpoint: "screenshot", params: { url: `${page}/a` } },
          { endpoint: "og", params: { template: "default", title: "Hello" } },
        ],
        webhookUrl,
      },
    },
  ],
};

export const DIFF_PAGES: ApiExample = {
  calls: [
    {
      method: "GET",
      path: "/v1/diff",
      params: { url: page, compareUrl: "https://staging.example.com", ignoreSelectors: ".clock" },
    },
  ],
  answer: `{ "changedRatio": 0.0134, "changedPixels": 13721,
  "boxes": [ { "x": 96, "y": 412, "width": 310, "height": 48 } ],
  "width": 1280, "height": 800,
  "diffImageUrl": "https://YOUR_GLANCE_HOST/v1/files/9c0e….png",
  "imageUrl": "https://YOUR_GLANCE_HOST/v1/files/4f1c….png",
  "compareImageUrl": "https://YOUR_GLANCE_HOST/v1/files/7a2b….png", … }`,
};

export const DIFF_BASELINE: ApiExample = {
  calls: [{ method: "GET", path: "/v1/diff", params: { url: `${page}/pricing`, compareTo: monitorId } }],
};

export const MONITOR_CREATE: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/monitors",
      params: {
        url: `${page}/pricing`,
        name: "Pricing page",
        interval: 3600,
        threshold: 0.001,
        ignoreSelectors: ".clock, #ad-slot",
        fullPage: true,
        webhookUrl,
        email,
      },
    },
  ],
};

export const MONITOR_MANAGE: ApiExample = {
  calls: [
    { method: "GET", path: `/v1/monitors/${monitorId}/runs` },
    { method: "POST", path: `/v1/monitors/${monitorId}/run` },
    { method: "PATCH", path: `/v1/monitors/${monitorId}`, params: { paused: true } },
    { method: "DELETE", path: `/v1/monitors/${monitorId}` },
  ],
};

/** /docs/crawl (D32): a site's URLs without rendering, then a crawl and its results. */
export const SITE_MAP: ApiExample = {
  calls: [{ method: "GET", path: "/v1/map", params: { url: page, depth: 2, include: "/guide/" } }],
  answer: `{ "urls": ["https://example.com/", "https://example.com/guide/install", …] }`,
};

export const SITE_CRAWL: ApiExample = {
  calls: [
    {
      method: "POST",
      path: "/v1/crawl",
      params: {
        url: page,
        depth: 3,
        limit: 500,
        exclude: ["/blog/"],
        formats: ["markdown", "links"],
      },
    },
  ],
  answer: `202 { "id": "crawl_…", "status": "running", "statusUrl": "https://YOUR_GLANCE_HOST/v1/crawl/crawl_…" }

GET statusUrl (crawls.get(id) in the SDKs), page by page with next:
{ "id": "crawl_…", "status": "completed", "stopReason": "limit", "total": 500, "completed": 497, "failed": 3,
  "pages": [ { "url": "https://example.com/", "depth": 0, "status": "completed", "title": "Docs",
               "markdown": "# Docs …" }, … ],
  "cursor": "100", "next": "https://YOUR_GLANCE_HOST/v1/crawl/crawl_…?cursor=100&size=100" }`,
};

/** /docs/sessions (D39): a single-use connect URL for a CDP client, then the account's sessions. */
export const SESSION_CREATE: ApiExample = {
  calls: [{ method: "POST", path: "/v1/sessions" }],
  answer: `201 { "id": "bs_…", "status": "waiting", "connectUrl": "wss://YOUR_GLANCE_HOST/v1/browser?session=bs_…&token=…",
      "expiresAt": "…", "createdAt": "…", "startedAt": null, "endedAt": null, "endReason": null,
      "proxy": false }`,
};

export const SESSION_MANAGE: ApiExample = {
  calls: [
    { method: "GET", path: "/v1/sessions" },
    { method: "GET", path: `/v1/sessions/${sessionId}` },
    { method: "DELETE", path: `/v1/sessions/${sessionId}` },
  ],
};

/** /docs/proxy (D41): a capture through the customer's own proxy, POSTed so its password stays out of URLs. */
export const SCREENSHOT_PROXY: ApiExample = {
  calls: [{ method: "POST", path: "/v1/screenshot", params: { url: page, proxy }, saveAs: "through-proxy.png" }],
};
