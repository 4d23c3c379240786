/**
 * The TypeScript SDK (D29) against the real API over HTTP (./harness.ts): a signed URL it builds
 * that the server accepts (and refuses once tampered with), and a real webhook delivery verified
 * (and refused once tampered with).
 */
import { describe, expect, it } from "vitest";
import { signUrl as serverSignUrl } from "@/lib/signing/canonical";
import { signUrl, verifyWebhook, WebhookVerificationError } from "@/sdks/typescript/src/index";
import { eventually } from "@/tests/support/webhook-receiver";
import { pngSize, sdkServer } from "./harness";
import { now, sdkClient } from "./typescript-client";

const s = sdkServer();
const c = sdkClient(s);

describe("signed URLs", () => {
  it("the SDK signs exactly as the server does", async () => {
    const params = { template: "default", title: "Ünïcode & spaces + symbols/?", accent: "#ff0000" };
    const credentials = { keyId: s.account.publicId, signingSecret: s.account.signingSecret, expires: now() + 600 };
    const ours = await signUrl({
      baseUrl: s.origin,
      path: "/v1/og",
      params: { template: "default", variables: { title: params.title, accent: params.accent } },
      ...credentials,
    });
    const theirs = serverSignUrl(s.origin, "/v1/og", params, credentials);
    expect(new URL(ours).searchParams.get("signature")).toBe(new URL(theirs).searchParams.get("signature"));
  });

  it("a signed URL is served without the key; a tampered one is refused with 403 invalid_signature", async () => {
    const url = await signUrl({
      baseUrl: s.origin,
      path: "/v1/og",
      params: { template: "default", variables: { title: "Signed by the SDK" } },
      keyId: s.account.publicId,
      signingSecret: s.account.signingSecret,
      expires: new Date(Date.now() + 600_000),
    });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");

    const tampered = url.replace("Signed%20by%20the%20SDK", "Signed%20by%20someone%20else");
    expect(tampered).not.toBe(url);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_signature");

    const screenshot = await signUrl({
      baseUrl: s.origin,
      path: "/v1/screenshot",
      params: { url: s.fx.url("basic.html?sdk-signed"), width: 200, height: 100 },
      keyId: s.account.publicId,
      signingSecret: s.account.signingSecret,
    });
    const shot = await fetch(screenshot);
    expect(shot.status).toBe(200);
    expect(pngSize(new Uint8Array(await shot.arrayBuffer()))).toEqual({ width: 200, height: 100 });
  });
});

describe("webhooks", () => {
  it("a real delivery verifies; a changed body, signature or stale timestamp is refused", async () => {
    const job = await c.glance.jobs.create({ endpoint: "og", params: { template: "default", title: "Webhook" } });
    await c.glance.jobs.wait(job.id, { intervalMs: 200 });
    await eventually(() => s.receiver.received.some((r) => r.body.includes(job.id)), "the job's webhook");
    const delivery = s.receiver.received.find((r) => r.body.includes(job.id))!;

    const event = await verifyWebhook(s.webhookSecret, delivery.headers, delivery.body);
    expect(event.type).toBe("job.succeeded");
    expect(event.data).toMatchObject({ id: job.id, status: "succeeded" });
    // The fetch API's Headers work as well as a plain object.
    await expect(verifyWebhook(s.webhookSecret, new Headers(delivery.headers), delivery.body)).resolves.toBeTruthy();

    const refusedWith = async (secret: string, headers: Record<string, string>, body: string) => {
      const error = await verifyWebhook(secret, headers, body).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WebhookVerificationError);
      return (error as Error).message;
    };
    expect(await refusedWith(s.webhookSecret, delivery.headers, delivery.body.replace("succeeded", "failed"))).toBe(
      "invalid webhook signature",
    );
    const otherSecret = `whsec_${Buffer.from("another account's secret").toString("base64")}`;
    expect(await refusedWith(otherSecret, delivery.headers, delivery.body)).toBe("invalid webhook signature");
    const stale = { ...delivery.headers, "webhook-timestamp": String(now() - 3600) };
    expect(await refusedWith(s.webhookSecret, stale, delivery.body)).toBe("webhook timestamp out of tolerance");
    const { "webhook-signature": _, ...unsigned } = delivery.headers;
    expect(await refusedWith(s.webhookSecret, unsigned, delivery.body)).toBe("missing webhook headers");
  });
});
