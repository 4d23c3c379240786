/**
 * Issue 43 points 2 and 6 through the production server (D19, D20, D28): jobs wait in the queue
 * while two other accounts' jobs render a held page (the instance's two job workers, each render
 * holding one of the two render slots, so neither waits for a slot and gives up), and meanwhile
 *  - a job's secret parameters (headers, cookies) are sealed on its row, and reach the target when
 *    it runs; a bulk, a refused job, a refused GET and an MCP start_job carry secrets too, and the
 *    account's S3 secret and webhook signing secret are in use (a store=true job, a failing
 *    delivery): no secret is in the server's output, the request log's pages or any row;
 *  - the job of a key revoked in the dashboard fails at its start with api_key_revoked, and the one
 *    started through a connected app disconnected in the dashboard with oauth_grant_revoked, with
 *    nothing charged, while the live key's jobs run.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  createKeyInDashboard,
  e2e,
  heldPageRequests,
  heldPageUrl,
  releaseHeldPage,
  serverOutputOffset,
  serverOutputSince,
  setPlan,
  signInByEmail,
  sql,
  uniqueEmail,
  userIdOf,
  waitForHydration,
} from "../support";
import { accountWithKey, authorizationRequest, postMcp, register, tokenRequest } from "./mcp-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const run = randomBytes(4).toString("hex");
const hold = { block: `block-${run}`, secret: `secret-${run}` };
const markers: string[] = [];
/** A secret value of its own, so a leak names the field it came from. */
const secret = (what: string) => {
  const marker = `sekret-${what}-${randomBytes(6).toString("hex")}`;
  markers.push(marker);
  return marker;
};
const leaked = (text: string) => markers.filter((m) => text.includes(m));

let page: Page;
let userId: string;
let live: string;
let doomed: string;
let accessToken: string;
let outputFrom: number;
const jobs: Record<string, string> = {};

interface JobAnswer {
  id: string;
  status: string;
  error?: { status: number; code: string; detail?: string };
}

