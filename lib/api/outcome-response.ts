/** The HTTP adapter's last step (D35): an endpoint's outcome as the Response that goes on the wire. */
import { BODY_LENGTH_HEADER } from "@/lib/api/body-length";
import type { EndpointOutcome } from "@/lib/api/outcome";

export function outcomeResponse(outcome: EndpointOutcome): Response {
  const headers = new Headers(outcome.headers);
  if (outcome.kind === "empty") return new Response(null, { status: outcome.status, headers });
  if (outcome.kind === "json") {
    // What Response.json says; an answer that names its charset (a stored result's metadata) says so in its headers.
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(outcome.body), { status: outcome.status, headers });
  }
  if (outcome.kind === "stream") {
    headers.set("Content-Type", outcome.contentType);
    return new Response(outcome.body, { status: outcome.status, headers });
  }
  // A revalidation that matched: the validators only, no body (nothing was rendered or counted on a HIT).
  if (outcome.status === 304) return new Response(null, { status: 304, headers });
  const { bytes } = outcome;
  headers.set("Content-Type", outcome.contentType);
  headers.set("Content-Length", String(bytes.length));
  headers.set(BODY_LENGTH_HEADER, String(bytes.length));
  headers.set("Content-Disposition", `inline; filename="${outcome.fileName}"`);
  const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  return new Response(body, { status: 200, headers });
}
