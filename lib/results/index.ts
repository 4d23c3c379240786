/**
 * lib/results: where renders are cached, deduplicated and served (D6, D7). Endpoint handlers
 * need only `cacheKeyParams` and `serveResult`; the rest is exported for tests and operations.
 */
export { cacheKey, cacheKeyParams, canonicalJson, cacheSecret } from "@/lib/results/key";
export { serveResult, createResultService, defaultResultService, fileUrl, secondsLeft } from "@/lib/results/serve";
export type { RenderJob, RenderOutput, ResultService } from "@/lib/results/serve";
export { getResultStore } from "@/lib/results/store";
export { FileResultStore } from "@/lib/results/file-store";
export { RedisResultStore } from "@/lib/results/redis-store";
export { SingleFlight, DeadlineExceeded } from "@/lib/results/single-flight";
export type { FlightOutcome, FlightSource, SingleFlightOptions } from "@/lib/results/single-flight";
export { CONTENT_TYPES, RESULT_EXTS, RESULT_KEY, isResultExt } from "@/lib/results/types";
export type { NewResult, ResultExt, ResultMetadata, ResultStore, StoredResult } from "@/lib/results/types";
