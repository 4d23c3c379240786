/**
 * The connector's frame protocol (D42), shared by the server (lib/connectors/hub.ts) and the
 * program customers run (scripts/connector.ts, lib/connectors/client.ts). One WebSocket, JSON text
 * frames; bodies are base64. Every request carries an id its answer repeats; the server matches
 * answers to the requests it sent on that socket only, so an answer to anything else is dropped.
 * No `server-only`: the program imports it.
 *
 *   connector → server  {"type":"hello","version":"1.0.0","origins":["http://staging.internal:8080"]}
 *   server → connector  {"type":"ready","connector":"con_…","name":"staging","origins":[…]}
 *   server → connector  {"type":"request","id":7,"method":"GET","url":"http://…/a.css","headers":{…},"body":"…"?}
 *   connector → server  {"type":"response","id":7,"status":200,"headers":{…},"body":"…"}
 *   connector → server  {"type":"failure","id":7,"message":"connection refused"}
 * Liveness is WebSocket ping/pong, sent by the server.
 */

export const CONNECTOR_PATH = "/v1/connector";
export const PROTOCOL_VERSION = "1";
/** Largest answer body the server accepts (bytes, decoded): a page or an asset, not a download. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Largest request body the server sends (a form post from the page). */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** Largest frame either side reads: the largest answer in base64 with its headers. */
export const MAX_FRAME_BYTES = Math.ceil((MAX_RESPONSE_BYTES * 4) / 3) + 256 * 1024;
/** Origins one connector may declare. */
export const MAX_ORIGINS = 20;
/** Requests one connector may have outstanding; more wait on the render's side as refused. */
export const MAX_IN_FLIGHT = 64;
/** Close codes the server ends a connection with; the program stops retrying on the 44xx ones. */
export const CLOSE = {
  unauthorized: 4401,
  badHello: 4400,
  revoked: 4403,
  replaced: 4409,
  protocol: 4002,
  flooding: 4008,
} as const;

export interface HelloFrame {
  type: "hello";
  version: string;
  origins: string[];
}
export interface ReadyFrame {
  type: "ready";
  connector: string;
  name: string;
  origins: string[];
}
export interface RequestFrame {
  type: "request";
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface ResponseFrame {
  type: "response";
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}
export interface FailureFrame {
  type: "failure";
  id: number;
  message: string;
}

/** An origin as declared: http or https, a host, nothing else (no path, user, query). */
export function canonicalOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return null;
  return url.origin;
}

function isHeaderRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= 200 && entries.every(([k, v]) => typeof v === "string" && k.length <= 256 && v.length <= 16_384)
  );
}

/** A frame from the connector, or null when it is malformed in any way. */
export function parseConnectorFrame(text: string): HelloFrame | ResponseFrame | FailureFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== "object" || frame === null) return null;
  const f = frame as Record<string, unknown>;
  if (f.type === "hello") {
    if (typeof f.version !== "string" || f.version.length > 64 || !Array.isArray(f.origins)) return null;
    if (!f.origins.every((o) => typeof o === "string" && o.length <= 2048)) return null;
    return { type: "hello", version: f.version, origins: f.origins as string[] };
  }
  if (!Number.isSafeInteger(f.id)) return null;
  const id = f.id as number;
  if (f.type === "response") {
    const status = f.status;
    if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) return null;
    if (!isHeaderRecord(f.headers) || typeof f.body !== "string") return null;
    return { type: "response", id, status: status as number, headers: f.headers, body: f.body };
  }
  if (f.type === "failure" && typeof f.message === "string")
    return { type: "failure", id, message: f.message.slice(0, 500) };
  return null;
}

/** A frame from the server, or null. */
export function parseServerFrame(text: string): ReadyFrame | RequestFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== "object" || frame === null) return null;
  const f = frame as Record<string, unknown>;
  if (f.type === "ready" && typeof f.connector === "string" && typeof f.name === "string" && Array.isArray(f.origins))
    return { type: "ready", connector: f.connector, name: f.name, origins: f.origins as string[] };
  if (
    f.type === "request" &&
    Number.isSafeInteger(f.id) &&
    typeof f.method === "string" &&
    typeof f.url === "string" &&
    isHeaderRecord(f.headers) &&
    (f.body === undefined || typeof f.body === "string")
  )
    return {
      type: "request",
      id: f.id as number,
      method: f.method,
      url: f.url,
      headers: f.headers,
      ...(f.body !== undefined ? { body: f.body as string } : {}),
    };
  return null;
}
