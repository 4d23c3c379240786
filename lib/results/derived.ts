/**
 * Files the service makes from renders rather than renders themselves — a comparison's diff
 * image, a monitor's baseline published for viewing (D27) — stored like a render (D7): under a
 * cache key of their own parts, for the account's plan's cache time, served by /v1/files.
 */
import "server-only";
import type { EndpointId } from "@/lib/endpoints";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { cacheTtlSeconds, type PlanId } from "@/lib/plans";
import { cacheKey } from "./key";
import { fileUrl } from "./answers";
import { getResultStore } from "./store";

export interface DerivedImage {
  accountId: string;
  plan: PlanId;
  endpoint: EndpointId;
  /** What the image is made of (e.g. the ETags of both captures and the options): its key. */
  keyParams: Record<string, unknown>;
  png: Buffer;
  width: number;
  height: number;
}

/** Stores the PNG (replacing an earlier copy under the same key) and answers its files URL. */
export async function storeDerivedImage(image: DerivedImage): Promise<{ key: string; url: string }> {
  const key = await cacheKey({ accountId: image.accountId, endpoint: image.endpoint, params: image.keyParams });
  await getResultStore().put(
    key,
    {
      bytes: image.png,
      contentType: OUTPUT_FORMATS.png.mime,
      ext: "png",
      metadata: { width: image.width, height: image.height, renderMs: 0 },
    },
    cacheTtlSeconds(image.plan) * 1000,
  );
  return { key, url: fileUrl(key, "png") };
}
