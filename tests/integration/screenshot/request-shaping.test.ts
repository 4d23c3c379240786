/**
 * Request shaping (D19) on real Chromium: headers and cookies reach the target's origin and never
 * a third-party origin (another loopback host), the page sees the locale, time zone, user agent
 * and reduced motion it was given, mediaType=print applies print CSS, bad values are 400s naming
 * the parameter, plan gates are 403s, and header/cookie values appear in no log line, no JSON
 * answer, no stored file and no database row.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { type EchoServer, startEchoServer } from "./echo-servers";
import { BLUE, decode, expectColor, expectOk, screenshotHarness, WHITE } from "@/tests/support/screenshot-harness";

const HEADER_SECRET = "hdr-7d1c2f9a0e5b4c3d";
const COOKIE_SECRET = "ck-4b8e6a1f3c2d9e07";

let target: EchoServer;
let third: EchoServer;
const written: string[] = [];
const originalWrites = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};

/** The page reports what it sees by loading /report?… during parsing (so before the load event). */
function shapedPage(thirdOrigin: string): string {
  return `<!doctype html><html><head><style>
html, body { margin: 0; background: #fff; height: 100%; }
@media print { html, body { background: rgb(0, 0, 255); } }
</style></head><body>
<img src="/same.gif"><img src="${thirdOrigin}/third.gif"><script src="${thirdOrigin}/third.js"></script><img src="/to-third">
<script>
document.write('<img src="/report?' + new URLSearchParams({
  lang: navigator.language,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  intl: Intl.DateTimeFormat().resolvedOptions().locale,
  print: String(matchMedia("print").matches),
  rm: String(matchMedia("(prefers-reduced-motion: reduce)").matches),
  ua: navigator.userAgent,
  cookie: document.cookie,
}) + '">');
</script></body></html>`;
}

beforeAll(async () => {
  target = await startEchoServer("127.0.0.1");
  third = await startEchoServer("127.0.0.2");
  target.pages.set("/shaped", shapedPage(third.origin));
  target.redirects.set("/to-third", `${third.origin}/landing.gif`);
});
// Registered before the harness, so the servers stop after it, as before.
afterAll(async () => {
  await target?.close();
  await third?.close();
});
const h = screenshotHarness(() => ({
  plan: "pro",
  allowOrigins: [target.origin, third.origin],
  env: { extra: { LOG_LEVEL: "debug" } },
}));

beforeAll(() => {
  // Every log line of this file is kept (and not printed) so the secrets can be looked for in them.
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
});

afterAll(async () => {
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
});

const url = (run: string) => `${target.origin}/shaped?run=${run}`;
const report = (run: string) => {
  const reports = target.seen.filter((r) => r.path === "/report");
  const mine = reports.at(-1);
  if (!mine) throw new Error(`no report for run ${run}`);
  return mine.query;
};

