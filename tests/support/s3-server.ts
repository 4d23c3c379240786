/**
 * A real S3-protocol server for the storage tests (D20): @20minutes/s3rver, which checks
 * Signature V4 (a wrong secret access key is refused with SignatureDoesNotMatch), on loopback or
 * any address given, with one bucket, files in a temporary directory. Its account gets a key
 * pair of our own (a distinctive secret, so a test can look for it where it must not be).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { DUMMY_ACCOUNT } from "@20minutes/s3rver/lib/models/account.js";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";

export const S3_ACCESS_KEY_ID = "GLANCETESTACCESSKEY";
export const S3_SECRET_ACCESS_KEY = "glance-test-s3-secret-Q7v2xK9pL4mN8rT1";

export interface S3TestServer {
  origin: string;
  port: number;
  bucket: string;
  /** The object as the server holds it, read with the SDK (not through Glance's code). */
  getObject(key: string): Promise<{ contentType: string | undefined; bytes: Buffer } | null>;
  close(): Promise<void>;
}

export async function startS3Server(
  options: { address?: string; port?: number; bucket?: string } = {},
): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "glance-s3-"));
  const bucket = options.bucket ?? "glance-results";
  // vhostBuckets off: Glance sends path-style requests, and a host name (www.public.test in the
  // namespace tests) must not be taken for a bucket name.
  const server = new S3rver({
    port: options.port ?? 0,
    address: options.address ?? "127.0.0.1",
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY);
  const origin = `http://127.0.0.1:${port}`;
  const reader = new S3Client({
    endpoint: origin,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    origin,
    port,
    bucket,
    async getObject(key) {
      try {
        const answer = await reader.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: answer.ContentType, bytes: Buffer.from(await answer.Body!.transformToByteArray()) };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async close() {
      reader.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
