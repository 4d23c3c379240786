/**
 * Async jobs (D20): POST /v1/jobs refuses a private webhook address and an inner request its
 * endpoint would refuse (by the endpoint's own schema and gates) before anything is recorded.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { jobRows, jobsHarness, postJob } from "./support";

const h = jobsHarness();

describe("POST /v1/jobs", () => {
  // Loopback only here: metadata and private ranges are named only inside the namespace runner,
  // where tests/integration/net/isolated/webhook.spec.ts checks the same policy (assertWebhookUrl).
  it("refuses a webhook URL on a loopback address before recording anything", async () => {
    const account = await createTestAccount({ plan: "business" });
    for (const webhookUrl of [
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://[::1]/hook",
      "http://127.3.4.5:8080/hook",
    ]) {
      const problem = await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html") }, webhookUrl }),
      );
      expect(problem).toMatchObject({ status: 400, code: "private_address", param: "webhookUrl" });
    }
    expect(
      await problemOf(
        await postJob(account, {
          endpoint: "screenshot",
          params: { url: h.fx.url("basic.html") },
          webhookUrl: "ftp://example.com/x",
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: "unsupported_url",
      param: "webhookUrl",
    });
    expect(await jobRows(account.userId)).toBe(0);
  });

  it("validates the inner request with the endpoint's own schema and gates, naming params.<name>", async () => {
    const account = await createTestAccount({ plan: "free" });
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), width: 99_999 } }),
      ),
    ).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "params.width",
    });
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), fullpage: true } }),
      ),
    ).toMatchObject({
      status: 400,
      code: "unknown_parameter",
      param: "params.fullpage",
    });
    expect(await problemOf(await postJob(account, { endpoint: "pdf", params: {} }))).toMatchObject({
      status: 400,
      param: "endpoint",
    });
    expect(await problemOf(await postJob(account, { endpoint: "screenshot" }))).toMatchObject({
      status: 400,
      code: "missing_parameter",
      param: "params",
    });
    // A bad input is a 400 before the plan's 403 (D2); then the gates of the endpoint itself.
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), darkMode: true } }),
      ),
    ).toMatchObject({
      status: 403,
      code: "plan_upgrade_required",
      param: "params.darkMode",
    });
    expect(
      await problemOf(await postJob(account, { endpoint: "og", params: { template: "default", title: "Hi" } })),
    ).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    expect(await jobRows(account.userId)).toBe(0);
  });
});
