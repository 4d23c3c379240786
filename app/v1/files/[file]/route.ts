/** GET /v1/files/{key}.{ext}: a stored result, by its capability key (D7). Logic: lib/results/files.ts. */
import { serveStoredFile } from "@/lib/results/files";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ file: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return serveStoredFile(request, (await context.params).file);
}

export async function HEAD(request: Request, context: Context): Promise<Response> {
  return serveStoredFile(request, (await context.params).file);
}

// Anything but GET gets a problem+json 405 (D1), not an empty one.
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from "@/lib/api/fallback";
