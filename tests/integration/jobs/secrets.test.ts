/**
 * Issue 43 point 2 (D18, D19, D20): a secret parameter never reaches a record in clear. The walk
 * is derived from the schemas — every operation of the OpenAPI document (built from each
 * endpoint's schema) with its fields marked secret, and every job type's secret fields nested in
 * POST /v1/jobs, bulk, a refused job and the MCP start_job tool — so a secret field added to any
 * endpoint is walked with nothing to change here. Each secret gets a value of its own, and no
 * record holds any: the request log's rows, the job rows (sealed while queued), the webhook
 * payloads and the server's log lines.
 */
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { type ForwardProxy, PROXY_USER, startHttpProxy } from "@/tests/support/forward-proxies";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { jobsHarness, postJob, waitForJob, type JobBody } from "./support";

let receiver: Receiver;
/** A real forward proxy for the `proxy` fields (D41): any password is taken, so each can be a secret of its own. */
let proxy: ForwardProxy;
beforeAll(async () => {
  receiver = await startReceiver();
  proxy = await startHttpProxy({ anyPassword: true });
});
afterAll(async () => {
  await receiver?.close();
  await proxy?.close();
});
const h = jobsHarness(() => [receiver.origin, proxy.origin]);

// Every line the server logs while the file runs (lib/log.ts writes to stdout and stderr).
const logged: string[] = [];
const writes = { out: process.stdout.write, err: process.stderr.write };
beforeAll(() => {
  const capture = (original: typeof process.stdout.write) =>
    function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      logged.push(String(chunk));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof process.stdout.write;
  process.stdout.write = capture(writes.out);
  process.stderr.write = capture(writes.err);
});
afterAll(() => {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
});

const markers: string[] = [];
/**
 * A secret value of its own, in the shape the field takes (a JSON object of names to values, the
 * test's proxy with the secret as its password — D41: a proxy's host may be named in errors, never
 * its password — or text).
 */
function secretFor(structured: boolean, name = ""): unknown {
  const marker = `sekret${randomBytes(8).toString("hex")}`;
  markers.push(marker);
  if (name === "proxy") return `http://${PROXY_USER}:${marker}@${new URL(proxy.origin).host}`;
  return structured ? { "X-Marker": marker } : marker;
}

/** Whatever a text holds of the secrets sent. */
const leaked = (text: string) => markers.filter((m) => text.includes(m));

interface Field {
  name: string;
  structured: boolean;
}

/** A job type's secret fields, from its schema. */
async function jobSecretFields(): Promise<Array<[string, Field[]]>> {
  const { JOB_PARAM_SCHEMAS } = await import("@/lib/jobs/param-schemas");
  const { describeParams } = await import("@/lib/api/params");
  return Object.entries(JOB_PARAM_SCHEMAS).map(([type, schema]) => [
    type,
    describeParams(schema)
      .filter((f) => f.secret && !f.credential && !f.signing)
      .map((f) => ({ name: f.name, structured: f.bodyType === "object" })),
  ]);
}

function withSecrets(base: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  return { ...base, ...Object.fromEntries(fields.map((f) => [f.name, secretFor(f.structured, f.name)])) };
}

let account: TestAccount;
const jobIds: string[] = [];
beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
});

type Handler = (request: Request) => Promise<Response>;
type Operation = {
  parameters?: Array<{ name: string; schema: { type?: string }; "x-secret"?: boolean }>;
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
};
type OpenApiSchema = { $ref?: string; properties?: Record<string, { type?: string; "x-secret"?: boolean }> };

/** An operation's secret fields as the OpenAPI document (built from the endpoint's schema) marks them. */
function secretsOf(operation: Operation, components: Record<string, OpenApiSchema>): { query: Field[]; body: Field[] } {
  const query = (operation.parameters ?? [])
    .filter((p) => p["x-secret"] && p.name !== "api_key" && p.name !== "signature")
    .map((p) => ({ name: p.name, structured: p.name === "headers" || p.name === "cookies" }));
  let body = operation.requestBody?.content["application/json"]?.schema;
  if (body?.$ref) body = components[body.$ref.split("/").pop()!];
  const bodyFields = Object.entries(body?.properties ?? {})
    .filter(([, property]) => property["x-secret"])
    .map(([name, property]) => ({ name, structured: property.type === "object" }));
  return { query, body: bodyFields };
}

