/**
 * Bare /v1: the catch-all [...path] needs at least one segment, so without this file GET /v1
 * would be Next's HTML 404. It answers like any other unknown /v1 path: a problem+json 404 (D1).
 */
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "./[...path]/route";