function postJob(apiKey: string, body: unknown, path = "/v1/jobs"): Promise<Response> {
  return fetch(`${e2e.appUrl}${path}`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function accepted(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(202);
  return ((await response.json()) as JobAnswer).id;
}

const jobNow = async (id: string, apiKey = live) =>
  (await (await fetch(`${e2e.appUrl}/v1/jobs/${id}`, { headers: { "X-API-Key": apiKey } })).json()) as JobAnswer;

/** An OAuth grant approved by the signed-in person for a client of their own, as an agent's tokens. */
async function connectApp(): Promise<string> {
  const redirect = `http://127.0.0.1:${e2e.appPort + 8}/callback`;
  const { client_id } = (await (await register([redirect])).json()) as { client_id: string };
  const { url, verifier } = authorizationRequest(client_id, redirect);
  const decision = await page.request.post("/oauth/decision", {
    form: { ...Object.fromEntries(url.searchParams), decision: "allow" },
    headers: { origin: e2e.appUrl },
    maxRedirects: 0,
  });
  const code = new URL(decision.headers()["location"]).searchParams.get("code")!;
  const tokens = await tokenRequest({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id,
    redirect_uri: redirect,
  });
  return ((await tokens.json()) as OAuthTokens).access_token;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const email = uniqueEmail("queued-trust");
  await signInByEmail(page, email);
  await setPlan(email, "business");
  userId = await userIdOf(email);
  live = await createKeyInDashboard(page, "live");
  doomed = await createKeyInDashboard(page, "doomed");
  accessToken = await connectApp();
  // The account's bucket (an allowed origin that is no S3 server: uploads fail) with a secret of its own.
  await page.goto("/dashboard/storage");
  await waitForHydration(page, "input[name=endpoint]");
  const storage = page.getByTestId("storage-settings");
  await storage.getByLabel("Endpoint").fill(e2e.fixturesUrl);
  await storage.getByLabel("Region").fill("us-east-1");
  await storage.getByLabel("Bucket").fill("bucket");
  await storage.getByLabel("Access key id").fill("AKIAE2ETRUST");
  await storage.getByLabel("Secret access key").fill(secret("s3"));
  await storage.getByRole("button", { name: "Save storage" }).click();
  await expect(storage.getByRole("status")).toContainText("Saved");
  await page.goto("/dashboard/webhooks");
  markers.push(await page.getByLabel("Signing secret", { exact: true }).inputValue());
});

test.afterAll(async () => {
  await Promise.all([releaseHeldPage(hold.block), releaseHeldPage(hold.secret)]);
  await page?.close();
});

test("queued jobs: secrets sealed on their rows; a revoked key's and a disconnected app's jobs stop at their start", async () => {
  outputFrom = await serverOutputOffset();
  const blocked = { url: heldPageUrl(hold.block), timeout: 120_000, width: 320, height: 200 };
  const blockers: Array<{ id: string; apiKey: string }> = [];
  for (const { apiKey } of [await accountWithKey("business"), await accountWithKey("business")])
    blockers.push({ id: await accepted(await postJob(apiKey, { endpoint: "screenshot", params: blocked })), apiKey });
  const blockerStates = async () =>
    (await Promise.all(blockers.map((b) => jobNow(b.id, b.apiKey)))).map((j) => j.status);
  // Both job workers of the instance (JOBS_CONCURRENCY=2) are taken: what comes next waits.
  await expect.poll(blockerStates).toEqual(["running", "running"]);

  const headers = { Authorization: `Bearer ${secret("header")}` };
  const cookies = { session: secret("cookie") };
  const url = `${e2e.fixturesUrl}/`;
  jobs.sealed = await accepted(
    await postJob(live, {
      endpoint: "screenshot",
      params: { url: heldPageUrl(hold.secret), headers, cookies, timeout: 60_000 },
      // A receiver that answers 404: the delivery fails, signed with the webhook secret.
      webhookUrl: `${e2e.fixturesUrl}/no-such-receiver`,
    }),
  );
  const bulk = await postJob(
    live,
    { jobs: [{ endpoint: "content", params: { url, headers: { "X-Token": secret("bulk") } } }] },
    "/v1/jobs/bulk",
  );
  expect(bulk.status, await bulk.clone().text()).toBe(202);
  jobs.bulk = ((await bulk.json()) as { jobs: JobAnswer[] }).jobs[0].id;
  jobs.stored = await accepted(
    await postJob(live, { endpoint: "og", params: { template: "default", title: "stored" }, store: true }),
  );
  jobs.revokedKey = await accepted(await postJob(doomed, { endpoint: "screenshot", params: { url } }));
  const viaApp = (await (
    await postMcp(accessToken, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "start_job",
        arguments: { endpoint: "screenshot", params: { url, cookies: { app: secret("mcp") } } },
      },
    })
  ).json()) as { result: { content: Array<{ text?: string }> } };
  jobs.revokedApp = /job_[a-z0-9]{24}/.exec(JSON.stringify(viaApp.result.content))![0];
  // Refused ones are logged too, before validation (the log's redaction is by the schema).
  const refusedJob = await postJob(live, {
    endpoint: "screenshot",
    params: { url, headers: { "X-Token": secret("refused-job") }, zzz: 1 },
  });
  expect(refusedJob.status).toBe(400);
  const refusedGet = await fetch(
    `${e2e.appUrl}/v1/screenshot?${new URLSearchParams({ url, cookies: JSON.stringify({ c: secret("get") }), zzz: "1" })}`,
    { headers: { "X-API-Key": live } },
  );
  expect(refusedGet.status).toBe(400);

  // Waiting, each job's row holds its secrets sealed; none in clear.
  const rows = await sql<{ id: string; state: string; request_secrets: string | null; text: string }>(
    "SELECT id, state, request_secrets, row_to_json(j)::text AS text FROM jobs j WHERE user_id = $1",
    [userId],
  );
  const queued = Object.values(jobs);
  expect(rows.filter((r) => queued.includes(r.id)).map((r) => r.state)).toEqual(queued.map(() => "queued"));
  for (const id of [jobs.sealed, jobs.bulk, jobs.revokedApp])
    expect(rows.find((r) => r.id === id)?.request_secrets).toMatch(/^v1\./);
  expect(leaked(rows.map((r) => r.text).join("\n"))).toEqual([]);

  // The doomed key is revoked and the app disconnected in the dashboard while their jobs wait.
  await page.goto("/dashboard/keys");
  await waitForHydration(page, "input[name=name]");
  const doomedRow = page
    .getByTestId("key-row")
    .filter({ has: page.getByRole("link", { name: "doomed", exact: true }) });
  await doomedRow.getByRole("button", { name: "Revoke key doomed" }).click();
  await page.getByRole("dialog", { name: "Revoke “doomed”?" }).getByRole("button", { name: "Revoke key" }).click();
  await expect(doomedRow).toContainText("Revoked");
  await page.getByRole("button", { name: "Disconnect Hand-made agent" }).click();
  await expect(page.getByText("No app is connected.")).toBeVisible();
  expect(await blockerStates()).toEqual(["running", "running"]);

  await Promise.all([releaseHeldPage(hold.block), releaseHeldPage(hold.secret)]);
  const ended = async (id: string) => {
    await expect.poll(async () => (await jobNow(id)).status, { timeout: 60_000 }).toMatch(/succeeded|failed/);
    return jobNow(id);
  };
  await expect.poll(blockerStates, { timeout: 60_000 }).toEqual(["succeeded", "succeeded"]);
  for (const id of [jobs.sealed, jobs.bulk]) expect(await ended(id), id).toMatchObject({ status: "succeeded" });
  expect(await ended(jobs.stored)).toMatchObject({ status: "failed", error: { code: "storage_upload_failed" } });
  expect(await ended(jobs.revokedKey)).toMatchObject({
    status: "failed",
    error: { status: 401, code: "api_key_revoked", detail: expect.stringMatching(/nothing was charged/) },
  });
  expect(await ended(jobs.revokedApp)).toMatchObject({
    status: "failed",
    error: { status: 401, code: "oauth_grant_revoked", detail: expect.stringMatching(/nothing was charged/) },
  });
  // The sealed secrets were opened for the run: the target got them.
  const [sent] = await heldPageRequests(hold.secret);
  expect([sent.authorization, sent.cookie]).toEqual([headers.Authorization, `session=${cookies.session}`]);
  // Charged: the sealed job's, the bulk's and the stored job's renders; nothing for the stopped two.
  const [{ renders }] = await sql<{ renders: number }>("SELECT renders FROM monthly_usage WHERE user_id = $1", [
    userId,
  ]);
  expect(Number(renders)).toBe(3);
});

