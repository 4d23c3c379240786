import { tryUrlDemo } from "@/lib/demo/try-url";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export function GET(request: Request): Promise<Response> {
  return tryUrlDemo(request);
}
