import { requestIdFor } from "@/lib/api/request";
import { checkReadiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export async function GET(request: Request) {
  const report = await checkReadiness();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(request) },
  });
}
