// Liveness (D14): the process is up and answering. Checks nothing else on purpose.
import { requestIdFor } from "@/lib/api/request";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return Response.json(
    { status: "ok" },
    { headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(request) } },
  );
}
