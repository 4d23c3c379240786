// Liveness (D14): the process is up and answering. Checks nothing else on purpose.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
