/**
 * The error catalogue (D1): every code the API answers with. lib/vocabulary/errors.ts builds the
 * problem+json answers from it and is where the rest of the code imports it from.
 */
import { RESOURCE_ERROR_CODES } from "./error-codes-resources";

/**
 * Every error code with its status, a one-line summary (OpenAPI, docs) and what the caller can do
 * about it (the errors docs page). Adding a code means saying all three here.
 */
export const ERROR_CODES = {
  missing_api_key: {
    status: 401,
    summary: "No API key was sent.",
    help: "Send your key in the X-API-Key header (or the api_key query parameter when you cannot set headers).",
  },
  invalid_api_key_format: {
    status: 401,
    summary: "The API key is not of the form sk_live_ + 32 characters.",
    help: "Keys look like sk_live_ followed by 32 letters and digits. Check for a truncated copy or stray whitespace.",
  },
  invalid_api_key: {
    status: 401,
    summary: "The API key is unknown or has been revoked.",
    help: "The key does not exist or was revoked. Create a new one in the dashboard; revocation is immediate and final.",
  },
  api_key_paused: {
    status: 401,
    summary: "The key is beyond the plan's key limit after a downgrade; choose the keys to keep in the dashboard.",
    help: "After a move to a plan with fewer keys, the newest keys beyond its limit are paused, not revoked. In the dashboard (API Keys) choose which keys to keep, revoke one, or upgrade; the key works again at once.",
  },
  api_key_revoked: {
    status: 401,
    summary: "A job's API key was revoked (or its maker removed) after the job was accepted: it did not run.",
    help: "A job is checked against its key when it starts. The key it was accepted with was revoked since — by hand, or because the member who made it left the workspace — so the job failed without rendering, and nothing was counted against your renders. Submit it again with a live key.",
  },
  misdirected_request: {
    // Not 421: Node's fetch (every Node MCP client's) retries a POST answered 421 on a new
    // connection and fails on its spent body, so the person saw "fetch failed", never this answer.
    status: 400,
    summary: "The request reached this server under a host name that is not its public address (APP_URL).",
    help: "Sign-in and MCP over OAuth belong to the server's public address: send the request to the URL the detail names. API calls with a key work on any host name.",
  },
  oauth_grant_revoked: {
    status: 401,
    summary:
      "A job's connected app was disconnected (or its approver removed) after the job was accepted: it did not run.",
    help: "A job started by an MCP client through OAuth is checked against that connection when it starts. The app was disconnected since — in the dashboard, or because the member who approved it left the workspace or lost the right to connect apps — so the job failed without rendering, and nothing was counted against your renders. Connect the app again and start it again.",
  },
  missing_parameter: {
    status: 400,
    summary: "A required query parameter is missing.",
    help: "Add the parameter named in `param` (url for screenshots, template for OG images).",
  },
  invalid_parameter: {
    status: 400,
    summary: "A query parameter has the wrong type or format, or was given twice.",
    help: "The value named in `param` has the wrong type or format (integers are plain digits, booleans true/false/1/0), or the parameter appears twice. The detail says what is expected.",
  },
  parameter_out_of_range: {
    status: 400,
    summary: "A numeric query parameter is outside its allowed range.",
    help: "Bring the value within the range in the parameter table of the endpoint's reference.",
  },
  malformed_query: {
    status: 400,
    summary: "The request's URL or headers hold bytes HTTP does not allow (percent-encode them).",
    help: "Raw bytes such as 0xFF, NUL or an unencoded é reached the server in the URL or a header. Percent-encode the query as UTF-8 (encodeURIComponent, URLSearchParams).",
  },
  malformed_path: {
    status: 400,
    summary: "A percent-escape in the path is cut short or does not decode to UTF-8 (%ff, %E0%A4%A).",
    help: "Percent-encode path segments as UTF-8 (encodeURIComponent): every % is followed by two hex digits, and the bytes form UTF-8 text. Ids and file names from Glance never need escaping.",
  },
  bad_request: {
    status: 400,
    summary:
      "A page or dashboard request the server could not read (a damaged or hand-made form or server-action post).",
    help: "Sent to the site's pages rather than the API: a form or server-action post that is cut short, not from this site's origin, or not what the page's forms send. Reload the page and submit the form again.",
  },
  unknown_parameter: {
    status: 400,
    summary: "The endpoint does not accept this query parameter (check its spelling).",
    help: "Names are case-sensitive: check the spelling (fullPage, not fullpage). The detail suggests the closest name.",
  },
  unsupported_url: {
    status: 400,
    summary: "The target URL is not a valid http or https URL.",
    help: "Pass an absolute http:// or https:// URL, URL-encoded, without user name or password.",
  },
  private_address: {
    status: 400,
    summary: "The target resolves to a private, loopback or otherwise non-public address.",
    help: "The host resolves to a private, loopback, link-local or otherwise non-public address. Only public pages can be captured; this is also enforced for redirects and everything the page loads.",
  },
  target_unreachable: {
    status: 400,
    summary: "The target host could not be resolved or connected to.",
    help: "The host name does not resolve or refused the connection. Check the URL from a public network.",
  },
  proxy_unreachable: {
    status: 400,
    summary: "The proxy given in proxy could not be resolved, connected to, or did not answer in time.",
    help: "Glance connects to your proxy from the public internet: check its host and port, that it accepts connections from anywhere (or from Glance's egress), and that it answers within a few seconds. Nothing was captured or charged.",
  },
  proxy_auth_failed: {
    status: 400,
    summary: "The proxy refused the credentials given in proxy (407, or a SOCKS5 authentication failure).",
    help: "Check the user name and password in proxy (percent-encode reserved characters such as @ and :). Nothing was captured or charged.",
  },
  proxy_refused: {
    status: 400,
    summary: "The proxy answered, but would not or could not connect to the page.",
    help: "Your proxy refused the connection to the page's host (its rules, the host unreachable from the proxy's network, or a CONNECT to a port it does not allow). Try the page through the proxy from your own machine. Nothing was captured or charged.",
  },
  selector_not_found: {
    status: 400,
    summary: "No element matched the selector (selector, click or scrollTo) within the timeout.",
    help: "The page never had an element matching the parameter named in `param`. Check the selector against the page as a browser without cookies sees it, wait for it to appear (waitUntil=networkidle0), or raise timeout.",
  },
  target_http_error: {
    status: 422,
    summary: "The target answered with an HTTP error (4xx or 5xx) and failOnHttpError is on (the default).",
    help: "The page answered with the status in the X-Target-Status header. Nothing was captured, stored or counted against your renders. Fix the url, or pass failOnHttpError=false to capture the error page as it looks.",
  },
  target_blocked: {
    status: 422,
    summary:
      "The target answered with a bot challenge, a captcha wall or a login page instead of its content (`kind` says which).",
    help: "The page shown was not the page asked for: `kind` is challenge (a CDN's or bot-management product's interstitial), captcha (a captcha as the page's main content) or login_wall (a redirect to a sign-in form), and `signals` lists what said so (X-Target-Blocked repeats the kind). Nothing was captured, stored or counted against your renders. Pass allowBlocked=true to capture the page as it looks (counted like any capture, with `blocked` in the JSON metadata), or capture a page the site serves without a challenge.",
  },
  capture_incomplete: {
    status: 422,
    summary:
      "requireComplete=true and the capture was not complete: cut at the height limit, images or fonts still loading, requests open, or the page still changing.",
    help: "The detail and the X-Capture-Incomplete header name what was missing: height_limit (the page is taller than your plan's full-page height, the format's size limit or the pixel budget), images_pending, fonts_pending, requests_open or dom_changing. The capture first waited up to 5 seconds for the page to finish. Nothing was stored or counted against your renders. Wait longer (waitUntil=networkidle0, waitForSelector, delay), capture a narrower part, or drop requireComplete to get the capture with its completeness report.",
  },
  output_too_large: {
    status: 422,
    summary: "The recording's file grew past the output size limit and was stopped.",
    help: "The video would have been larger than the output limit (see Limits), so it was stopped and nothing was stored or counted. Record less (duration), fewer frames (fps), a smaller frame (width, height, deviceScale) or at a lower quality; prefer mp4 or webm to gif, which is many times larger.",
  },
  template_not_found: {
    status: 400,
    summary: "No OG template has this name.",
    help: "Use one of the templates listed by GET /v1/og/templates.",
  },
  invalid_variable: {
    status: 400,
    summary: "A template variable is unknown, missing, or has an invalid value.",
    help: "The variable named in `param` is unknown to the template, missing though required, too long, a bad colour, or an image that is not a loadable https URL.",
  },
  plan_upgrade_required: {
    status: 403,
    summary: "The parameter or endpoint needs a higher plan.",
    help: "The parameter (or endpoint) needs a higher plan; the detail names it and the plan. Remove the option or upgrade.",
  },
  invalid_signature: {
    status: 403,
    summary: "The signed URL's signature does not match its parameters and key.",
    help: "Sign the exact query you send, on the same path, with the signing secret of the key named in key_id (see Signed URLs for the canonical form). A key made before signed URLs needs a signing secret rolled in the dashboard.",
  },
  signature_expired: {
    status: 403,
    summary: "The signed URL's expires time has passed.",
    help: "The URL's expires time (unix seconds) has passed. Sign a new URL with a later expires, or none.",
  },
  endpoint_not_allowed: {
    status: 403,
    summary: "The API key is restricted to other endpoints.",
    help: "This key is restricted to other endpoints in the dashboard. Use another key or widen the key's restriction.",
  },
  role_forbidden: {
    status: 403,
    summary: "Your role in the workspace does not allow this action.",
    help: "Dashboard calls act for the workspace you are signed into; your role there (viewer, billing, …) does not allow this. Ask an owner or admin for a role that does, or switch workspace.",
  },
  not_found: {
    status: 404,
    summary: "No such resource (or it has expired).",
    help: "The file has expired (after your plan's cache TTL) or never existed. Request the render again for a fresh URL.",
  },
  ...RESOURCE_ERROR_CODES,
  storage_not_configured: {
    status: 400,
    summary: "store=true was asked, but the account has no storage bucket configured.",
    help: "Configure an S3-compatible bucket in the dashboard (Storage) and check its connection, or leave store out to keep the result in Glance's store.",
  },
  method_not_allowed: {
    status: 405,
    summary: "The endpoint does not answer this method (the Allow header lists those it does).",
    help: "Every endpoint answers GET with its inputs in the query string; POST /v1/screenshot also takes them as a JSON body. The Allow header lists the methods of the path.",
  },
  invalid_body: {
    status: 400,
    summary: "The POST body is not a JSON object, or the query of a POST carries more than api_key.",
    help: 'Send one JSON object whose fields are the endpoint\'s parameters (the same names and meanings as the query string), e.g. {"html": "<h1>Hi</h1>", "format": "pdf"}. On POST only api_key may stay in the query.',
  },
  payload_too_large: {
    status: 413,
    summary: "The POST body is larger than the endpoint accepts (5 MiB for /v1/screenshot).",
    help: "The JSON body is over 5 MiB. Host large pages and pass their url instead of html, or move images out of the HTML (data: URLs are big) to public URLs.",
  },
  unsupported_media_type: {
    status: 415,
    summary: "The POST body is not sent as application/json.",
    help: "Send the body as JSON with Content-Type: application/json.",
  },
  request_timeout: {
    status: 408,
    summary: "The client did not send its request in time.",
    help: "The request line and headers did not arrive within 10 seconds (the whole request within 30). Check the client's connection.",
  },
  request_too_large: {
    status: 431,
    summary: "The URL and headers together are larger than the server accepts.",
    help: "The URL and headers together are over 256 KiB (see Limits). Shorten customCSS/customJS or the templates; every parameter at its documented limit fits when percent-encoded ASCII.",
  },
  invalid_session_token: {
    status: 401,
    summary: "The session's connect URL is unknown, used already or expired.",
    help: "A connect URL from POST /v1/sessions works once, within a minute. Ask for a new one, or connect to /v1/browser with your key in the X-API-Key header.",
  },
  session_limit: {
    status: 429,
    summary: "The plan's concurrent browser sessions are all in use.",
    help: "Close a live session (DELETE /v1/sessions/{id}, or close its connection) and connect again, or upgrade for more concurrent sessions.",
  },
  rate_limited: {
    status: 429,
    summary: "Too many requests this minute for the account's plan.",
    help: "Too many requests this minute for your plan, across all keys. Wait the Retry-After seconds; RateLimit-* headers show the window.",
  },
  quota_exceeded: {
    status: 429,
    summary: "The account's monthly render quota is used up.",
    help: "The month's renders are used up. Cached results are still served; renders resume next month or on a higher plan.",
  },
  key_render_cap_reached: {
    status: 429,
    summary: "The API key's own monthly render cap is used up.",
    help: "This key's monthly render cap, set in the dashboard, is used up; cached results are still served. Raise the cap or wait for next month.",
  },
  internal_error: {
    status: 500,
    summary: "Something failed on our side. The request id helps support find it.",
    help: "Something failed on our side. Retry; if it persists, contact support with the X-Request-Id.",
  },
  connector_offline: {
    status: 502,
    summary: "The workspace's connector for the target's origin is offline.",
    help: "The url is on an origin your workspace's connector serves, and no connector serving it is connected. Start the connector again (npm run connector) and retry.",
  },
  connector_failed: {
    status: 502,
    summary: "The workspace's connector did not deliver the page.",
    help: "The connector serving the url's origin was connected but did not answer the page in time, answered something invalid, or could not reach the site itself. Check the connector's log and that the site is up inside your network.",
  },
  renderer_unavailable: {
    status: 502,
    summary: "No browser could be reached to render the page.",
    help: "No browser could be reached. Retry after a moment: the next request gets a fresh browser.",
  },
  pdf_conversion_failed: {
    status: 502,
    summary: "The page printed, but converting the PDF to the requested pdfStandard failed.",
    help: "Ghostscript could not convert this page's PDF to PDF/A-2b (or is not installed on a self-hosted server: install Debian's ghostscript package). The render is not charged. Retry without pdfStandard to get the PDF as Chromium printed it; if one page always fails, contact support with the X-Request-Id.",
  },
  storage_upload_failed: {
    status: 502,
    summary: "The result was rendered, but uploading it to the account's storage bucket failed.",
    help: "Your bucket refused or did not answer the upload (wrong credentials, missing bucket, no write permission, or an unreachable endpoint). The detail quotes the storage's answer; fix the settings in the dashboard (Storage, Check connection) and submit the job again.",
  },
  renderer_busy: {
    status: 503,
    summary: "Every renderer is busy and the request could not start in time; retry after Retry-After seconds.",
    help: "Every renderer of this instance is busy and your render could not start within a quarter of its timeout. Retry after the Retry-After seconds, or raise timeout to wait longer.",
  },
  insufficient_storage: {
    status: 503,
    summary: "The server has no disk room for the recording's frames now; retry after Retry-After seconds.",
    help: "A gif keeps its frames on disk while it records, and this instance has no room for them at the moment: nothing was recorded or counted. Retry after the Retry-After seconds, or record an mp4 or webm (which keep no frames) or a shorter, smaller or slower gif.",
  },
  shutting_down: {
    status: 503,
    summary: "This instance is shutting down and starts no new renders; retry after Retry-After seconds.",
    help: "The instance that got the request is restarting or scaling down: renders already running finish, new ones are refused. Retry after the Retry-After seconds; the load balancer sends the retry to another instance.",
  },
  render_timeout: {
    status: 504,
    summary: "Rendering did not finish within the time allowed.",
    help: "Rendering took longer than `timeout` (screenshots) or the OG render time limit (see Limits). Raise timeout, lower delay, or check waitForSelector.",
  },
} as const satisfies Record<string, { status: number; summary: string; help: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
