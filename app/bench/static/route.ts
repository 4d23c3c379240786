/**
 * The screenshot benchmark's baseline (e), "a trivial route of this app returning the same
 * bytes". Inert unless the server was started with BENCH_STATIC_FILE (bench/screenshot.ts does
 * that): otherwise a plain 404. No auth, no database, no store — the bytes are read once and
 * served from memory, so the route costs what Next itself costs per response.
 */
import { readFile } from "node:fs/promises";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

let bytes: Promise<Uint8Array<ArrayBuffer>> | undefined;

export async function GET(): Promise<Response> {
  const file = env().BENCH_STATIC_FILE;
  if (!file) return new Response("Not found", { status: 404 });
  bytes ??= readFile(file).then((b) => new Uint8Array(b));
  return new Response(await bytes, { headers: { "Content-Type": "image/png" } });
}
