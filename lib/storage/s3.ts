/**
 * Talking to an account's S3-compatible bucket (D20) with @aws-sdk/client-s3, under the address
 * policy of D9: before every use the endpoint's host is resolved once and checked, and the SDK's
 * connections go through agents whose `lookup` answers only that checked address, so a DNS answer
 * that changes after the check (rebinding) cannot send an upload — signed with the customer's
 * credentials — to a private address. Path-style addressing keeps the host the one checked (the
 * virtual-hosted style would put the bucket name in front of it). The SDK does not follow redirects.
 */
import "server-only";
import http from "node:http";
import https from "node:https";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { ApiError } from "@/lib/vocabulary/errors";
import { pinnedLookup } from "@/lib/net/pinned";
import { checkStorageEndpoint, parseStorageEndpoint, type StorageLocation } from "./config";

/** A bucket with usable credentials (the secret decrypted, lib/storage/settings.ts). */
export interface StorageTarget extends StorageLocation {
  secretAccessKey: string;
}

const CONNECT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

async function pinnedClient(target: StorageTarget): Promise<S3Client> {
  const url = parseStorageEndpoint(target.endpoint);
  if (!url)
    throw new ApiError("unsupported_url", "The storage endpoint is not a valid http or https URL.", {
      param: "endpoint",
    });
  const address = await checkStorageEndpoint(url);
  const agentOptions = { lookup: pinnedLookup(address), keepAlive: false };
  return new S3Client({
    endpoint: url.origin,
    region: target.region,
    forcePathStyle: true,
    followRegionRedirects: false,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: new NodeHttpHandler({
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    }),
  });
}

/** The storage's answer in words for a problem detail: its error name and status, never a credential. */
export function describeStorageError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name && e.name !== "Error" && e.name !== "UnknownError" && e.name !== "Unknown" ? e.name : e.code;
  if (status) return `the storage answered HTTP ${status}${name ? ` (${name})` : ""}`;
  return name ? `no answer from the storage (${name})` : "no answer from the storage";
}

async function withClient<T>(target: StorageTarget, work: (client: S3Client) => Promise<T>): Promise<T> {
  const client = await pinnedClient(target);
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

/** `signal`: the job's, aborted when another instance took the job over (its run is the one that counts). */
export async function putObject(
  target: StorageTarget,
  key: string,
  body: Buffer,
  contentType: string,
  signal?: AbortSignal,
): Promise<void> {
  await withClient(target, (client) =>
    client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
      signal ? { abortSignal: signal } : {},
    ),
  );
}

/**
 * "Check connection": writes a small object under the prefix and deletes it again — the two
 * permissions uploads need (well, the first; the second keeps the bucket clean), tried for real.
 */
export async function probeBucket(target: StorageTarget, probeKey: string): Promise<void> {
  await withClient(target, async (client) => {
    await client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: probeKey,
        Body: Buffer.from("glance connection check\n"),
        ContentType: "text/plain",
      }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: probeKey }));
  });
}