describe("headers and cookies", () => {
  it("reach the target's origin and no other host, and the page's scripts cannot read the cookie", async () => {
    const before = { target: target.seen.length, third: third.seen.length };
    const response = await h.shoot({
      url: url("secret"),
      headers: JSON.stringify({ "X-Secret-Token": HEADER_SECRET }),
      cookies: JSON.stringify({ sid: COOKIE_SECRET }),
    });
    await expectOk(response);
    const atTarget = target.seen.slice(before.target);
    const atThird = third.seen.slice(before.third);
    // Chromium may or may not ask for /favicon.ico before the capture ends; when it does, it is checked too.
    expect(
      atTarget
        .map((r) => r.path)
        .filter((p) => p !== "/favicon.ico")
        .sort(),
    ).toEqual(["/report", "/same.gif", "/shaped", "/to-third"]);
    for (const r of atTarget) {
      expect(r.headers["x-secret-token"], r.path).toBe(HEADER_SECRET);
      expect(r.headers.cookie, r.path).toBe(`sid=${COOKIE_SECRET}`);
    }
    // The third party got its image, its script and the redirect's landing, with neither secret.
    expect(
      atThird
        .map((r) => r.path)
        .filter((p) => p !== "/favicon.ico")
        .sort(),
    ).toEqual(["/landing.gif", "/third.gif", "/third.js"]);
    for (const r of atThird) {
      expect(r.headers["x-secret-token"], r.path).toBeUndefined();
      expect(r.headers.cookie, r.path).toBeUndefined();
    }
    expect(report("secret").get("cookie")).toBe(""); // httpOnly
  });

  it("are in the cache key by their hash: the same values are a HIT, another value a MISS", async () => {
    const query = { url: url("key"), headers: JSON.stringify({ "X-Secret-Token": HEADER_SECRET }) };
    expect((await h.shoot(query)).headers.get("x-cache")).toBe("MISS");
    expect((await h.shoot(query)).headers.get("x-cache")).toBe("HIT");
    const other = await h.shoot({ ...query, headers: JSON.stringify({ "X-Secret-Token": `${HEADER_SECRET}-2` }) });
    expect(other.headers.get("x-cache")).toBe("MISS");
  });

  it("never appear in a JSON answer, a log line, a stored file or a database row", async () => {
    const response = await h.shoot({
      url: url("json"),
      response: "json",
      headers: JSON.stringify({ "X-Secret-Token": HEADER_SECRET }),
      cookies: JSON.stringify({ sid: COOKIE_SECRET }),
    });
    const body = await response.text();
    expect(response.status, body).toBe(200);
    // A refused request (bad second header) must not echo the good one's value either.
    const refused = await h.shoot({
      url: url("bad"),
      headers: JSON.stringify({ "X-Secret-Token": HEADER_SECRET, Host: "evil" }),
    });
    const problem = JSON.stringify(await problemOf(refused));

    const { flushUsage } = await import("@/lib/usage/record");
    await flushUsage();
    const files = await filesUnder(h.testEnv.dataDir);
    expect(files.length).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: h.testEnv.databaseUrl });
    await db.connect();
    const rows: string[] = [];
    try {
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      for (const { table_name } of tables.rows) {
        const result = await db.query(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
        rows.push(...result.rows.map((r: { row: string }) => r.row));
      }
    } finally {
      await db.end();
    }
    expect(rows.some((r) => r.includes(h.account.userId))).toBe(true); // the rows were really read
    expect(written.join("").length).toBeGreaterThan(0); // and the logs really written
    for (const secret of [HEADER_SECRET, COOKIE_SECRET]) {
      expect(body).not.toContain(secret);
      expect(problem).not.toContain(secret);
      expect(written.join("")).not.toContain(secret);
      for (const file of files) expect((await readFile(file)).includes(secret), file).toBe(false);
      for (const row of rows) expect(row).not.toContain(secret);
    }
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

describe("what the page sees", () => {
  it("by default: the browser's own language, UTC, motion allowed, screen media", async () => {
    await expectOk(await h.shoot({ url: url("default") }));
    const seen = report("default");
    expect(seen.get("tz")).not.toBe("Asia/Tokyo");
    expect(seen.get("lang")).not.toBe("de-DE");
    expect(seen.get("rm")).toBe("false");
    expect(seen.get("print")).toBe("false");
    expect(seen.get("ua")).toContain("Chrome/");
  });

  it("locale, timezone, userAgent and reducedMotion", async () => {
    await expectOk(
      await h.shoot({
        url: url("shaped"),
        locale: "de-DE",
        timezone: "Asia/Tokyo",
        userAgent: "GlanceTest/1.0 (shaping)",
        reducedMotion: true,
      }),
    );
    const seen = report("shaped");
    expect(seen.get("lang")).toBe("de-DE");
    expect(seen.get("intl")).toBe("de-DE");
    expect(seen.get("tz")).toBe("Asia/Tokyo");
    expect(seen.get("rm")).toBe("true");
    expect(seen.get("ua")).toBe("GlanceTest/1.0 (shaping)");
    const page = target.seen.filter((r) => r.path === "/shaped" && r.query.get("run") === "shaped").at(-1)!;
    expect(page.headers["accept-language"]).toMatch(/^de-DE/);
    expect(page.headers["user-agent"]).toBe("GlanceTest/1.0 (shaping)");
  });

  it("mediaType=print applies the page's print CSS to an image", async () => {
    const screen = await decode(await expectOk(await h.shoot({ url: url("screen"), width: 400, height: 300 })));
    expectColor(screen.pixel(200, 250), WHITE, "screen background");
    const print = await decode(
      await expectOk(await h.shoot({ url: url("print"), width: 400, height: 300, mediaType: "print" })),
    );
    expectColor(print.pixel(200, 250), BLUE, "print background");
    expect(report("print").get("print")).toBe("true");
  });
});

describe("bad values are 400s naming the parameter, without echoing a secret", () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ["headers", { headers: "X-Token: abc" }, /JSON object/],
    ["headers", { headers: JSON.stringify(["a"]) }, /JSON object/],
    ["headers", { headers: JSON.stringify({ Host: "example.com" }) }, /Host cannot be set/],
    ["headers", { headers: JSON.stringify({ Cookie: `a=${COOKIE_SECRET}` }) }, /use the cookies parameter/],
    ["headers", { headers: JSON.stringify({ "Proxy-Authorization": `Basic ${HEADER_SECRET}` }) }, /cannot be set/],
    ["headers", { headers: JSON.stringify({ "Sec-Fetch-Site": "none" }) }, /cannot be set/],
    ["headers", { headers: JSON.stringify({ "X-A": `${HEADER_SECRET}\r\nX-Injected: 1` }) }, /control character/],
    ["headers", { headers: JSON.stringify({ "Bad Name": "x" }) }, /not a valid header name/],
    ["headers", { headers: JSON.stringify({ "X-A": 1 }) }, /must be a string/],
    ["cookies", { cookies: JSON.stringify({ sid: `${COOKIE_SECRET}; Domain=evil` }) }, /cookie-safe/],
    ["locale", { locale: "not a locale!" }, /BCP 47/],
    ["timezone", { timezone: "Mars/Olympus_Mons" }, /IANA/],
    ["mediaType", { mediaType: "tv" }, /screen, print/],
    ["userAgent", { userAgent: "bad\nagent" }, /control characters/],
    ["reducedMotion", { reducedMotion: "maybe" }, /true, false/],
  ];
  it.each(cases)("%s %j", async (param, query, detail) => {
    const problem = await problemOf(await h.shoot({ url: url("invalid"), ...query }));
    expect(problem).toMatchObject({ status: 400, param });
    expect(String(problem.detail)).toMatch(detail);
    expect(JSON.stringify(problem)).not.toContain(HEADER_SECRET);
    expect(JSON.stringify(problem)).not.toContain(COOKIE_SECRET);
  });
});

describe("plan gates (D19)", () => {
  it("Starter options are 403 on Free, Pro options 403 on Starter", async () => {
    const free = await h.accountOn("free");
    const starter = await h.accountOn("starter");
    const starterOnly: Record<string, string> = {
      userAgent: "x",
      locale: "fr",
      timezone: "UTC",
      reducedMotion: "true",
      mediaType: "print",
    };
    for (const [param, value] of Object.entries(starterOnly)) {
      const problem = await problemOf(await h.shoot({ url: url("gate"), [param]: value }, { account: free }));
      expect(problem).toMatchObject({ status: 403, code: "plan_upgrade_required", param });
    }
    for (const param of ["headers", "cookies"]) {
      const problem = await problemOf(
        await h.shoot({ url: url("gate"), [param]: JSON.stringify({ a: "b" }) }, { account: starter }),
      );
      expect(problem).toMatchObject({ status: 403, code: "plan_upgrade_required", param });
    }
  });
});
