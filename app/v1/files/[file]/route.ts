/** GET /v1/files/{key}.{ext}: a stored result, by its capability key (D7). Logic: lib/results/files.ts. */
import { keylessRoute } from "@/lib/api/keyless";
import { serveStoredFile } from "@/lib/results/files";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ file: string }> };

export const GET = keylessRoute(async (request: Request, context: Context) =>
  serveStoredFile(request, (await context.params).file),
);

export const HEAD = GET;

// Anything but GET gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
