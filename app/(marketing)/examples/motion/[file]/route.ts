import { createHash } from "node:crypto";
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";
import { byteRange } from "@/lib/results/files";
import { motionSample } from "@/lib/showcase/motion";
import { motionVideo } from "@/lib/showcase/motion-render";

// Made by this server's recording engine on first request, then kept (lib/showcase/motion-render.ts, D26).
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const sample = motionSample((await params).file);
  if (!sample) return new Response("Not found", { status: 404 });
  try {
    const video = await motionVideo(sample);
    const etag = `"${createHash("sha256").update(video.bytes).digest("base64url")}"`;
    // Players seek with byte ranges, and Safari plays no video without them.
    const range = byteRange(request, video.bytes.length, etag);
    const body = new Uint8Array(video.bytes);
    const sent = range ? body.subarray(range.start, range.end + 1) : body;
    return new Response(sent, {
      status: range ? 206 : 200,
      headers: {
        "Content-Type": video.contentType,
        "Cache-Control": "public, max-age=3600",
        "Accept-Ranges": "bytes",
        ETag: etag,
        ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${body.length}` } : {}),
      },
    });
  } catch (error) {
    log.warn("motion sample failed", { file: sample.file, error });
    return problemResponse(toApiError(error));
  }
}
