import type { ErrorCode } from "@/lib/api/errors";

/**
 * What to do about each error code. Typed as a complete record, so adding a code to
 * lib/api/errors.ts without explaining it here fails the type check.
 */
export const ERROR_HELP: Record<ErrorCode, string> = {
  missing_api_key: "Send your key in the X-API-Key header (or the api_key query parameter when you cannot set headers).",
  invalid_api_key_format: "Keys look like sk_live_ followed by 32 letters and digits. Check for a truncated copy or stray whitespace.",
  invalid_api_key: "The key does not exist or was revoked. Create a new one in the dashboard; revocation is immediate and final.",
  api_key_paused:
    "After a move to a plan with fewer keys, the newest keys beyond its limit are paused, not revoked. In the dashboard (API Keys) choose which keys to keep, revoke one, or upgrade; the key works again at once.",
  missing_parameter: "Add the parameter named in `param` (url for screenshots, template for OG images).",
  invalid_parameter:
    "The value named in `param` has the wrong type or format (integers are plain digits, booleans true/false/1/0), or the parameter appears twice. The detail says what is expected.",
  parameter_out_of_range: "Bring the value within the range in the parameter table of the endpoint's reference.",
  malformed_query:
    "Raw bytes such as 0xFF, NUL or an unencoded é reached the server in the URL or a header. Percent-encode the query as UTF-8 (encodeURIComponent, URLSearchParams).",
  unknown_parameter: "Names are case-sensitive: check the spelling (fullPage, not fullpage). The detail suggests the closest name.",
  unsupported_url: "Pass an absolute http:// or https:// URL, URL-encoded, without user name or password.",
  private_address:
    "The host resolves to a private, loopback, link-local or otherwise non-public address. Only public pages can be captured; this is also enforced for redirects and everything the page loads.",
  target_unreachable: "The host name does not resolve or refused the connection. Check the URL from a public network.",
  template_not_found: "Use one of the templates listed by GET /v1/og/templates.",
  invalid_variable:
    "The variable named in `param` is unknown to the template, missing though required, too long, a bad colour, or an image that is not a loadable https URL.",
  plan_upgrade_required:
    "The parameter (or endpoint) needs a higher plan; the detail names it and the plan. Remove the option or upgrade.",
  invalid_signature:
    "Sign the exact query you send, on the same path, with the signing secret of the key named in key_id (see Signed URLs for the canonical form). A key made before signed URLs needs a signing secret rolled in the dashboard.",
  signature_expired: "The URL's expires time (unix seconds) has passed. Sign a new URL with a later expires, or none.",
  endpoint_not_allowed: "This key is restricted to other endpoints in the dashboard. Use another key or widen the key's restriction.",
  not_found: "The file has expired (after your plan's cache TTL) or never existed. Request the render again for a fresh URL.",
  method_not_allowed: "Every endpoint answers GET only: put all inputs in the query string.",
  request_timeout: "The request line and headers did not arrive within 10 seconds (the whole request within 30). Check the client's connection.",
  request_too_large:
    "The URL and headers together are over 256 KiB (see Limits). Shorten customCSS/customJS or the templates; every parameter at its documented limit fits when percent-encoded ASCII.",
  rate_limited: "Too many requests this minute for your plan, across all keys. Wait the Retry-After seconds; RateLimit-* headers show the window.",
  quota_exceeded: "The month's renders are used up. Cached results are still served; renders resume next month or on a higher plan.",
  key_render_cap_reached:
    "This key's monthly render cap, set in the dashboard, is used up; cached results are still served. Raise the cap or wait for next month.",
  internal_error: "Something failed on our side. Retry; if it persists, contact support with the X-Request-Id.",
  renderer_unavailable: "No browser could be reached. Retry after a moment: the next request gets a fresh browser.",
  renderer_busy:
    "Every renderer of this instance is busy and your render could not start within a quarter of its timeout. Retry after the Retry-After seconds, or raise timeout to wait longer.",
  render_timeout: "Rendering took longer than `timeout` (screenshots) or 15 s (OG). Raise timeout, lower delay, or check waitForSelector.",
};
