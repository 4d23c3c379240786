/** The same metadata at the path RFC 9728 derives from the resource /mcp, where clients look first (D25). */
export { GET, OPTIONS } from "../route";

export const dynamic = "force-dynamic";
