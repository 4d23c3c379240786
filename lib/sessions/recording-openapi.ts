/** A recorded session's files in the OpenAPI document (record=true, D39): its video and its network log. */
import { pathIdParameter } from "@/lib/api/openapi/params";
import { errorResponses, KEY_ERRORS, RATE_HEADERS } from "@/lib/api/openapi/responses";
import type { EndpointDoc, Operation } from "@/lib/api/openapi/types";
import type { ErrorCode } from "@/lib/vocabulary/errors";

const ERRORS: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "session_not_found",
  "recording_not_found",
  "recording_not_ready",
  "rate_limited",
  "internal_error",
];

const AVAILABILITY =
  "Only for a session opened with record=true, once it has ended (409 recording_not_ready while it is live or its recording is being stored, with Retry-After), kept as long as the plan keeps results. Another account's id is 404 session_not_found; a session not recorded, or whose recording expired, 404 recording_not_found.";

function download(operationId: string, summary: string, description: string, contentType: string): Operation {
  return {
    operationId,
    tags: ["Browser sessions"],
    summary,
    description: `${description} ${AVAILABILITY}`,
    parameters: [pathIdParameter("The session's id.", "^bs_[A-Za-z0-9_-]{16}$")],
    responses: {
      "200": {
        description: "The file.",
        headers: RATE_HEADERS,
        content: {
          [contentType]: {
            schema: contentType === "video/mp4" ? { type: "string", format: "binary" } : { type: "object" },
          },
        },
      },
      ...errorResponses(ERRORS),
    },
  };
}

export function recordingDoc(): EndpointDoc {
  return {
    tags: [],
    schemas: {},
    paths: {
      "/v1/sessions/{id}/recording": {
        get: download(
          "getSessionRecording",
          "A recorded session's video (mp4)",
          "The session's pages as an H.264 mp4 at 5 frames per second, the size of the first page's viewport, from its first navigation to its end.",
          "video/mp4",
        ),
      },
      "/v1/sessions/{id}/network": {
        get: download(
          "getSessionNetworkLog",
          "A recorded session's network log (HAR-like JSON)",
          "Every request of the session's pages as HAR's log.entries: method, URL, status, timings, sizes. Cookies, Authorization and other credential-like headers, credential-like query values and user:password in URLs are replaced by [redacted].",
          "application/json",
        ),
      },
    },
  };
}
