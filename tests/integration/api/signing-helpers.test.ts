/**
 * The docs' signing helpers (issue 14 point 5, D15) — Node, Web Crypto, Python and PHP — run as
 * real processes from the exact text the docs page shows; the server must accept every URL they
 * print, for awkward values (non-ASCII, reserved characters, spaces, plus signs) and with expires.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGNING_HELPERS } from "@/components/docs/signing-helpers";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

const run = promisify(execFile);
const BASE = "http://localhost:3000";

let og: (request: Request) => Promise<Response>;
let account: TestAccount;
let dir: string;

testEnvironment({ extra: { URL_SIGNING_SECRET: "helpers-url-signing-secret-0123456789abcdef" } });

beforeAll(async () => {
  og = (await import("@/app/v1/og/route")).GET;
  account = await createTestAccount({ plan: "pro" });
  dir = await mkdtemp(path.join(os.tmpdir(), "glance-helpers-"));
  for (const helper of SIGNING_HELPERS) await writeFile(path.join(dir, helper.file), helper.code);
});

async function signWith(
  helper: (typeof SIGNING_HELPERS)[number],
  params: Record<string, string>,
  expires?: number,
): Promise<string> {
  const args = [
    path.join(dir, helper.file),
    BASE,
    "/v1/og",
    JSON.stringify(params),
    account.publicId,
    account.signingSecret,
  ];
  if (expires !== undefined) args.push(String(expires));
  const { stdout } = await run(helper.command, args, { timeout: 60_000 });
  return stdout.trim();
}

const AWKWARD = {
  template: "default",
  title: "Hé & ünïcode 日本語 🎉 (a+b)*'!~ 100% = sure?",
  description: "spaces  and\ttabs, slash/ and #hash",
  accent: "ff8800",
};

describe.each(SIGNING_HELPERS.map((h) => [h.label, h] as const))("the %s helper", (_label, helper) => {
  it("signs URLs the server accepts, with and without expires; a changed value is refused", async () => {
    const url = await signWith(helper, AWKWARD);
    expect(url).toContain(`key_id=${account.publicId}`);
    expect(url).not.toContain(account.signingSecret);
    const res = await og(new Request(url));
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/png"]);

    const expiring = await signWith(
      helper,
      { template: "default", title: "Expiring" },
      Math.floor(Date.now() / 1000) + 3600,
    );
    expect(expiring).toMatch(/expires=\d+/);
    expect((await og(new Request(expiring))).status).toBe(200);

    const tampered = await og(new Request(url.replace("title=H", "title=J")));
    expect(tampered.status).toBe(403);
  });
});

it("every helper computes the server's signature", async () => {
  const { signatureFor } = await import("@/lib/signing/canonical");
  const signatures = new Set<string>();
  for (const helper of SIGNING_HELPERS) {
    const url = new URL(await signWith(helper, AWKWARD));
    const given = url.searchParams.get("signature")!;
    url.searchParams.delete("signature");
    expect(signatureFor(account.signingSecret, "/v1/og", url.searchParams)).toBe(given);
    signatures.add(given);
  }
  expect(signatures.size).toBe(1);
});
