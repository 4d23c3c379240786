/**
 * GET /metrics (D40): this instance's metrics in Prometheus's text format, for a scrape that
 * sends `Authorization: Bearer <METRICS_TOKEN>`. With no METRICS_TOKEN, or any other
 * authorization, the answer is the API's 404: the endpoint says nothing of itself to whoever
 * does not hold the token. The token is compared in constant time (both sides hashed first, so
 * neither their contents nor their lengths show in the timing).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError, problemResponse } from "@/lib/vocabulary/errors";
import { exposition, metricsContentType } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

function holdsToken(request: Request, token: string): boolean {
  const given = /^Bearer ([^\s]+)$/.exec(request.headers.get("authorization")?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

export async function metricsRoute(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token || !holdsToken(request, token)) {
    return problemResponse(new ApiError("not_found", "Nothing here."));
  }
  return new Response(await exposition(), {
    headers: { "Content-Type": metricsContentType(), "Cache-Control": "no-store" },
  });
}
