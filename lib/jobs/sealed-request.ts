/**
 * A job's request on its row (D20): the fields its endpoint's schema marks secret (headers,
 * cookies — D19: never stored in clear) are sealed apart (lib/secrets/sealed.ts, as a monitor's
 * are, D27) under the account's id, and joined back when the job runs. A row written before this
 * holds its whole request in `request` and no sealed part: it is read as it is.
 */
import "server-only";
import { describeParams } from "@/lib/api/params";
import { seal, unseal } from "@/lib/secrets/sealed";
import { JOB_PARAM_SCHEMAS } from "./param-schemas";
import type { JobType } from "./types";

const SEALED_PURPOSE = "glance-job-request-secrets-v1";

type Pairs = Array<[string, string]>;

function secretNames(endpoint: JobType): ReadonlySet<string> {
  return new Set(
    describeParams(JOB_PARAM_SCHEMAS[endpoint])
      .filter((field) => field.secret)
      .map((field) => field.name),
  );
}

/** The request as stored: the plain pairs, and the secret ones sealed (null when there are none). */
export async function sealRequest(
  userId: string,
  endpoint: JobType,
  query: Pairs,
): Promise<{ request: Pairs; requestSecrets: string | null }> {
  const secret = secretNames(endpoint);
  const hidden = query.filter(([name]) => secret.has(name));
  return {
    request: query.filter(([name]) => !secret.has(name)),
    requestSecrets: hidden.length > 0 ? await seal(JSON.stringify(hidden), SEALED_PURPOSE, userId) : null,
  };
}

/** The request to run: the plain pairs with the sealed ones opened (a row from before sealing has none). */
export async function openRequest(row: {
  user_id: string;
  request: Pairs;
  request_secrets: string | null;
}): Promise<Pairs> {
  if (!row.request_secrets) return row.request;
  const hidden = JSON.parse(await unseal(row.request_secrets, SEALED_PURPOSE, row.user_id)) as Pairs;
  return [...row.request, ...hidden];
}
