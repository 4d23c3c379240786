/**
 * Customer storage (D20, issue 18 points 5 and 7) against a real S3-protocol server on loopback
 * (@20minutes/s3rver, which checks request signatures), with jobs on BullMQ on real Redis and real
 * Chromium: a job with store=true lands in the bucket as `<prefix><job id>.png` with its content
 * type and the very bytes Glance serves, and its key is in the job's JSON and its signed webhook;
 * a wrong secret fails the job with storage_upload_failed; the secret is stored encrypted and never
 * shown; the connection check really writes; settings belong to one account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from "@/tests/support/s3-server";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { fetchResultFile, postJob, jobsHarness, waitForJob, type JobBody } from "../jobs/support";

let s3: S3TestServer;
let receiver: Receiver;

beforeAll(async () => {
  s3 = await startS3Server();
  receiver = await startReceiver();
});
// Registered before the harness, so the servers stop after it, as before.
afterAll(async () => {
  await receiver?.close();
  await s3?.close();
});
const h = jobsHarness(() => [s3.origin, receiver.origin]);

type Stored = { bucket: string; key: string; contentType: string; size: number };

function settingsFor(
  overrides: Partial<
    Record<"endpoint" | "region" | "bucket" | "prefix" | "accessKeyId" | "secretAccessKey", string>
  > = {},
) {
  return {
    endpoint: s3.origin,
    region: "us-east-1",
    bucket: s3.bucket,
    prefix: "glance/",
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    ...overrides,
  };
}

async function configure(account: TestAccount, overrides: Parameters<typeof settingsFor>[0] = {}) {
  const { saveStorageSettings } = await import("@/lib/storage/settings");
  return saveStorageSettings(account.userId, settingsFor(overrides));
}

async function storageRow(userId: string): Promise<Record<string, unknown> | undefined> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (await getPool()).query(`SELECT * FROM storage_settings WHERE user_id = $1`, [userId]);
  return rows[0];
}

describe("store=true", () => {
  it("uploads the result to the bucket as <prefix><job id>.png with its content type and bytes, named in the JSON and the webhook", async () => {
    await configure(h.account);
    const accepted = await postJob(h.account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?store"), width: 640, height: 480 },
      store: true,
      webhookUrl: `${receiver.origin}/stored`,
    });
    expect(accepted.status).toBe(202);
    const id = ((await accepted.json()) as JobBody).id;
    const done = (await waitForJob(h.account, id)) as JobBody & { stored?: Stored };
    expect(done.status, JSON.stringify(done.error)).toBe("succeeded");
    expect(done.stored).toMatchObject({ bucket: s3.bucket, key: `glance/${id}.png`, contentType: "image/png" });

    const object = await s3.getObject(`glance/${id}.png`);
    expect(object?.contentType).toBe("image/png");
    const served = Buffer.from(await (await fetchResultFile(done.resultUrl!)).arrayBuffer());
    expect(object!.bytes.equals(served)).toBe(true);
    expect(done.stored!.size).toBe(served.length);
    expect(object!.bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a"); // a PNG

    await eventually(() => receiver.received.some((r) => r.path === "/stored"), "the job.succeeded webhook");
    const event = JSON.parse(receiver.received.find((r) => r.path === "/stored")!.body) as {
      type: string;
      data: { stored?: Stored };
    };
    expect(event.type).toBe("job.succeeded");
    expect(event.data.stored).toEqual(done.stored);
  });

  it("uploads a jpeg with image/jpeg, and a job without store leaves the bucket alone", async () => {
    const account = await createTestAccount({ plan: "business" });
    await configure(account, { prefix: "other/" });
    const jpeg = await postJob(account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?jpeg"), format: "jpeg", width: 320, height: 240 },
      store: true,
    });
    const jpegId = ((await jpeg.json()) as JobBody).id;
    const plain = await postJob(account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?plain"), width: 320, height: 240 },
    });
    const plainId = ((await plain.json()) as JobBody).id;
    const [jpegDone, plainDone] = (await Promise.all([
      waitForJob(account, jpegId),
      waitForJob(account, plainId),
    ])) as Array<JobBody & { stored?: Stored }>;
    expect(jpegDone.stored).toMatchObject({ key: `other/${jpegId}.jpg`, contentType: "image/jpeg" });
    expect((await s3.getObject(`other/${jpegId}.jpg`))?.contentType).toBe("image/jpeg");
    expect(plainDone.status).toBe("succeeded");
    expect(plainDone.stored).toBeUndefined();
    expect(await s3.getObject(`other/${plainId}.png`)).toBeNull();
  });

  it("fails the job with 502 storage_upload_failed when the bucket refuses the secret", async () => {
    const account = await createTestAccount({ plan: "business" });
    await configure(account, { secretAccessKey: "not-the-secret-at-all" });
    const accepted = await postJob(account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?wrong-secret"), width: 320, height: 240 },
      store: true,
    });
    const id = ((await accepted.json()) as JobBody).id;
    const done = await waitForJob(account, id);
    expect(done.status).toBe("failed");
    expect(done.error).toMatchObject({ status: 502, code: "storage_upload_failed" });
    expect(String(done.error!.detail)).toContain("SignatureDoesNotMatch");
    expect(String(done.error!.detail)).not.toContain("not-the-secret-at-all");
    expect(await s3.getObject(`glance/${id}.png`)).toBeNull();
  });

  it("is refused with 400 storage_not_configured when the account has no bucket, and nothing is recorded", async () => {
    const account = await createTestAccount({ plan: "business" });
    const single = await postJob(account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html") },
      store: true,
    });
    expect(await problemOf(single)).toMatchObject({ status: 400, code: "storage_not_configured", param: "store" });
    const bulk = await postJob(
      account,
      { jobs: [{ endpoint: "screenshot", params: { url: h.fx.url("basic.html") } }], store: true },
      "/v1/jobs/bulk",
    );
    expect(await problemOf(bulk)).toMatchObject({ status: 400, code: "storage_not_configured" });
    const { getPool } = await import("@/lib/db/pool");
    expect((await (await getPool()).query(`SELECT 1 FROM jobs WHERE user_id = $1`, [account.userId])).rowCount).toBe(0);
  });
});

describe("storage settings", () => {
  it("keeps the secret encrypted: the row, the view and the saved answer never hold it", async () => {
    const account = await createTestAccount();
    const secret = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";
    const view = await configure(account, { secretAccessKey: secret });
    const row = await storageRow(account.userId);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(String(row!.secret_ciphertext)).toMatch(/^v1\./);
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(view.secretHint).toBe("••••••••EKEY");
    const { storageSettingsView, storageTarget } = await import("@/lib/storage/settings");
    expect(JSON.stringify(await storageSettingsView(account.userId))).not.toContain(secret);
    // What the server decrypts for an upload is the secret itself.
    expect((await storageTarget(account.userId))?.secretAccessKey).toBe(secret);
    // An empty secret on a later save keeps the stored one.
    await configure(account, { secretAccessKey: "", bucket: s3.bucket });
    expect((await storageTarget(account.userId))?.secretAccessKey).toBe(secret);
  });

  it("a ciphertext moved to another account's row does not decrypt", async () => {
    const [a, b] = await Promise.all([createTestAccount(), createTestAccount()]);
    await configure(a);
    await configure(b, { secretAccessKey: "b-secret-b-secret" });
    const { getPool } = await import("@/lib/db/pool");
    await (
      await getPool()
    ).query(
      `UPDATE storage_settings SET secret_ciphertext = (SELECT secret_ciphertext FROM storage_settings WHERE user_id = $1) WHERE user_id = $2`,
      [a.userId, b.userId],
    );
    const { storageTarget } = await import("@/lib/storage/settings");
    await expect(storageTarget(b.userId)).rejects.toThrow();
  });

  it("checks the connection with a real write and delete, and reports a wrong secret", async () => {
    const account = await createTestAccount();
    const { checkStorageConnection } = await import("@/lib/storage/settings");
    expect(await checkStorageConnection(account.userId)).toBeNull();
    await configure(account, { prefix: "check/" });
    const checked = await checkStorageConnection(account.userId);
    expect(checked?.probeKey).toMatch(/^check\/\.glance-check-[0-9a-f]{12}$/);
    expect(await s3.getObject(checked!.probeKey)).toBeNull(); // written, then deleted
    await configure(account, { secretAccessKey: "wrong-wrong-wrong" });
    await expect(checkStorageConnection(account.userId)).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    await configure(account, { bucket: "no-such-bucket", secretAccessKey: S3_SECRET_ACCESS_KEY });
    await expect(checkStorageConnection(account.userId)).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("belongs to one account: another account neither sees nor changes it", async () => {
    const [owner, other] = await Promise.all([createTestAccount(), createTestAccount()]);
    await configure(owner, { prefix: "owner/" });
    const { deleteStorageSettings, storageSettingsView } = await import("@/lib/storage/settings");
    expect(await storageSettingsView(other.userId)).toBeNull();
    await configure(other, { prefix: "other/" });
    await deleteStorageSettings(other.userId);
    expect(await storageSettingsView(other.userId)).toBeNull();
    expect(await storageSettingsView(owner.userId)).toMatchObject({ prefix: "owner/", bucket: s3.bucket });
  });

  it("refuses a loopback endpoint that is not allowed, and malformed fields, naming the field", async () => {
    const account = await createTestAccount();
    const refusal = async (overrides: Parameters<typeof settingsFor>[0]) => {
      try {
        await configure(account, overrides);
        return "saved";
      } catch (error) {
        const e = error as { code?: string; param?: string };
        return `${e.code} ${e.param}`;
      }
    };
    expect(await refusal({ endpoint: "http://127.0.0.1:9" })).toBe("private_address endpoint");
    expect(await refusal({ endpoint: "http://localhost:9" })).toBe("private_address endpoint");
    expect(await refusal({ endpoint: `${s3.origin}/some/path` })).toBe("unsupported_url endpoint");
    expect(await refusal({ endpoint: "ftp://example.com" })).toBe("unsupported_url endpoint");
    expect(await refusal({ bucket: "Not_A_Bucket" })).toBe("invalid_parameter bucket");
    expect(await refusal({ prefix: "a b" })).toBe("invalid_parameter prefix");
    expect(await refusal({ secretAccessKey: "" })).toBe("invalid_parameter secretAccessKey");
    expect(await storageRow(account.userId)).toBeUndefined();
  });
});
