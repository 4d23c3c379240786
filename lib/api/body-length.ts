/**
 * Next drops Content-Length from a route handler's answer (the body may have been decoded on its
 * way), so through `next start` a binary answer goes out chunked and a HEAD — what crawlers check
 * an og:image with (D15) — says nothing of its size. A render answer therefore also names its
 * exact byte length in this header, and the production server in front of Next (lib/edge) turns
 * it back into Content-Length and drops it.
 */
export const BODY_LENGTH_HEADER = "X-Glance-Body-Length";
