/**
 * What an account's storage settings may be (D20), checked when they are saved: the endpoint is a
 * caller-supplied URL and passes the capture URL's address policy (D9) — and again before every
 * upload (lib/storage/s3.ts), so a name that later resolves to a private address is refused then too.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { parsePostUrl } from "@/lib/net/post";
import { assertPublicDestination } from "@/lib/net/target";

/** Where an account's files go and as whom: the settings without the secret. */
export interface StorageLocation {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
}

/** The settings as typed in the dashboard; `secretAccessKey` empty means "keep the stored one". */
export interface StorageInput extends StorageLocation {
  secretAccessKey: string;
}

const MAX_ENDPOINT_LENGTH = 2048;
// S3's bucket naming rules (lower case, digits, dots, hyphens; 3–63 characters).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,64}$/;
// S3's "safe characters" for object keys, so a key needs no escaping anywhere it is shown.
const PREFIX = /^[A-Za-z0-9!_.*'()/-]{0,512}$/;
const ACCESS_KEY_ID = /^[\x21-\x7e]{1,128}$/;
const SECRET = /^[\x21-\x7e]{1,256}$/;

function invalid(param: string, message: string): ApiError {
  return new ApiError("invalid_parameter", message, { param });
}

/** The endpoint's origin URL when it is an http(s) URL without credentials, path or query. */
export function parseStorageEndpoint(raw: string): URL | undefined {
  const url = raw.length <= MAX_ENDPOINT_LENGTH ? parsePostUrl(raw) : undefined;
  if (!url || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return undefined;
  return url;
}

/** Resolves the endpoint's host once; its addresses must all be public unless the origin is on ALLOW_PRIVATE_ORIGINS (D9). */
export async function checkStorageEndpoint(url: URL): Promise<string> {
  const addresses = await assertPublicDestination(url, "endpoint", {
    subject: "the storage endpoint",
    publicOnly: "uploads go only to public addresses.",
  });
  return addresses[0];
}

/** Throws ApiError 400 naming the field at fault; returns the settings in canonical form. */
export async function validateStorageInput(input: StorageInput, hasStoredSecret: boolean): Promise<StorageInput> {
  const url = parseStorageEndpoint(input.endpoint.trim());
  if (!url)
    throw new ApiError(
      "unsupported_url",
      "The endpoint must be an http or https URL with no path, query or user name, e.g. https://s3.eu-west-1.amazonaws.com.",
      { param: "endpoint" },
    );
  await checkStorageEndpoint(url);
  const region = input.region.trim() || "us-east-1";
  if (!REGION.test(region))
    throw invalid(
      "region",
      "The region is lower-case letters, digits and hyphens, e.g. eu-west-1 (auto for Cloudflare R2).",
    );
  const bucket = input.bucket.trim();
  if (!BUCKET.test(bucket))
    throw invalid("bucket", "The bucket name is 3–63 lower-case letters, digits, dots and hyphens.");
  const prefix = input.prefix.trim().replace(/^\/+/, "");
  if (!PREFIX.test(prefix))
    throw invalid(
      "prefix",
      "The prefix is at most 512 letters, digits and ! _ . * ' ( ) / - (e.g. glance/screenshots/).",
    );
  const accessKeyId = input.accessKeyId.trim();
  if (!ACCESS_KEY_ID.test(accessKeyId)) throw invalid("accessKeyId", "The access key id is 1–128 visible characters.");
  const secretAccessKey = input.secretAccessKey.trim();
  if (secretAccessKey === "" && !hasStoredSecret) throw invalid("secretAccessKey", "Enter the secret access key.");
  if (secretAccessKey !== "" && !SECRET.test(secretAccessKey))
    throw invalid("secretAccessKey", "The secret access key is 1–256 visible characters.");
  return { endpoint: url.origin, region, bucket, prefix, accessKeyId, secretAccessKey };
}
