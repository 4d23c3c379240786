/**
 * What an endpoint answers before HTTP (D35): a JSON document, a file (bytes with their metadata),
 * a stream of bytes too long to hold (a crawl's pages as JSON lines, D32), or nothing (a 204). Handlers return one; `runEndpoint` hands it to its caller — the HTTP adapter
 * turns it into a Response (lib/api/outcome-response.ts), a job records its JSON, an MCP tool
 * shows it — so no caller that is not HTTP builds a Request or reads a Response back.
 *
 * `headers` are the answer's facts in the words the HTTP API sends them (X-Cache, X-Render-Time,
 * Cache-Control, Location): kept as they are so every caller sees the same facts and the wire
 * format does not change.
 */
export type EndpointOutcome<T = unknown> = JsonOutcome<T> | FileOutcome | StreamOutcome | EmptyOutcome;

export interface JsonOutcome<T = unknown> {
  kind: "json";
  status: number;
  body: T;
  headers: Readonly<Record<string, string>>;
}

export interface FileOutcome {
  kind: "file";
  /** 304 when the caller already holds these bytes (its If-None-Match named the ETag): no body goes out. */
  status: 200 | 304;
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
  headers: Readonly<Record<string, string>>;
}

/** Bytes read as they are sent, never held whole: only for answers that can outgrow memory. */
interface StreamOutcome {
  kind: "stream";
  status: 200;
  body: ReadableStream<Uint8Array>;
  contentType: string;
  headers: Readonly<Record<string, string>>;
}

export interface EmptyOutcome {
  kind: "empty";
  status: number;
  headers: Readonly<Record<string, string>>;
}

export function jsonOutcome<T>(
  body: T,
  options: { status?: number; headers?: Record<string, string> } = {},
): JsonOutcome<T> {
  return { kind: "json", status: options.status ?? 200, body, headers: options.headers ?? {} };
}

export function emptyOutcome(status: number, headers: Record<string, string> = {}): EmptyOutcome {
  return { kind: "empty", status, headers };
}
