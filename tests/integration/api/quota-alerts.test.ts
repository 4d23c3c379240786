/**
 * Quota alerts (D18): the render that reaches 80 % of the month's quota sends one e-mail to a
 * real SMTP listener, once per period; the render that reaches 100 % sends the second.
 */
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import { apiRequest, createTestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { createSmtpCapture, type CapturedSmtpMessage } from "@/tests/support/smtp-capture";

let smtp: SMTPServer;
const received: CapturedSmtpMessage[] = [];

beforeAll(async () => {
  smtp = createSmtpCapture((message) => received.push(message));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});

testEnvironment(() => ({
  extra: {
    EMAIL_SERVER: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    EMAIL_FROM: "Glance <alerts@glance.test>",
  },
}));
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function render(apiKey: string, n: number) {
  const { apiRoute } = await import("@/lib/api/pipeline");
  const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
  const { settleBackgroundWork } = await import("@/lib/api/request");
  const route = apiRoute(screenshotEndpoint, async (ctx) => {
    await ctx.consumeRender();
    ctx.usage.cache = "MISS";
    return jsonOutcome({ rendered: true });
  });
  for (let i = 0; i < n; i++)
    expect((await route(apiRequest(`/v1/screenshot?url=https://example.com/${i}`, { apiKey }))).status).toBe(200);
  await settleBackgroundWork();
}

describe("quota alerts", () => {
  it("mails once at 80 % and once at 100 % of the month's renders", async () => {
    const { getDb } = await import("@/lib/db");
    const { monthKey } = await import("@/lib/usage/quota");
    const account = await createTestAccount({ plan: "free" }); // 100 renders a month
    const other = await createTestAccount({ plan: "free" });
    const db = await getDb();
    await db.monthlyUsage.create({ data: { userId: account.userId, month: monthKey(), renders: 78 } });

    await render(account.apiKey, 1); // 79: nothing yet
    await render(other.apiKey, 3);
    expect(received).toEqual([]);
    await render(account.apiKey, 3); // 80, 81, 82: one mail
    await new Promise((r) => setTimeout(r, 300));
    expect(received.map((m) => m.rcpt)).toEqual([[account.email]]);
    expect(received[0].raw).toMatch(/Subject: Glance: 80% of your monthly renders used/);
    expect(received[0].raw).toContain("used 80 of the 100 renders");

    // A refund and the same threshold crossed again: still one mail this period.
    await db.monthlyUsage.update({
      where: { userId_month: { userId: account.userId, month: monthKey() } },
      data: { renders: 79 },
    });
    await render(account.apiKey, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);

    await db.monthlyUsage.update({
      where: { userId_month: { userId: account.userId, month: monthKey() } },
      data: { renders: 99 },
    });
    await render(account.apiKey, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(2);
    expect(received[1].raw).toMatch(/Subject: Glance: all 100 renders of \d{4}-\d{2} are used/);
    expect(await db.usageAlert.count({ where: { userId: account.userId } })).toBe(2);
  });
});
