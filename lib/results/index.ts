/**
 * lib/results: where renders are cached, deduplicated and served (D6, D7). Endpoint handlers
 * need only what is exported here; tests and operations import the modules themselves.
 */
export { cacheKeyParams } from "@/lib/results/key";
export { fileUrl, resultJson } from "@/lib/results/answers";
export { obtainResult, serveResult } from "@/lib/results/serve";
export type { RenderJob, RenderOutput } from "@/lib/results/render-job";
export { storeDerivedImage } from "@/lib/results/derived";
export { keepUntil, pngFile, storeKept } from "@/lib/results/kept";
