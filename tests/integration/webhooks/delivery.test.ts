/**
 * Signed webhooks (issue 18 point 3, D20) on real Postgres with a receiver on loopback: a delivery
 * verifies with the standardwebhooks library and with both docs snippets, before and after a
 * secret roll; a loopback URL that is not allow-listed is refused when saved and when sent.
 * Retries are in delivery-retries.test.ts, retention and the dispatcher loop in
 * delivery-dispatcher.test.ts.
 */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { deliveryHarness, errorOf } from "./harness";
import { verifyWithJavaScriptSnippet, verifyWithPythonSnippet } from "./snippet-runner";

const h = deliveryHarness();

describe("a signed delivery", () => {
  it("arrives once, and verifies with the library and with the JavaScript and Python snippets of the docs", async () => {
    const id = await h.webhooks.enqueueWebhook(h.job("a1"));
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
    expect(await h.deliver.runWebhookDeliveries()).toBe(1);

    expect(h.receiver.received).toHaveLength(1);
    const [got] = h.receiver.received;
    expect(got.path).toBe("/hooks");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["webhook-id"]).toBe(id);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const { secret } = await h.settings.webhookSettings(h.account.userId);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const event = { type: "job.succeeded", data: h.job("a1").data };
    expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject(event);
    const input = { secret, headers: got.headers, body: got.body };
    for (const verify of [verifyWithJavaScriptSnippet, verifyWithPythonSnippet]) {
      const verdict = await verify(input);
      expect(verdict, verify.name).toEqual({ ok: true, event: expect.objectContaining(event) });
      // The same snippet refuses a changed body, another secret and a replay of old headers.
      expect((await verify({ ...input, body: got.body.replace("a1", "a2") })).ok).toBe(false);
      expect((await verify({ ...input, secret: "whsec_" + Buffer.alloc(32, 7).toString("base64") })).ok).toBe(false);
      expect(
        (
          await verify({
            ...input,
            headers: { ...got.headers, "webhook-timestamp": String(Number(got.headers["webhook-timestamp"]) - 3600) },
          })
        ).ok,
      ).toBe(false);
    }

    const row = await h.deliveryRow(id!);
    expect(row).toMatchObject({ state: "delivered", attempts: 1, nextAttemptAt: null, leaseUntil: null });
    expect(row.attemptsLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, ok: true, error: null })]);
    expect(await h.deliver.runWebhookDeliveries()).toBe(0);
    expect(h.receiver.received).toHaveLength(1);
  });

  it("after a roll, deliveries carry the new and the previous signature for a day, then the new one only", async () => {
    const { secret: old } = await h.settings.webhookSettings(h.account.userId);
    const rolled = await h.settings.rollWebhookSecret(h.account.userId);
    expect(rolled).not.toBe(old);
    expect((await h.settings.webhookSettings(h.account.userId)).previousSecretUntil).not.toBeNull();
    await h.webhooks.enqueueWebhook(h.job("roll"));
    await h.deliver.runWebhookDeliveries();
    const [during] = h.receiver.received;
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(rolled).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(during.body, during.headers)).not.toThrow();
    // The docs' snippets accept either secret against the two signatures.
    for (const secret of [rolled, old]) {
      expect((await verifyWithJavaScriptSnippet({ secret, headers: during.headers, body: during.body })).ok).toBe(true);
      expect((await verifyWithPythonSnippet({ secret, headers: during.headers, body: during.body })).ok).toBe(true);
    }

    // A day later the previous secret no longer signs.
    await h.db.webhookSettings.update({
      where: { userId: h.account.userId },
      data: { secretRolledAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    expect((await h.settings.webhookSettings(h.account.userId)).previousSecretUntil).toBeNull();
    await h.webhooks.enqueueWebhook(h.job("roll-later"));
    await h.deliver.runWebhookDeliveries();
    const after = h.receiver.received[1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(rolled).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(after.body, after.headers)).toThrow();
  });
});

describe("target safety", () => {
  it("refuses non-public and malformed URLs when the default is saved", async () => {
    const other = await createTestAccount();
    for (const [url, code] of [
      [`${h.outsider.origin}/hooks`, "private_address"],
      ["http://localhost/hooks", "private_address"],
      ["http://[::1]:8080/", "private_address"],
      ["ftp://example.com/", "unsupported_url"],
      [`http://user:pw@${h.receiver.origin.slice(7)}/`, "unsupported_url"],
      ["not a url", "unsupported_url"],
    ] as const) {
      const error = await errorOf(h.settings.setDefaultWebhookUrl(other.userId, url));
      expect(error.code, url).toBe(code);
      expect(error.status).toBe(400);
      // Outside production (this test's server) the refusal says how a local receiver is allowed (#51).
      if (code === "private_address")
        expect(error.message, url).toContain(`ALLOW_PRIVATE_ORIGINS=${new URL(url).origin}`);
    }
    expect((await h.settings.webhookSettings(other.userId)).url).toBeNull();
    expect(h.outsider.received).toHaveLength(0);
    // Clearing the default is allowed.
    expect(await h.settings.setDefaultWebhookUrl(other.userId, "")).toBeNull();
  });

  it("refuses a non-public address when sending, without retrying, and nothing reaches it", async () => {
    const id = (await h.webhooks.enqueueWebhook({ ...h.job("private"), url: `${h.outsider.origin}/hooks` }))!;
    await h.deliver.runWebhookDeliveries();
    const row = await h.deliveryRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: 1, nextAttemptAt: null });
    expect(row.attemptsLog[0]).toMatchObject({ statusCode: null, ok: false });
    expect(row.attemptsLog[0].error).toMatch(/^private_address/);
    expect(h.outsider.received).toHaveLength(0);
  });
});
