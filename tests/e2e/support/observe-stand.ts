/**
 * The production server of tests/e2e/api/observability.spec.ts (D40): its own database and data
 * folder, METRICS_TOKEN set and OTEL_EXPORTER_OTLP_ENDPOINT pointing at a real OTLP/HTTP receiver
 * on loopback (this file's: it decodes the exporter's JSON export requests and keeps every span),
 * a webhook receiver, and the helpers the spec scrapes and reads the spans with. Target pages are
 * the harness's fixtures server.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import pg from "pg";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { startOwnServer, type OwnServer } from "./own-server";
import { e2e } from "./ports";

const databaseName = `glance_e2e_${e2e.appPort}_observe`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
export const metricsToken = randomBytes(24).toString("hex");
export const hooksUrl = `http://127.0.0.1:${e2e.observeHooksPort}`;

/** A span as the receiver decoded it from OTLP/JSON (ids in hex, as the OTLP JSON encoding has them). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
  service: string;
}

export async function dbQuery<R extends pg.QueryResultRow>(sql: string, values: unknown[] = [], url = databaseUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A Business account with one API key, written straight into the server's database. */
export async function createAccount(): Promise<{ userId: string; apiKey: string }> {
  const userId = `e2eo${randomBytes(10).toString("hex")}`;
  await dbQuery(`INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'business'::"Plan", now())`, [
    userId,
    `${userId}@example.test`,
  ]);
  const apiKey = generateApiKey();
  await dbQuery(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'observe', $3, $4)`, [
    `key${userId}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
  return { userId, apiKey };
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const valueOf = (v: AnyValue | undefined) => v?.stringValue ?? v?.intValue ?? v?.boolValue ?? v?.doubleValue;
const attributesOf = (list: Array<{ key: string; value: AnyValue }> = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** OTLP/HTTP with the JSON encoding (ExportTraceServiceRequest): every span, with its resource's service name. */
function decodeExport(body: string): ReceivedSpan[] {
  const request = JSON.parse(body) as {
    resourceSpans?: Array<{
      resource?: { attributes?: Array<{ key: string; value: AnyValue }> };
      scopeSpans?: Array<{
        spans?: Array<{
          traceId: string;
          spanId: string;
          parentSpanId?: string;
          name: string;
          attributes?: Array<{ key: string; value: AnyValue }>;
        }>;
      }>;
    }>;
  };
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)["service.name"]);
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? "",
        name: s.name,
        attributes: attributesOf(s.attributes),
        service,
      })),
    );
  });
}

function listen(server: http.Server, port: number): Promise<http.Server> {
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** Metric families as parse-prometheus-text-format reads the exposition text. */
export type Families = ReturnType<typeof parsePrometheusTextFormat>;

/**
 * The exposition text parsed, with each histogram's `<name>_count` series also as a counter family
 * of its own: the parser folds a histogram's buckets, sum and count together only when it has no
 * labels of its own, and drops the count of a labelled one.
 */
function parseExposition(text: string): Families {
  const histograms = [...text.matchAll(/^# TYPE (\S+) histogram$/gm)].map((m) => m[1]);
  const counts = histograms
    .map((name) => {
      const lines = text
        .split("\n")
        .filter((line) => line.startsWith(`${name}_count{`) || line.startsWith(`${name}_count `));
      return [`# TYPE ${name}_count counter`, ...lines].join("\n");
    })
    .join("\n");
  return [...parsePrometheusTextFormat(text), ...parsePrometheusTextFormat(`${counts}\n`)];
}

/** Registers the spec's hooks (call it at the top of the spec); the server is there in its tests. */
export function observeStand() {
  let server: OwnServer | undefined;
  let dataDir: string | undefined;
  const receivers: http.Server[] = [];
  const spans: ReceivedSpan[] = [];
  const exportRequests: Array<{ path: string; contentType: string }> = [];
  const hooks: Array<{ type: string }> = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await dbQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`, [], e2e.adminDatabaseUrl);
    await dbQuery(`CREATE DATABASE ${databaseName}`, [], e2e.adminDatabaseUrl);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-observe-"));
    const otlp = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        exportRequests.push({ path: req.url ?? "", contentType: req.headers["content-type"] ?? "" });
        if (req.method === "POST" && req.url === "/v1/traces") spans.push(...decodeExport(body));
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    const webhooks = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        hooks.push(JSON.parse(body) as { type: string });
        res.writeHead(204).end();
      });
    });
    receivers.push(await listen(otlp, e2e.observeOtlpPort), await listen(webhooks, e2e.observeHooksPort));
    server = await startOwnServer({
      port: e2e.observeAppPort,
      hostname: "127.0.0.1",
      env: {
        APP_URL: `http://127.0.0.1:${e2e.observeAppPort}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ALLOW_PRIVATE_ORIGINS: `${e2e.fixturesUrl},${hooksUrl}`,
        CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
        BROWSER_CONCURRENCY: "2",
        METRICS_TOKEN: metricsToken,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${e2e.observeOtlpPort}`,
        OTEL_SERVICE_NAME: "glance-e2e",
        LOG_LEVEL: "warn",
      },
      readyTimeoutMs: 240_000,
    });
  });

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach("server output", { body: server?.output() ?? "", contentType: "text/plain" });
  });

  test.afterAll(async () => {
    await server?.stop();
    for (const receiver of receivers) await new Promise((resolve) => receiver.close(resolve));
    await dbQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`, [], e2e.adminDatabaseUrl).catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const stand = {
    get url() {
      if (!server) throw new Error("the observability server is made in beforeAll: read it in a test");
      return server.url;
    },
    spans,
    exportRequests,
    hooks,
    /** GET /metrics with the token, parsed. */
    scrape: async (): Promise<Families> => {
      const response = await fetch(`${stand.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
      if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
      return parseExposition(await response.text());
    },
  };
  return stand;
}

/**
 * The value of one series — a counter's or gauge's sample, or a histogram's count (`of: "count"`,
 * its `_count` family) — whose labels include `labels`; 0 when there is no such series yet.
 */
export function sample(families: Families, name: string, labels: Record<string, string> = {}, of?: "count"): number {
  if (of === "count") return sample(families, `${name}_count`, labels);
  const family = families.find((f) => f.name === name);
  const matches = (family?.metrics ?? []).filter((m) =>
    Object.entries(labels).every(([k, v]) => (m.labels ?? {})[k] === v),
  );
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${matches.length} series`);
  return Number(matches[0]?.value ?? 0);
}
