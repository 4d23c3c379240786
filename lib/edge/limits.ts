/**
 * What the HTTP server in front of the app accepts (D17), documented on /docs/limits. The header
 * limit is sized for the API's own parameter limits: every screenshot parameter at its documented
 * maximum (url 2,048, customCSS and customJS 20,000, headerTemplate and footerTemplate 10,000,
 * userAgent 512 characters) is about 62,500 characters, about 190 KB when every character is
 * percent-encoded ASCII (3 bytes each), so a GET carrying all of them fits with room for headers.
 */
export const EDGE_LIMITS = {
  /** Request line plus all headers, in bytes (Node's default is 16 KiB). */
  maxHeaderBytes: 256 * 1024,
  /** A client must have sent all of its headers this long after connecting (slow senders are cut). */
  headersTimeoutMs: 10_000,
  /** ...and the whole request (headers and body) within this. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above; a late sender is cut at most this much later. */
  timeoutCheckIntervalMs: 1_000,
} as const;

export type EdgeLimits = { [K in keyof typeof EDGE_LIMITS]: number };
