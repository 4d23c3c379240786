/** A crawl's pages as JSON lines for the signed-in workspace (D32). Logic: lib/crawl/dashboard.ts. */
import { handleDashboardPagesJsonl } from "@/lib/crawl/dashboard";

export const dynamic = "force-dynamic";

export async function GET(request: Request, props: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleDashboardPagesJsonl(request, (await props.params).id);
}
