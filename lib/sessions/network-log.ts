/**
 * A recorded session's network log (record=true, D39): every request of its pages as a HAR-like
 * entry — method, URL, status, timings, sizes — built from the CDP Network events of our own
 * session on each page. What could hand someone the session's login is never kept: cookies,
 * Authorization (and the guard's Proxy-Authorization) and other credential-like headers are
 * replaced, as are the values of credential-like query parameters and a URL's user:password.
 */
import type { CDPSession } from "puppeteer-core";
import type { Protocol } from "puppeteer-core";

/** A session that makes more requests than this keeps its first ones (and counts the rest). */
const MAX_ENTRIES = 5_000;
/** A longer URL (a data: URL, a tracking beacon) is cut here. */
const MAX_URL_CHARS = 2_048;
const REDACTED = "[redacted]";

const SECRET_HEADER =
  /^(cookie|set-cookie|authorization|proxy-authorization)$|token|secret|api[-_]?key|auth|session|password/i;
/** Headers that carry a URL (the page before, a redirect's target): redacted as URLs are. */
const URL_HEADER = /^(referer|location|content-location|origin)$/i;
const SECRET_QUERY = /token|secret|key|pass|pwd|auth|sig|session|code|credential|jwt|bearer|ticket|nonce/i;

/** The URL with its credentials and credential-like query values replaced. */
function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.slice(0, MAX_URL_CHARS);
  }
  if (url.protocol === "data:" || url.protocol === "blob:") return raw.slice(0, MAX_URL_CHARS);
  if (url.username || url.password) {
    url.username = url.username ? "redacted" : "";
    url.password = url.password ? "redacted" : "";
  }
  for (const name of new Set(url.searchParams.keys())) {
    if (SECRET_QUERY.test(name)) url.searchParams.set(name, REDACTED);
  }
  url.hash = "";
  return url.toString().slice(0, MAX_URL_CHARS);
}

type Headers = Record<string, string>;
function redactHeaders(headers: Headers | undefined): Array<{ name: string; value: string }> {
  return Object.entries(headers ?? {}).map(([name, value]) => ({
    name,
    value: SECRET_HEADER.test(name) ? REDACTED : URL_HEADER.test(name) ? redactUrl(String(value)) : String(value),
  }));
}

interface Pending {
  startedAt: number;
  /** CDP's monotonic seconds, for the durations. */
  start: number;
  method: string;
  url: string;
  resourceType?: string;
  requestHeaders: Headers;
  response?: Protocol.Network.Response;
  /** The body's decoded bytes received so far. */
  bodyBytes: number;
}

export interface NetworkEntry {
  startedDateTime: string;
  /** Milliseconds from the request to its last byte (or failure). */
  time: number;
  _resourceType?: string;
  _error?: string;
  request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: Array<{ name: string; value: string }>;
    content: { mimeType: string; size: number };
    /** Bytes over the wire, headers included (-1 when unknown). */
    _transferSize: number;
  };
  timings: { blocked: number; dns: number; connect: number; ssl: number; send: number; wait: number; receive: number };
}

const span = (from: number | undefined, to: number | undefined) =>
  from !== undefined && to !== undefined && from >= 0 && to >= 0 ? round(to - from) : -1;
const round = (ms: number) => Math.round(ms * 10) / 10;

function timings(response: Protocol.Network.Response | undefined, totalMs: number): NetworkEntry["timings"] {
  const t = response?.timing;
  if (!t) return { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: round(totalMs), receive: 0 };
  const wait = span(t.sendEnd, t.receiveHeadersEnd);
  return {
    blocked: round(Math.max(0, [t.dnsStart, t.connectStart, t.sendStart].find((v) => v >= 0) ?? 0)),
    dns: span(t.dnsStart, t.dnsEnd),
    connect: span(t.connectStart, t.connectEnd),
    ssl: span(t.sslStart, t.sslEnd),
    send: Math.max(0, span(t.sendStart, t.sendEnd)),
    wait: Math.max(0, wait),
    receive: round(Math.max(0, totalMs - Math.max(0, t.receiveHeadersEnd))),
  };
}

export class NetworkLog {
  private readonly pending = new Map<string, Pending>();
  private readonly entries: NetworkEntry[] = [];
  private dropped = 0;

  /** Follows `page`'s Network events (the caller enables the domain). */
  listen(page: CDPSession): void {
    page.on("Network.requestWillBeSent", (e) => {
      // A redirect reuses the request's id: the hop that led here ends with its 3xx answer.
      if (e.redirectResponse)
        this.finish(e.requestId, e.timestamp, e.redirectResponse.encodedDataLength, undefined, e.redirectResponse);
      this.pending.set(e.requestId, {
        startedAt: e.wallTime * 1000,
        start: e.timestamp,
        method: e.request.method,
        url: e.request.url + (e.request.urlFragment ?? ""),
        resourceType: e.type,
        requestHeaders: e.request.headers,
        bodyBytes: 0,
      });
    });
    page.on("Network.responseReceived", (e) => {
      const entry = this.pending.get(e.requestId);
      if (entry) entry.response = e.response;
    });
    page.on("Network.dataReceived", (e) => {
      const entry = this.pending.get(e.requestId);
      if (entry) entry.bodyBytes += e.dataLength;
    });
    page.on("Network.loadingFinished", (e) => this.finish(e.requestId, e.timestamp, e.encodedDataLength));
    page.on("Network.loadingFailed", (e) =>
      this.finish(e.requestId, e.timestamp, -1, e.canceled ? "canceled" : e.errorText),
    );
  }

  private finish(
    requestId: string,
    timestamp: number,
    transferSize: number,
    error?: string,
    response?: Protocol.Network.Response,
  ): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    if (this.entries.length >= MAX_ENTRIES) return void this.dropped++;
    const answer = response ?? pending.response;
    const time = round(Math.max(0, (timestamp - pending.start) * 1000));
    this.entries.push({
      startedDateTime: new Date(pending.startedAt).toISOString(),
      time,
      ...(pending.resourceType ? { _resourceType: pending.resourceType } : {}),
      ...(error ? { _error: error } : {}),
      request: { method: pending.method, url: redactUrl(pending.url), headers: redactHeaders(pending.requestHeaders) },
      response: {
        status: answer?.status ?? 0,
        statusText: answer?.statusText ?? "",
        httpVersion: answer?.protocol ?? "",
        headers: redactHeaders(answer?.headers),
        content: { mimeType: answer?.mimeType ?? "", size: response ? 0 : pending.bodyBytes },
        _transferSize: transferSize,
      },
      timings: timings(answer, time),
    });
  }

  /** The log as stored: HAR's shape (log.entries), requests still open at the end listed without an answer. */
  toJSON(endedAt: number) {
    for (const id of [...this.pending.keys()]) this.finish(id, this.pending.get(id)!.start, -1, "unfinished");
    const entries = [...this.entries].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
    return {
      log: {
        version: "1.2",
        creator: { name: "Glance", version: "1" },
        pages: [],
        entries,
        _droppedEntries: this.dropped,
        _endedAt: new Date(endedAt).toISOString(),
      },
    };
  }
}