describe("secret parameters are redacted by the schema, at any depth, everywhere a request is recorded", () => {
  it("every operation with a secret field, as a query and as a body, refused (logged before validation)", async () => {
    const { buildOpenApiDocument } = await import("@/lib/openapi/document");
    const document = buildOpenApiDocument("http://localhost:3000") as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, OpenApiSchema> };
    };
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const fields = secretsOf(operation, document.components.schemas);
        if (method !== "get" && method !== "post") continue;
        if (fields.query.length + fields.body.length === 0) continue;
        const route = (await import(resolve(`app${path}/route.ts`))) as Record<string, Handler>;
        const url = h.fx.url("basic.html");
        let response: Response;
        if (method === "get") {
          // An unknown parameter refuses it after the log's facts are taken; the key rides in the query too.
          const query = new URLSearchParams({ url, zzz_unknown: "1", api_key: account.apiKey });
          for (const [name, value] of Object.entries(withSecrets({}, fields.query)))
            query.set(name, typeof value === "string" ? value : JSON.stringify(value));
          response = await route.GET(new Request(`http://localhost:3000${path}?${query}`));
        } else {
          response = await route.POST(
            new Request(`http://localhost:3000${path}`, {
              method: "POST",
              headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
              body: JSON.stringify(withSecrets({ url, zzz_unknown: 1 }, fields.body)),
            }),
          );
        }
        expect(response.status, `${method} ${path}`).toBe(400);
        walked.push(`${method} ${path}`);
      }
    }
    // screenshot, content, animate and diff by query and body, and monitors: whatever else gains a secret joins.
    expect(walked.length).toBeGreaterThanOrEqual(9);
  });

  it("every job type's secret fields in a job, a batch, a refused job and the MCP start_job tool", async () => {
    const types = await jobSecretFields();
    // The schemas the walk (and the sealing) read are the ones the jobs run with.
    const { JOB_RUNNERS } = await import("@/lib/jobs/runners");
    const { JOB_PARAM_SCHEMAS } = await import("@/lib/jobs/param-schemas");
    for (const [type, runner] of Object.entries(JOB_RUNNERS))
      expect(runner.spec.params, type).toBe(JOB_PARAM_SCHEMAS[type as keyof typeof JOB_PARAM_SCHEMAS]);
    const BASE: Record<string, Record<string, unknown>> = {
      screenshot: { url: h.fx.url("basic.html?secrets") },
      content: { url: h.fx.url("basic.html?secrets-content") },
      animate: { url: h.fx.url("basic.html?secrets-animate"), duration: 500, pauseStart: 0, pauseEnd: 0 },
      og: { template: "default", title: "secrets" },
    };
    const webhookUrl = `${receiver.origin}/secrets`;
    for (const [type, fields] of types) {
      expect(BASE[type], `base parameters for job type ${type}`).toBeDefined();
      const accepted = await postJob(account, { endpoint: type, params: withSecrets(BASE[type], fields), webhookUrl });
      expect(accepted.status, `job ${type}: ${accepted.status === 202 ? "" : await accepted.clone().text()}`).toBe(202);
      jobIds.push(((await accepted.json()) as JobBody).id);
      const refused = await postJob(account, {
        endpoint: type,
        params: withSecrets({ ...BASE[type], zzz: 1 }, fields),
      });
      expect(refused.status).toBe(400);
    }
    const allSecrets = types.flatMap(([, fields]) => fields);
    const unknownType = await postJob(account, { endpoint: "nope", params: withSecrets({}, allSecrets) });
    expect(unknownType.status).toBe(400);
    const bulk = await postJob(
      account,
      {
        jobs: types.map(([type, fields]) => ({ endpoint: type, params: withSecrets(BASE[type], fields) })),
        webhookUrl,
      },
      "/v1/jobs/bulk",
    );
    expect(bulk.status).toBe(202);
    jobIds.push(...((await bulk.json()) as { jobs: JobBody[] }).jobs.map((j) => j.id));

    const { startJobTool } = await import("@/lib/mcp/tools/jobs");
    const { authenticateMcp } = await import("@/lib/mcp/auth");
    const mcpRequest = new Request("http://localhost:3000/mcp", { headers: { "X-API-Key": account.apiKey } });
    const [screenshotFields] = types.filter(([type]) => type === "screenshot").map(([, f]) => f);
    const tool = await startJobTool.run(
      { endpoint: "screenshot", params: withSecrets(BASE.screenshot, screenshotFields) },
      { caller: await authenticateMcp(mcpRequest, new URL(mcpRequest.url)), signal: mcpRequest.signal },
    );
    const started = /job_[a-z0-9]{24}/.exec(JSON.stringify(tool.content))?.[0];
    expect(started).toBeDefined();
    jobIds.push(started!);
  });

  it("a queued job's row holds its secrets sealed, and the run gets them back", async () => {
    const { insertJob } = await import("@/lib/jobs/store");
    const { openRequest } = await import("@/lib/jobs/sealed-request");
    const { getPool } = await import("@/lib/db/pool");
    const headers = JSON.stringify(secretFor(true));
    const query: Array<[string, string]> = [
      ["url", h.fx.url("basic.html?sealed")],
      ["headers", headers],
      ["response", "json"],
    ];
    const owner = { userId: account.userId, apiKeyId: account.apiKeyId };
    const row = await insertJob(owner, { endpoint: "screenshot", query }, undefined);
    jobIds.push(row.id);
    const { rows } = await (
      await getPool()
    ).query<{ text: string }>("SELECT row_to_json(j)::text AS text FROM jobs j WHERE id = $1", [row.id]);
    expect(leaked(rows[0].text)).toEqual([]);
    expect(row.request_secrets).toMatch(/^v1\./);
    expect(new Set(await openRequest({ ...row, request: row.request! }))).toEqual(new Set(query));
    // A row written before sealing (its whole request in clear) is read as it is.
    expect(await openRequest({ user_id: account.userId, request: query, request_secrets: null })).toEqual(query);
  });

  it("no record holds a secret: request log, job rows, webhook payloads, server log lines", async () => {
    const { flushUsage } = await import("@/lib/usage/record");
    const { getPool } = await import("@/lib/db/pool");
    const ended = await Promise.all(jobIds.map((id) => waitForJob(account, id)));
    expect(ended.filter((j) => j.status === "failed").map((j) => j.error)).toEqual([]);
    // The jobs with a proxy rendered through it, each with its own secret password (D41).
    expect(proxy.seen.length).toBeGreaterThan(0);
    await eventually(
      () => receiver.received.filter((r) => r.path === "/secrets").length >= 5,
      "the jobs' and the batch's webhooks",
    );
    await flushUsage();
    const pool = await getPool();
    const text = async (sql: string) =>
      (await pool.query<{ text: string }>(sql, [account.userId])).rows.map((r) => r.text).join("\n");
    const usage = await text("SELECT row_to_json(e)::text AS text FROM usage_events e WHERE user_id = $1");
    const jobs = await text("SELECT row_to_json(j)::text AS text FROM jobs j WHERE user_id = $1");
    const deliveries = await text("SELECT row_to_json(d)::text AS text FROM webhook_deliveries d WHERE user_id = $1");
    const payloads = receiver.received.map((r) => r.body).join("\n");
    expect(markers.length).toBeGreaterThanOrEqual(20);
    expect({
      usage: leaked(usage),
      jobs: leaked(jobs),
      deliveries: leaked(deliveries),
      payloads: leaked(payloads),
      logs: leaked(logged.join("")),
      key: [usage, jobs, deliveries, payloads, logged.join("")].filter((t) => t.includes(account.apiKey)).length,
    }).toEqual({ usage: [], jobs: [], deliveries: [], payloads: [], logs: [], key: 0 });
    // The log names what was sent, nested in a job's parameters too.
    expect(usage).toContain(String.raw`\"headers\":\"(sent, not kept)\"`);
    expect(deliveries.length).toBeGreaterThan(0);
  });
});