test("no secret in the server's output, the request log's pages or any row", async () => {
  await expect
    .poll(
      async () =>
        (
          await sql(
            "SELECT 1 FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.user_id = $1",
            [userId],
          )
        ).length,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
  const events = await sql<{ id: string; text: string }>(
    "SELECT id::text, row_to_json(e)::text AS text FROM usage_events e WHERE user_id = $1",
    [userId],
  );
  expect(events.length).toBeGreaterThanOrEqual(8);
  const pages = [await (await page.request.get("/dashboard/usage/log")).text()];
  for (const event of events) pages.push(await (await page.request.get(`/dashboard/usage/log/${event.id}`)).text());
  const rows = async (table: string) =>
    (await sql<{ text: string }>(`SELECT row_to_json(t)::text AS text FROM ${table} t WHERE user_id = $1`, [userId]))
      .map((r) => r.text)
      .join("\n");
  const output = await serverOutputSince(outputFrom);
  expect(output).toContain('"msg":"request"');
  expect({
    output: leaked(output),
    requestLog: leaked(pages.join("\n")),
    usage: leaked(events.map((e) => e.text).join("\n")),
    jobs: leaked(await rows("jobs")),
    deliveries: leaked(await rows("webhook_deliveries")),
    keys: [live, doomed, accessToken].filter((k) => (output + pages.join("")).includes(k)),
  }).toEqual({ output: [], requestLog: [], usage: [], jobs: [], deliveries: [], keys: [] });
  // The log says the secrets were sent, not what they were.
  expect(pages.join("\n")).toContain("(sent, not kept)");
});
