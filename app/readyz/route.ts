import { requestIdFor } from "@/lib/api/request";
import { checkReadiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const report = await checkReadiness();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(request) },
  });
}
