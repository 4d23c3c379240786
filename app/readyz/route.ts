import { checkReadiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await checkReadiness();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
