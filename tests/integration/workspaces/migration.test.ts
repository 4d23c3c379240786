/**
 * Migration 0015 (D28) on a database holding every kind of row: each table's rows are the same
 * before and after, every existing account is the personal workspace its person owns, and a new
 * account owns its workspace whichever code inserts it. Migration 0020: existing keys name their
 * maker where it is known, OAuth grants their approver, and a team's grant of unknown approver is
 * disconnected. Runs the real runner (lib/db/migrate.ts) on real PostgreSQL.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase } from "../../support/env";

const MIGRATION = "0015_workspaces.sql";
const DIR = path.join(process.cwd(), "prisma", "migrations");

let db: { url: string; drop(): Promise<void> };
let client: pg.Client;

/** Two accounts (a paying one with everything, a free one with a little) and shared rows. */
const FILL = `
INSERT INTO users (id, name, email, plan, scheduled_plan, scheduled_plan_at) VALUES
  ('u_ann', 'Ann', 'ann@example.test', 'pro', 'starter', '2030-01-01'),
  ('u_bob', NULL, 'bob@example.test', 'free', NULL, NULL);
INSERT INTO accounts (user_id, type, provider, provider_account_id) VALUES ('u_ann', 'oauth', 'github', '42');
INSERT INTO sessions (session_token, user_id, expires) VALUES ('s_ann', 'u_ann', '2030-01-01'), ('s_bob', 'u_bob', '2030-01-01');
INSERT INTO verification_tokens (identifier, token, expires) VALUES ('ann@example.test', 'tok', '2030-01-01');
INSERT INTO api_keys (id, user_id, name, hash, display, signing_nonce, allowed_endpoints, monthly_render_cap, paused_at)
  VALUES ('k_ann', 'u_ann', 'Prod', 'h1', 'sk_live_abcd…', 'nonce1', '{screenshot}', 500, NULL),
         ('k_bob', 'u_bob', 'Mine', 'h2', 'sk_live_efgh…', NULL, '{}', NULL, '2029-01-01');
INSERT INTO key_monthly_usage (api_key_id, month, renders) VALUES ('k_ann', '2026-11', 7);
INSERT INTO usage_events (user_id, api_key_id, endpoint, status, cache, render_ms, request_id, error_code, target_host)
  VALUES ('u_ann', 'k_ann', 'screenshot', 200, 'MISS', 812, 'req_1', NULL, 'example.com'),
         ('u_bob', NULL, 'og', 403, NULL, NULL, 'req_2', 'plan_required', NULL);
INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES ('u_ann', '2026-11', 10, 7), ('u_bob', '2026-11', 1, 0);
INSERT INTO usage_alerts (user_id, month, threshold) VALUES ('u_ann', '2026-11', 80);
INSERT INTO billing_accounts (user_id, stripe_customer_id, stripe_subscription_id, subscription_status, paid_plan, current_period_end)
  VALUES ('u_ann', 'cus_1', 'sub_1', 'active', 'pro', '2030-01-01');
INSERT INTO stripe_events (id, type) VALUES ('evt_1', 'customer.subscription.updated');
INSERT INTO og_templates (id, user_id, name, description, current_version) VALUES ('t_ann', 'u_ann', 'launch', 'Launch card', 2);
INSERT INTO og_template_versions (template_id, version, source, compiled) VALUES
  ('t_ann', 1, '<div>{{title}}</div>', '{"v":1}'), ('t_ann', 2, '<div>{{title}}!</div>', '{"v":2}');
INSERT INTO brand_assets (id, user_id, kind, name, color, data, content_type, size, sha256)
  VALUES ('b_ann', 'u_ann', 'image', 'logo', NULL, '\\x89504e47', 'image/png', 4, 'abc'),
         ('b_ann2', 'u_ann', 'color', 'primary', '#112233', NULL, NULL, 0, 'def');
INSERT INTO webhook_settings (user_id, url, secret_nonce, previous_secret_nonce, secret_rolled_at)
  VALUES ('u_ann', 'https://hooks.example.com/in', 'wn2', 'wn1', '2026-11-01');
INSERT INTO storage_settings (user_id, endpoint, region, bucket, prefix, access_key_id, secret_ciphertext)
  VALUES ('u_ann', 'https://s3.example.com', 'eu-1', 'shots', 'glance/', 'AKIA', 'sealed');
INSERT INTO job_batches (id, user_id, webhook_url, size) VALUES ('jb_1', 'u_ann', NULL, 1);
INSERT INTO monitors (id, user_id, name, url, capture, interval_seconds, threshold, pixel_threshold, email)
  VALUES ('m_ann', 'u_ann', 'Home', 'https://example.com', '[["width","1280"]]', 3600, 0.01, 0.1, 'ann@example.test');
INSERT INTO jobs (id, user_id, api_key_id, batch_id, endpoint, request, state, result, monitor_id, scheduled_for)
  VALUES ('j_1', 'u_ann', 'k_ann', 'jb_1', 'screenshot', '{"url":"https://example.com"}', 'succeeded', '{"ok":true}', NULL, NULL),
         ('j_2', 'u_ann', NULL, NULL, 'screenshot', NULL, 'succeeded', NULL, 'm_ann', '2026-11-01');
INSERT INTO monitor_baselines (monitor_id, user_id, image, width, height, run_id) VALUES ('m_ann', 'u_ann', '\\x00', 1, 1, 'j_2');
INSERT INTO monitor_alert_emails (job_id, recipient, subject, body) VALUES ('j_2', 'ann@example.test', 'Changed', 'Home changed');
INSERT INTO webhook_deliveries (id, user_id, event_type, url, body) VALUES ('wd_1', 'u_ann', 'job.succeeded', 'https://hooks.example.com/in', '{}');
INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, ok) VALUES ('wd_1', 1, now(), 12, 200, true);
`;

