import { tryUrlDemo } from "@/lib/demo/try-url";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return tryUrlDemo(request);
}
