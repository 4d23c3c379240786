/**
 * Every /v1 endpoint the pipeline serves, by id (D31): its name in messages, and whether it
 * renders (a render endpoint is one a key can be restricted to, D15, and that can produce files
 * in the output formats of lib/formats.ts). A new endpoint starts here; the records keyed by
 * `EndpointId` and `RenderEndpointId` elsewhere then fail to compile until they have it.
 */

export const ENDPOINTS = {
  screenshot: { name: "Screenshots", renders: true },
  og: { name: "Open Graph image generation", renders: true },
  content: { name: "Page content", renders: true },
  animate: { name: "Recordings", renders: true },
  usage: { name: "The usage endpoint", renders: false },
  jobs: { name: "Async jobs", renders: false },
  // Comparisons capture screenshots and count as /v1/screenshot for key restrictions (D27).
  diff: { name: "Visual diffs", renders: false },
  monitors: { name: "Monitors", renders: false },
  // A site's URLs from sitemaps and plain HTTP fetches: nothing rendered, nothing charged (D32).
  map: { name: "Site maps", renders: false },
  // Each page rendered as /v1/content renders it, so it counts as /v1/content for key restrictions (D32).
  crawl: { name: "Site crawls", renders: false },
  sessions: { name: "Browser sessions", renders: false },
  connectors: { name: "Connectors", renders: false },
} as const satisfies Record<string, { name: string; renders: boolean }>;

export type EndpointId = keyof typeof ENDPOINTS;

/** The endpoints that render, which a key can be restricted to (D15). */
export type RenderEndpointId = {
  [E in EndpointId]: (typeof ENDPOINTS)[E]["renders"] extends true ? E : never;
}[EndpointId];

export const RENDER_ENDPOINTS = (Object.keys(ENDPOINTS) as EndpointId[]).filter(
  (id): id is RenderEndpointId => ENDPOINTS[id].renders,
) as readonly RenderEndpointId[];

export function isRenderEndpoint(value: unknown): value is RenderEndpointId {
  return (RENDER_ENDPOINTS as readonly unknown[]).includes(value);
}
