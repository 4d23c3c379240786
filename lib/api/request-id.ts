/**
 * The request id (D14), without any Next dependency so the HTTP edge (lib/edge) uses the same rule.
 */
import { randomUUID } from "node:crypto";

const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a well-formed id from a proxy in front of us, so logs can be joined; otherwise a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && CLIENT_ID.test(incoming) ? incoming : randomUUID();
}
