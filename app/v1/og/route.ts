/** GET /v1/og: an Open Graph image from a template (spec "GET /v1/og"). Logic: lib/og/handler.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { handleOg } from "@/lib/og/handler";
import { ogEndpoint } from "@/lib/og/params";

export const dynamic = "force-dynamic";

export const GET = apiRoute(ogEndpoint, handleOg);