async function tables(): Promise<string[]> {
  const { rows } = await client.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_migrations' ORDER BY 1`,
  );
  return rows.map((r) => r.t);
}

async function columns(table: string): Promise<string[]> {
  const { rows } = await client.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}

/** Every row of every table, by the columns the table had before the migration. */
async function snapshot(shape: Map<string, string[]>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, cols] of shape) {
    const list = cols.map((c) => `"${c}"`).join(", ");
    const order = cols.map((_, i) => i + 1).join(", ");
    out[table] = (await client.query(`SELECT ${list} FROM "${table}" ORDER BY ${order}`)).rows;
  }
  return out;
}

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The database as the release before workspaces left it: every earlier migration, recorded.
  await client.query(
    `CREATE TABLE "_migrations" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  );
  const earlier = (await readdir(DIR)).filter((f) => f.endsWith(".sql") && f < MIGRATION).sort();
  for (const file of earlier) {
    await client.query(await readFile(path.join(DIR, file), "utf8"));
    await client.query(`INSERT INTO "_migrations" (name) VALUES ($1)`, [file]);
  }
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

describe("migration 0015: every account becomes a personal workspace", () => {
  it("keeps every row of every table and gives each person the workspace they had", async () => {
    await client.query(FILL);
    const shape = new Map<string, string[]>();
    for (const table of await tables()) shape.set(table, await columns(table));
    // The fill must cover every table, so a table added later without rows here fails this test.
    const before = await snapshot(shape);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, `rows in ${table}`).toBeGreaterThan(0);

    const applied = await migrate(db.url);
    expect(applied).toContain(MIGRATION);

    expect(await snapshot(shape)).toEqual(before);
    const { rows: kinds } = await client.query(`SELECT id, kind FROM users ORDER BY id`);
    expect(kinds).toEqual([
      { id: "u_ann", kind: "personal" },
      { id: "u_bob", kind: "personal" },
    ]);
    const { rows: members } = await client.query(
      `SELECT workspace_id, user_id, role FROM workspace_members ORDER BY workspace_id`,
    );
    expect(members).toEqual([
      { workspace_id: "u_ann", user_id: "u_ann", role: "owner" },
      { workspace_id: "u_bob", user_id: "u_bob", role: "owner" },
    ]);
    // What each workspace owns is what its account owned: the foreign keys did not move.
    const { rows: owned } = await client.query(
      `SELECT (SELECT count(*)::int FROM api_keys WHERE user_id = 'u_ann') AS keys,
              (SELECT count(*)::int FROM monitors WHERE user_id = 'u_ann') AS monitors,
              (SELECT plan::text FROM users WHERE id = 'u_ann') AS plan`,
    );
    expect(owned[0]).toEqual({ keys: 1, monitors: 1, plan: "pro" });
  });

  it("makes a new personal account the owner of its workspace from its first row", async () => {
    await client.query(`INSERT INTO users (id, email) VALUES ('u_new', 'new@example.test')`);
    const { rows } = await client.query(`SELECT workspace_id, role FROM workspace_members WHERE user_id = 'u_new'`);
    expect(rows).toEqual([{ workspace_id: "u_new", role: "owner" }]);
  });

  it("gives a team workspace no owner by itself and no address to sign in with", async () => {
    await client.query(`INSERT INTO users (id, name, kind) VALUES ('w_team', 'Team', 'team')`);
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM workspace_members WHERE workspace_id = 'w_team'`,
    );
    expect(rows[0].n).toBe(0);
    await expect(
      client.query(`INSERT INTO users (id, email, kind) VALUES ('w_bad', 'team@example.test', 'team')`),
    ).rejects.toThrow(/users_team_no_email_check/);
    await expect(
      client.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('w_team', 'u_ann', 'root')`),
    ).rejects.toThrow(/check constraint/);
  });

  it("is applied once: a second run changes nothing", async () => {
    expect(await migrate(db.url)).toEqual([]);
  });
});

describe("migration 0020: keys name their maker, OAuth grants their approver", () => {
  it("gives existing keys and grants the person who made them where that is known, and disconnects the rest", async () => {
    const older = await createTestDatabase();
    const c = new pg.Client({ connectionString: older.url });
    await c.connect();
    try {
      await c.query(
        `CREATE TABLE "_migrations" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      for (const file of (await readdir(DIR)).filter((f) => f.endsWith(".sql") && f < "0020").sort()) {
        await c.query(await readFile(path.join(DIR, file), "utf8"));
        await c.query(`INSERT INTO "_migrations" (name) VALUES ($1)`, [file]);
      }
      await c.query(`
        INSERT INTO users (id, email) VALUES ('u_ann', 'ann@example.test'), ('u_dev', 'dev@example.test');
        INSERT INTO users (id, name, kind) VALUES ('w_team', 'Team', 'team');
        INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('w_team', 'u_ann', 'owner'), ('w_team', 'u_dev', 'developer');
        INSERT INTO api_keys (id, user_id, name, hash, display) VALUES
          ('k_own', 'u_ann', 'Own', 'h1', 'd'), ('k_dev', 'w_team', 'Dev', 'h2', 'd'), ('k_old', 'w_team', 'Old', 'h3', 'd');
        INSERT INTO audit_events (workspace_id, actor_id, actor_label, action, target)
          VALUES ('w_team', 'u_dev', 'dev@example.test', 'key.created', 'k_dev');
        INSERT INTO oauth_clients (id, name, redirect_uris) VALUES ('c_1', 'Agent', '{https://agent.example/cb}');
        INSERT INTO oauth_grants (id, client_id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at)
          VALUES ('g_own', 'c_1', 'u_ann', 'a1', now(), 'r1', now()), ('g_team', 'c_1', 'w_team', 'a2', now(), 'r2', now());
      `);
      expect(await migrate(older.url)).toContain("0020_member_credentials.sql");
      const { rows: keys } = await c.query(`SELECT id, created_by FROM api_keys ORDER BY id`);
      // Personal: its person's; a team's: the audit log's maker, else the workspace's alone.
      expect(keys).toEqual([
        { id: "k_dev", created_by: "u_dev" },
        { id: "k_old", created_by: null },
        { id: "k_own", created_by: "u_ann" },
      ]);
      const { rows: grants } = await c.query(`SELECT id, approved_by FROM oauth_grants ORDER BY id`);
      expect(grants).toEqual([{ id: "g_own", approved_by: "u_ann" }]);
    } finally {
      await c.end();
      await older.drop();
    }
  });
});
