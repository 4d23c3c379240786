/**
 * Every error the render path raises keeps its documented status and code through the production
 * server (#26, D30, D17). In `npm start` some modules exist more than once (instrumentation.ts's
 * copy made lib/browser's queue and browser, the route handlers have their own copy of
 * lib/vocabulary/errors), and a 503 renderer_busy thrown by the one was a 500 internal_error to the
 * other; the in-process tests could not see it. This spec starts a production server of its own
 * (2 render slots, its own database, browser, target pages and S3 server), drives a burst past
 * its capacity, walks each code the render path can raise, and ends by stopping the server. The
 * server, its target pages and the helpers that drive it are in tests/e2e/support/render-stand.ts.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { ERROR_CODES } from "@/lib/vocabulary/errors";
import { S3_ACCESS_KEY_ID } from "../../support/s3-server";
import { e2e } from "../support";
import {
  answerOf,
  createAccount,
  databaseUrl,
  expectDocumented,
  privateTarget,
  renderStand,
  seen,
  targets,
  urlSigningSecret,
} from "../support/render-stand";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const stand = renderStand();
const { shoot, queueIdle, browserPid } = stand;

test("a burst past capacity: early 503 renderer_busy with Retry-After, never a 500", async () => {
  const { apiKey } = await createAccount();
  // A warm browser, as in service; then 16 distinct MISSes of a page that never finishes. One
  // account holds at most 1 of the 2 slots (D17): one renders until its 8-s timeout (504), the
  // others cannot start within their 2-s share and are refused, most at once.
  expect((await shoot(apiKey, { url: `${targets}/ok?warm` })).status).toBe(200);
  const burst = await Promise.all(
    Array.from({ length: 16 }, (_, i) => shoot(apiKey, { url: `${targets}/never?burst=${i}`, timeout: "8000" })),
  );
  const report = JSON.stringify(burst);
  expect(
    burst.filter((a) => a.status !== 503 && a.status !== 504),
    report,
  ).toEqual([]);
  const refused = burst.filter((a) => a.status === 503);
  expect(refused.length, report).toBeGreaterThanOrEqual(12);
  for (const answer of refused) {
    expectDocumented(answer, "renderer_busy");
    expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    // Refused before its timeout, not left to run into it.
    expect(answer.ms).toBeLessThan(8_000);
  }
  for (const answer of burst.filter((a) => a.status === 504)) expectDocumented(answer, "render_timeout");
  // Refused at admission, from the queue's own log lines: the estimate said "cannot start in time".
  const whens = [...stand.server.output().matchAll(/"msg":"render refused: renderers busy".*?"when":"([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(whens.filter((w) => w === "at admission").length, whens.join(", ")).toBeGreaterThan(0);
  expect(stand.server.output()).not.toContain('"code":"internal_error"');
});

test("each error of a render answers its documented status and code", async () => {
  const { apiKey } = await createAccount();
  // Each on an idle queue: the previous render's context may still be closing in its slot.
  const alone = async (params: Record<string, string>) => {
    await queueIdle();
    return shoot(apiKey, params);
  };
  // Target errors (D9, D19): refused before the browser, during navigation, by the target.
  expectDocumented(await alone({ url: privateTarget }), "private_address");
  expectDocumented(await alone({ url: `${targets}/to-private` }), "private_address");
  expectDocumented(await alone({ url: `http://127.0.0.1:${e2e.renderClosedPort}/` }), "target_unreachable");
  const missing = await alone({ url: `${targets}/missing` });
  expectDocumented(missing, "target_http_error");
  expect(missing.targetStatus).toBe("404");
  expectDocumented(
    await alone({ url: `${targets}/ok?selector`, selector: "#absent", timeout: "6000" }),
    "selector_not_found",
  );
  // The deadline (D10).
  expectDocumented(await alone({ url: `${targets}/never?timeout`, timeout: "3000" }), "render_timeout");
  // The browser gone mid-render: 502, and the next render gets a new browser.
  const before = seen.length;
  const dying = alone({ url: `${targets}/never?killed`, timeout: "30000" });
  await expect.poll(() => seen.slice(before).includes("/never?killed"), { timeout: 20_000 }).toBe(true);
  const pid = browserPid();
  expect(pid, "the app's Chromium").toBeTruthy();
  process.kill(pid!, "SIGKILL");
  expectDocumented(await dying, "renderer_unavailable");
  expect((await alone({ url: `${targets}/ok?after-kill` })).status).toBe(200);
  expect(stand.server.output()).not.toContain('"code":"internal_error"');
});

test("jobs and storage: a failed job carries the error its render raised; storage errors are documented", async () => {
  const { userId, apiKey } = await createAccount();
  await queueIdle();
  const post = (body: unknown) =>
    fetch(`${stand.server.url}/v1/jobs`, {
      method: "POST",
      headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const finished = async (id: string) => {
    let job: { status: string; error?: { status: number; code: string } } = { status: "queued" };
    await expect
      .poll(
        async () => {
          job = await (await fetch(`${stand.server.url}/v1/jobs/${id}`, { headers: { "X-API-Key": apiKey } })).json();
          return job.status;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toMatch(/^(succeeded|failed)$/);
    return job;
  };
  const unknown = await answerOf(
    fetch(`${stand.server.url}/v1/jobs/job_${"0".repeat(24)}`, { headers: { "X-API-Key": apiKey } }),
  );
  expectDocumented(unknown, "job_not_found");
  expectDocumented(
    await answerOf(post({ endpoint: "screenshot", params: { url: `${targets}/ok` }, store: true })),
    "storage_not_configured",
  );

  const jobOf = async (params: Record<string, unknown>, store = false) => {
    const accepted = await post({ endpoint: "screenshot", params, ...(store ? { store: true } : {}) });
    expect(accepted.status).toBe(202);
    return finished(((await accepted.json()) as { id: string }).id);
  };
  const timedOut = await jobOf({ url: `${targets}/never?job`, timeout: 3000 });
  expect(timedOut).toMatchObject({ status: "failed", error: { status: 504, code: "render_timeout" } });
  await queueIdle();
  const refusedTarget = await jobOf({ url: `${targets}/to-private?job` });
  expect(refusedTarget).toMatchObject({ status: "failed", error: { status: 400, code: "private_address" } });

  // A bucket whose secret is wrong: the upload is refused, the job fails with 502.
  // Not execFileSync: a blocked event loop misses the server closing an idle keep-alive socket,
  // and the next fetch on it fails.
  await promisify(execFile)(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "tests/support/configure-storage-child.ts",
      userId,
      JSON.stringify({
        endpoint: stand.s3.origin,
        region: "us-east-1",
        bucket: stand.s3.bucket,
        prefix: "e2e/",
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: "not-the-secret-of-this-bucket",
      }),
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATA_DIR: stand.dataDir,
        URL_SIGNING_SECRET: urlSigningSecret,
        ALLOW_PRIVATE_ORIGINS: stand.s3.origin,
        LOG_LEVEL: "silent",
      },
    },
  );
  const upload = await jobOf({ url: `${targets}/ok?store` }, true);
  expect(upload).toMatchObject({
    status: "failed",
    error: { status: ERROR_CODES.storage_upload_failed.status, code: "storage_upload_failed" },
  });
  expect(stand.server.output()).not.toContain('"code":"internal_error"');
});

test("shutting down: renders in flight finish, new ones get 503 shutting_down with Retry-After", async () => {
  const { apiKey } = await createAccount();
  await queueIdle();
  const inFlight = shoot(apiKey, { url: `${targets}/slow?last` });
  await expect.poll(() => seen.includes("/slow?last"), { timeout: 20_000 }).toBe(true);
  stand.server.child.kill("SIGTERM");
  await expect.poll(async () => (await fetch(`${stand.server.url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
  const late = await shoot(apiKey, { url: `${targets}/ok?late` });
  expectDocumented(late, "shutting_down");
  expect(late.retryAfter).toMatch(/^[1-9]\d*$/);
  expect((await inFlight).status).toBe(200);
  expect(await stand.server.exited).toBe(0);
  expect(stand.server.output()).not.toContain('"code":"internal_error"');
});
