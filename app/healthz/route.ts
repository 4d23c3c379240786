// Liveness (D14): the process is up and answering. Checks nothing else on purpose.
import { requestIdFor } from "@/lib/api/request";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export function GET(request: Request) {
  return Response.json(
    { status: "ok" },
    { headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(request) } },
  );
}
