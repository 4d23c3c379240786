/** Sign-in mail over a real SMTP listener (EMAIL_SERVER set): sent, readable, and no inbox page. */
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseMail, linkTo } from "../../e2e/support/mime";
import { testEnvironment } from "@/tests/support/test-env";
import { createSmtpCapture, type CapturedSmtpMessage } from "../../support/smtp-capture";

const received: CapturedSmtpMessage[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = createSmtpCapture((message) => received.push(message));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});

testEnvironment(() => ({
  extra: {
    EMAIL_SERVER: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    EMAIL_FROM: "Glance <signin@glance.test>",
  },
}));

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe("SMTP mailer", () => {
  it("sends the sign-in link to the address, in text and HTML", async () => {
    const { deliverSignInLink, emailSignInEnabled } = await import("@/lib/auth/mailer");
    expect(emailSignInEnabled()).toBe(true);
    const url =
      "http://localhost:3000/api/auth/callback/email?callbackUrl=%2Fdashboard&token=abc123&email=ann%40example.test";
    await deliverSignInLink("ann@example.test", url, new Date(Date.now() + 30 * 60_000));

    expect(received).toHaveLength(1);
    expect(received[0]!.rcpt).toEqual(["ann@example.test"]);
    const mail = parseMail(received[0]!.raw);
    expect(mail.subject).toBe("Your Glance sign-in link");
    expect(mail.from).toContain("signin@glance.test");
    expect(linkTo(mail, "http://localhost:3000/api/auth/callback/email")).toBe(url);
    expect(mail.text).toContain("expires in 30 minutes");
    expect(mail.html).toContain(url.replace(/&/g, "&amp;"));
  });

  it("keeps no local inbox when SMTP is configured", async () => {
    const { env } = await import("@/lib/env");
    const { listDevInbox, addToDevInbox } = await import("@/lib/auth/dev-inbox");
    expect(env().devInboxEnabled).toBe(false);
    expect(await listDevInbox()).toEqual([]);
    await expect(
      addToDevInbox({ to: "x@y.z", subject: "s", text: "t", url: "u", expiresAt: new Date().toISOString() }),
    ).rejects.toThrow(/disabled/);
  });

  it("reports a refused delivery as MailDeliveryError without the link in the log", async () => {
    const { reloadEnv } = await import("@/lib/env");
    const before = process.env.EMAIL_SERVER;
    process.env.EMAIL_SERVER = "smtp://127.0.0.1:1"; // nothing listens on port 1
    process.env.LOG_LEVEL = "error";
    reloadEnv();
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (writes.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      // A fresh module instance, so the transport is built for the new EMAIL_SERVER.
      vi.resetModules();
      const { deliverSignInLink, MailDeliveryError } = await import("@/lib/auth/mailer");
      const secretLink = "http://localhost:3000/api/auth/callback/email?token=TOPSECRETTOKEN";
      await expect(
        deliverSignInLink("bob@example.test", secretLink, new Date(Date.now() + 60_000)),
      ).rejects.toBeInstanceOf(MailDeliveryError);
      expect(writes.join("")).toContain("sign-in e-mail not sent");
      expect(writes.join("")).not.toContain("TOPSECRETTOKEN");
    } finally {
      process.stderr.write = original;
      process.env.EMAIL_SERVER = before;
      process.env.LOG_LEVEL = "silent";
      reloadEnv();
    }
  });
});
