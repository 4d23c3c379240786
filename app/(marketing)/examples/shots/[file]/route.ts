import { showcaseShot } from "@/lib/showcase/shots";
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";
import { showcaseImage } from "@/lib/showcase/render";

// Made by this server's screenshot engine on first request, then kept (lib/showcase/render.ts).
export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const shot = showcaseShot((await params).file);
  if (!shot) return new Response("Not found", { status: 404 });
  try {
    const image = await showcaseImage(shot);
    return new Response(new Uint8Array(image.bytes), {
      headers: { "Content-Type": image.contentType, "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    log.warn("showcase capture failed", { file: shot.file, error });
    return problemResponse(toApiError(error));
  }
}
