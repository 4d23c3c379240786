/**
 * Uploads a succeeded job's result to the account's bucket (D20): the file the render stored in
 * Glance's store (D7) goes to `<prefix><job id>.<ext>` with its Content-Type. A failed upload is
 * the job's failure, `502 storage_upload_failed`, whose detail quotes the storage's answer.
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
import { getResultStore } from "@/lib/results/store";
import { describeStorageError, putObject } from "./s3";
import { storageTarget } from "./settings";

/** Where a stored result landed, as the job's JSON and webhook show it. */
export interface StoredObject {
  bucket: string;
  key: string;
  contentType: string;
  size: number;
}

const FILE_URL = /\/v1\/files\/([0-9a-f]{64})\.([a-z]+)$/;

export async function uploadJobResult(
  userId: string,
  jobId: string,
  result: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<StoredObject> {
  // The render's file (D7), or a content job's stored document (resultUrl, D24).
  const file = result.imageUrl ?? result.resultUrl;
  const match = typeof file === "string" ? FILE_URL.exec(file) : null;
  const stored = match ? await getResultStore().get(match[1]) : undefined;
  if (!match || !stored)
    throw new ApiError("internal_error", "The job's result could not be read back for the upload.");
  const target = await storageTarget(userId);
  if (!target)
    throw new ApiError(
      "storage_not_configured",
      "store=true was asked, but the account's storage settings have been removed since.",
      { param: "store" },
    );
  const key = `${target.prefix}${jobId}.${stored.ext}`;
  try {
    await putObject(target, key, stored.bytes, stored.contentType, signal);
  } catch (error) {
    throw new ApiError(
      "storage_upload_failed",
      `Uploading ${key} to the bucket ${target.bucket} failed: ${describeStorageError(error)}.`,
    );
  }
  return { bucket: target.bucket, key, contentType: stored.contentType, size: stored.bytes.length };
}
