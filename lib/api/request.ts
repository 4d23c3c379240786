/**
 * Small request-level helpers: the request id (D14), headers on a finished response, and
 * running work after the response.
 */
import { after } from "next/server";
import { requestIdFrom } from "./request-id";

/** Keeps a well-formed id from a proxy in front of us, so logs can be joined; otherwise a new one. */
export function requestIdFor(request: Request): string {
  return requestIdFrom(request.headers.get("x-request-id"));
}

/** Adds headers it does not have yet, copying the response when its headers are immutable (e.g. one built by fetch). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [k, v] of Object.entries(headers)) if (!response.headers.has(k)) response.headers.set(k, v);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) if (!copy.headers.has(k)) copy.headers.set(k, v);
    return copy;
  }
}

const pending = new Set<Promise<unknown>>();

/**
 * Runs `task` once the response is sent (Next's `after`). Outside a Next request scope — tests
 * calling a route handler directly, scripts — it runs in the background instead, tracked so
 * tests can wait for it with `settleBackgroundWork()`.
 */
export function afterResponse(task: () => Promise<unknown>): void {
  try {
    after(task);
  } catch {
    const p = task().catch(() => {});
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }
}

export async function settleBackgroundWork(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
