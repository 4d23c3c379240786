/**
 * The Python SDK (sdks/python, D29) against the real API over HTTP (./harness.ts): this file sets
 * up the server, accounts and a real signed webhook delivery, then runs the SDK's own unittest
 * suite with python3 (standard library only), which renders, signs, verifies and maps errors
 * against it. Every Python test must run and pass: a skipped one fails here.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { signUrl } from "@/lib/signing/canonical";
import { eventually } from "@/tests/support/webhook-receiver";
import { sdkServer } from "./harness";

const s = sdkServer();

/** A job whose end the server delivers, signed, to the receiver: the Python tests verify that delivery. */
async function realDelivery(): Promise<{ jobId: string; headers: Record<string, string>; body: string }> {
  const accepted = await fetch(`${s.origin}/v1/jobs`, {
    method: "POST",
    headers: { "X-API-Key": s.account.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: "og", params: { template: "default", title: "Python webhook" } }),
  });
  expect(accepted.status).toBe(202);
  const { id } = (await accepted.json()) as { id: string };
  await eventually(() => s.receiver.received.some((r) => r.body.includes(id)), "the job's webhook", 60_000);
  const delivery = s.receiver.received.find((r) => r.body.includes(id))!;
  return { jobId: id, headers: delivery.headers, body: delivery.body };
}

it("the Python SDK's unittest suite passes against the real server", async () => {
  const webhook = await realDelivery();
  const params = { template: "default", title: "Ünïcode & spaces + symbols/?" };
  const expires = Math.floor(Date.now() / 1000) + 600;
  const config = {
    base_url: s.origin,
    api_key: s.account.apiKey,
    free_api_key: s.free.apiKey,
    key_id: s.account.publicId,
    signing_secret: s.account.signingSecret,
    fixture: s.fx.origin,
    // The example webhook receiver's port (sdks/python/examples/webhook_receiver.py).
    example_port: 3162,
    server_signed: {
      params,
      expires,
      url: signUrl(s.origin, "/v1/og", params, { ...s.account, keyId: s.account.publicId, expires }),
    },
    webhook: { ...webhook, job_id: webhook.jobId, secret: s.webhookSecret },
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-sdk-py-"));
  const configFile = path.join(dir, "config.json");
  await writeFile(configFile, JSON.stringify(config));

  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      "python3",
      ["-m", "unittest", "-v", "tests.test_offline", "tests.test_server"],
      {
        cwd: path.resolve("sdks/python"),
        env: { ...process.env, GLANCE_TEST_CONFIG: configFile, PYTHONDONTWRITEBYTECODE: "1" },
        timeout: 240_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, output: stdout + stderr }),
    );
  });
  expect(code, output).toBe(0);
  expect(output).toMatch(/\nOK\n/);
  expect(output).not.toMatch(/skipped/i);
  const ran = Number(/Ran (\d+) tests/.exec(output)?.[1]);
  expect(ran, output).toBe(22);
}, 300_000);
