/**
 * The catalogue's answers about the caller's own resources by id — jobs, browser sessions,
 * monitors, crawls, stored results — and their per-plan counts: a part of ERROR_CODES
 * (./error-codes.ts), kept in its own file as features add resources. Another workspace's id is
 * answered exactly like an unknown one (404), never 403.
 */
export const RESOURCE_ERROR_CODES = {
  job_not_found: {
    status: 404,
    summary: "No such job or batch for this API key's account.",
    help: "Check the id from the 202 answer of POST /v1/jobs (or /v1/jobs/bulk). A job belongs to the account that created it: another account's id answers the same way.",
  },
  session_not_found: {
    status: 404,
    summary: "No such browser session for this API key's account.",
    help: "Check the id from the answer of POST /v1/sessions (or GET /v1/sessions). A session belongs to the account that opened it: another account's id answers the same way.",
  },
  recording_not_found: {
    status: 404,
    summary: "This browser session has no recording (it was not recorded, or its recording has expired).",
    help: "Open the session with record=true (POST /v1/sessions or the WebSocket URL) to keep its video and network log after it ends; they are kept as long as the plan keeps results.",
  },
  recording_not_ready: {
    status: 409,
    summary: "The browser session is still live, or its recording is still being stored.",
    help: "A recording is downloadable once the session has ended (its client closed the browser, DELETE /v1/sessions/{id}, or a limit). Ask again after the Retry-After seconds.",
  },
  profile_not_found: {
    status: 404,
    summary: "No saved browser profile by this name in the workspace.",
    help: "Check the name with GET /v1/profiles (or the dashboard's Sessions page). A profile belongs to the workspace that saved it: another workspace's name answers the same way.",
  },
  session_not_live: {
    status: 409,
    summary: "The browser session is not live on this server: a profile is saved from a live session.",
    help: "Save the profile while the session's client is still connected (before closing the browser). With several instances, any instance saves it through Redis (REDIS_URL); without Redis, the request must reach the instance that holds the session.",
  },
  profile_limit: {
    status: 409,
    summary: "The workspace keeps as many profiles as it may.",
    help: "Delete a profile you no longer need (DELETE /v1/profiles/{name}, or the dashboard) and save again.",
  },
  profile_too_large: {
    status: 413,
    summary: "The session's cookies and local storage are too large to save as a profile.",
    help: "A profile holds at most 1 MiB of cookies and local storage. Clear what the login does not need (other sites' cookies, caches in local storage) and save again.",
  },
  monitor_not_found: {
    status: 404,
    summary: "No such monitor for this API key's account.",
    help: "Check the id from the answer of POST /v1/monitors (or GET /v1/monitors). A monitor belongs to the account that created it: another account's id answers the same way.",
  },
  monitor_limit_reached: {
    status: 403,
    summary: "The account has as many monitors as its plan allows.",
    help: "Delete a monitor you no longer need, or move to a plan with more monitors (see Pricing).",
  },
  crawl_not_found: {
    status: 404,
    summary: "No such crawl for this API key's account.",
    help: "Check the id from the 202 answer of POST /v1/crawl. A crawl belongs to the account that started it: another account's id answers the same way.",
  },
  crawl_limit_reached: {
    status: 403,
    summary: "The account has as many crawls running as its plan allows.",
    help: "Wait for a running crawl to end, cancel one (DELETE /v1/crawl/{id}), or move to a plan with more crawls at once (see Pricing).",
  },
  result_not_found: {
    status: 404,
    summary: "compareTo names a stored result or baseline that does not exist (any more).",
    help: "A stored result lives for your plan's cache time; a monitor has a baseline once its first run succeeded. Compare with compareUrl instead, or run the monitor first.",
  },
} as const satisfies Record<string, { status: number; summary: string; help: string }>;
