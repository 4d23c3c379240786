/**
 * Signed URLs across processes (issue 14, D15): a URL keeps working after the server restarts
 * and on a second instance — given the same server signing secret, which is what every instance
 * must share — and a revocation is seen by every instance on its next request.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

const SERVER_SECRET = "instances-url-signing-secret-0123456789abcdef";
const INSTANCE = path.join(import.meta.dirname, "support/instance.ts");

let account: TestAccount;
let url: string;
const running = new Set<ChildProcess>();

interface Instance {
  origin: string;
  stop(): Promise<void>;
}

async function startInstance(vars: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["--conditions", "react-server", "--import", "tsx", INSTANCE], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: env.current.databaseUrl,
      APP_URL: "http://localhost:3000",
      CACHE_SECRET: "test-cache-secret",
      LOG_LEVEL: "silent",
      REDIS_URL: "",
      ...vars,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`instance exited (${code}): ${stderr}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        running.delete(child);
      }),
  };
}

const get = (instance: Instance, init: RequestInit = {}) =>
  fetch(url.replace("http://localhost:3000", instance.origin), init);

const env = testEnvironment({ extra: { URL_SIGNING_SECRET: SERVER_SECRET } });

beforeAll(async () => {
  account = await createTestAccount({ plan: "pro" });
  const { signUrl } = await import("@/lib/signing/canonical");
  url = signUrl(
    "http://localhost:3000",
    "/v1/og",
    { template: "default", title: "Across instances" },
    {
      keyId: account.publicId,
      signingSecret: account.signingSecret,
    },
  );
});

afterEach(async () => {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM")),
        ),
    ),
  );
  running.clear();
});

// Each instance compiles and loads the app on start (seconds to tens of seconds on a loaded machine).
const SLOW = { timeout: 300_000 };

describe("a signed URL across processes", () => {
  it("works after a restart, on a second instance, and is revoked on both at the next request", SLOW, async () => {
    const dataA = await mkdtemp(path.join(os.tmpdir(), "glance-inst-a-"));
    const dataB = await mkdtemp(path.join(os.tmpdir(), "glance-inst-b-"));
    let a = await startInstance({ DATA_DIR: dataA, URL_SIGNING_SECRET: SERVER_SECRET });
    const first = await get(a);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, /);
    await first.arrayBuffer();

    await a.stop();
    a = await startInstance({ DATA_DIR: dataA, URL_SIGNING_SECRET: SERVER_SECRET });
    const afterRestart = await get(a);
    expect(afterRestart.status).toBe(200);
    expect(afterRestart.headers.get("x-cache")).toBe("HIT"); // same DATA_DIR: the stored result survived too
    await afterRestart.arrayBuffer();

    const b = await startInstance({ DATA_DIR: dataB, URL_SIGNING_SECRET: SERVER_SECRET });
    const second = await get(b);
    expect(second.status).toBe(200);
    await second.arrayBuffer();

    // The control: an instance with another server secret cannot verify the URL.
    const stranger = await startInstance({
      DATA_DIR: dataB,
      URL_SIGNING_SECRET: "a-different-url-signing-secret-0123456789",
    });
    const refused = await get(stranger);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_signature");

    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(account.userId, account.apiKeyId)).toBe(true);
    for (const instance of [a, b]) {
      const res = await get(instance);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { detail: string }).detail).toBe("Invalid or revoked API key.");
      const head = await get(instance, { method: "HEAD" });
      expect(head.status).toBe(401);
    }
  });

  it(
    "without URL_SIGNING_SECRET, the secret persisted under DATA_DIR keeps URLs valid across a restart",
    SLOW,
    async () => {
      const data = await mkdtemp(path.join(os.tmpdir(), "glance-inst-file-"));
      const fresh = await createTestAccount({ plan: "pro" });
      // The signing secret is derived from the server secret of the instance that will verify it:
      // start once to create the persisted file, roll a secret in this process with that file.
      let instance = await startInstance({ DATA_DIR: data, URL_SIGNING_SECRET: "" });
      const { reloadEnv } = await import("@/lib/env");
      process.env.DATA_DIR = data;
      delete process.env.URL_SIGNING_SECRET;
      reloadEnv();
      // The file appears on the instance's first signed request; this process then reads the same one.
      const { signUrl } = await import("@/lib/signing/canonical");
      const probe = await fetch(
        `${instance.origin}/v1/og?template=default&title=x&key_id=${fresh.publicId}&signature=${"0".repeat(64)}`,
      );
      expect(probe.status).toBe(403);
      const { rollSigningSecret } = await import("@/lib/keys/service");
      const secret = (await rollSigningSecret(fresh.userId, fresh.apiKeyId))!;
      const fileUrl = signUrl(
        instance.origin,
        "/v1/og",
        { template: "default", title: "Persisted" },
        { keyId: fresh.publicId, signingSecret: secret },
      );
      expect((await fetch(fileUrl)).status).toBe(200);
      await instance.stop();
      instance = await startInstance({ DATA_DIR: data, URL_SIGNING_SECRET: "" });
      expect((await fetch(fileUrl.replace(/http:\/\/127\.0\.0\.1:\d+/, instance.origin))).status).toBe(200);
    },
  );
});
