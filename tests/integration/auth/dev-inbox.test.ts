/**
 * D12: with no EMAIL_SERVER and a localhost APP_URL, sign-in links go to the local inbox and the
 * server log; with a public APP_URL and no SMTP there is no e-mail sign-in at all.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const testEnv = testEnvironment({ extra: { EMAIL_SERVER: undefined, LOG_LEVEL: "info" } });

function captureStdout(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
  return { lines, restore: () => (process.stdout.write = original) };
}

describe("local inbox (embedded default)", () => {
  it("stores the link for the inbox page and writes it to the server log", async () => {
    const { env } = await import("@/lib/env");
    const { deliverSignInLink, emailSignInEnabled } = await import("@/lib/auth/mailer");
    const { listDevInbox } = await import("@/lib/auth/dev-inbox");
    expect(env().devInboxEnabled).toBe(true);
    expect(emailSignInEnabled()).toBe(true);

    const out = captureStdout();
    try {
      await deliverSignInLink(
        "first@example.test",
        "http://localhost:3000/api/auth/callback/email?token=one",
        new Date(Date.now() + 60_000),
      );
      await deliverSignInLink(
        "second@example.test",
        "http://localhost:3000/api/auth/callback/email?token=two",
        new Date(Date.now() + 60_000),
      );
    } finally {
      out.restore();
    }
    const inbox = await listDevInbox();
    expect(inbox.map((m) => [m.to, m.url])).toEqual([
      ["second@example.test", "http://localhost:3000/api/auth/callback/email?token=two"],
      ["first@example.test", "http://localhost:3000/api/auth/callback/email?token=one"],
    ]);
    expect(inbox[0]!.subject).toBe("Your Glance sign-in link");
    expect(out.lines.join("")).toContain("http://localhost:3000/api/auth/callback/email?token=two");
    // Only the server's user may read stored links.
    expect((await stat(path.join(testEnv.current.dataDir, "dev-inbox.json"))).mode & 0o777).toBe(0o600);
  });

  it("drops links once they have expired", async () => {
    const { addToDevInbox, listDevInbox } = await import("@/lib/auth/dev-inbox");
    await addToDevInbox({
      to: "old@example.test",
      subject: "s",
      text: "t",
      url: "http://localhost:3000/old",
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect((await listDevInbox()).some((m) => m.to === "old@example.test")).toBe(true);
    expect((await listDevInbox(new Date(Date.now() + 5000))).some((m) => m.to === "old@example.test")).toBe(false);
  });

  it("is off, and e-mail sign-in with it, when APP_URL is not a localhost URL", async () => {
    const { reloadEnv } = await import("@/lib/env");
    process.env.APP_URL = "https://glance.example.com";
    const e = reloadEnv();
    try {
      const { deliverSignInLink, emailSignInEnabled, MailDeliveryError } = await import("@/lib/auth/mailer");
      const { listDevInbox } = await import("@/lib/auth/dev-inbox");
      expect(e.devInboxEnabled).toBe(false);
      expect(emailSignInEnabled()).toBe(false);
      const out = captureStdout();
      try {
        await expect(
          deliverSignInLink(
            "x@example.test",
            "https://glance.example.com/api/auth/callback/email?token=PUBLIC",
            new Date(Date.now() + 60_000),
          ),
        ).rejects.toBeInstanceOf(MailDeliveryError);
      } finally {
        out.restore();
      }
      expect(out.lines.join("")).not.toContain("token=PUBLIC");
      expect(await listDevInbox()).toEqual([]);
    } finally {
      process.env.APP_URL = "http://localhost:3000";
      reloadEnv();
    }
  });
});
