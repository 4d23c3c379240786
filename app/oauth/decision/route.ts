/** POST /oauth/decision: the consent page's allow or deny (D25). Logic: lib/mcp/oauth/routes.ts. */
import { authorizeDecision } from "@/lib/mcp/oauth/routes";

export const dynamic = "force-dynamic";

export const POST = authorizeDecision;
