/**
 * Issue #27's capture cases through the production server (scripts/server.ts, the built app, its
 * real browser and guard): a PDF template that loads a stylesheet, a __Host- cookie on an http
 * url, customJS that navigates and keeps running, and pages — html input and url targets — that
 * navigate themselves to a refused address after loading (D23). Each answers a documented status
 * as problem+json (or the capture of the page it went to), never a 500 or Chromium's error page.
 * 127.0.0.2 is loopback and not an allowed origin here. The edge's cases are in edge.spec.ts, the
 * SVG screen in dashboard/brand-kit.spec.ts. Issue #47's accessible and PDF/A output is checked
 * here too, read back with qpdf and poppler.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { createAccount, e2e, sql, uniqueEmail } from "../support";

const REFUSED = "http://127.0.0.2:9/";
let apiKey: string;
let userId: string;

test.beforeAll(async () => {
  userId = await createAccount(uniqueEmail("capture-errors"), "business");
  apiKey = generateApiKey();
  await sql(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'errors', $3, $4)`, [
    `e2eerr${Date.now().toString(36)}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
});

function shoot(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${e2e.appUrl}/v1/screenshot`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ width: 400, height: 300, ...body }),
  });
}

async function expectProblem(response: Response, status: number, fields: Record<string, string>) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("x-request-id")).toBeTruthy();
  expect(JSON.parse(text)).toMatchObject(fields);
}

async function rendersThisMonth(): Promise<number> {
  const rows = await sql<{ n: number }>(
    `SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

test("a PDF template that loads a stylesheet is 400 naming it; the next PDF renders", async () => {
  for (const param of ["headerTemplate", "footerTemplate"]) {
    const template = `<link rel="stylesheet" href="${REFUSED}x.css"><span class="pageNumber"></span>`;
    await expectProblem(await shoot({ url: `${e2e.fixturesUrl}/index.html`, format: "pdf", [param]: template }), 400, {
      code: "invalid_parameter",
      param,
    });
  }
  const ok = await shoot({ url: `${e2e.fixturesUrl}/index.html`, format: "pdf", headerTemplate: "<span></span>" });
  expect(ok.status).toBe(200);
  expect(
    Buffer.from(await ok.arrayBuffer())
      .subarray(0, 4)
      .toString("latin1"),
  ).toBe("%PDF");
});

/** Runs qpdf or a poppler tool on the PDF (written to a temporary file); stderr is ignored. */
function readPdf(bytes: Buffer, command: string, args: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "glance-e2e-pdf-"));
  try {
    writeFileSync(path.join(dir, "a.pdf"), bytes);
    const options = { encoding: "utf8" as const, stdio: ["ignore", "pipe", "ignore"] as ["ignore", "pipe", "ignore"] };
    return execFileSync(command, [...args, path.join(dir, "a.pdf")], options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("PDFs are tagged with the page's language, title and outline; pdfStandard=pdfa-2b is PDF/A-2b (#47)", async () => {
  const res = await shoot({ url: `${e2e.fixturesUrl}/index.html`, format: "pdf" });
  expect(res.status).toBe(200);
  const tagged = Buffer.from(await res.arrayBuffer());
  const objects = JSON.parse(readPdf(tagged, "qpdf", ["--json=2", "--json-key=qpdf"])).qpdf[1];
  const trailer = objects.trailer.value;
  expect(objects[`obj:${trailer["/Root"]}`].value).toMatchObject({
    "/Lang": "u:en",
    "/MarkInfo": { "/Marked": true },
    "/StructTreeRoot": expect.any(String),
  });
  expect(objects[`obj:${trailer["/Info"]}`].value["/Title"]).toBe("u:Glance e2e fixture");
  const { outlines } = JSON.parse(readPdf(tagged, "qpdf", ["--json=2", "--json-key=outlines"]));
  expect(outlines.map((o: { title: string }) => o.title)).toEqual(["Hello from the fixture server"]);

  const archival = await shoot({ url: `${e2e.fixturesUrl}/index.html`, format: "pdf", pdfStandard: "pdfa-2b" });
  expect(archival.status).toBe(200);
  const pdfa = Buffer.from(await archival.arrayBuffer());
  expect(readPdf(pdfa, "pdfinfo", ["-meta"])).toMatch(/pdfaid:part=['"]2['"][^>]*pdfaid:conformance=['"]B['"]/);
  const fonts = readPdf(pdfa, "pdffonts", []).split("\n").slice(2).filter(Boolean);
  expect(fonts.length).toBeGreaterThan(0);
  for (const line of fonts) expect(line, line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/);
});

test("a __Host- or __Secure- cookie on an http url is 400 naming cookies", async () => {
  for (const name of ["__Host-a", "__secure-b"]) {
    await expectProblem(await shoot({ url: `${e2e.fixturesUrl}/index.html`, cookies: { [name]: "v" } }), 400, {
      code: "invalid_parameter",
      param: "cookies",
    });
  }
});

test("customJS that navigates and keeps running is captured on the page it went to", async () => {
  for (const customJS of [
    `location.href = "/index.html?went=1"; await new Promise((r) => setTimeout(r, 2000));`,
    `const f = document.createElement("form"); f.action = "/index.html"; document.body.append(f); f.submit(); await new Promise((r) => setTimeout(r, 2000));`,
  ]) {
    const response = await shoot({
      url: `${e2e.fixturesUrl}/shared/screenshot/navigates-away.html`,
      customJS,
      response: "json",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const json = (await response.json()) as { finalUrl: string; title: string };
    expect(json.finalUrl).toContain("/index.html");
    expect(json.title).toBe("Glance e2e fixture");
  }
});

test("a page that navigates itself to a refused address is 400 private_address and costs no render (D23)", async () => {
  const before = await rendersThisMonth();
  for (const how of ["location", "meta", "form", "link"]) {
    const url = `${e2e.fixturesUrl}/shared/screenshot/navigates-away.html?how=${how}&to=${encodeURIComponent(REFUSED)}`;
    await expectProblem(await shoot({ url, delay: 600 }), 400, { code: "private_address", param: "url" });
  }
  for (const html of [
    `<meta http-equiv="refresh" content="0;url=${REFUSED}"><p>hi</p>`,
    `<p>hi</p><script>onload = () => setTimeout(() => (location.href = "${REFUSED}"), 20)</script>`,
    `<form method="post" action="${REFUSED}"></form><script>onload = () => document.forms[0].submit()</script>`,
  ]) {
    await expectProblem(await shoot({ html, delay: 600 }), 400, { code: "private_address", param: "html" });
  }
  expect(await rendersThisMonth()).toBe(before);
});

test("a bot-challenge page is 422 target_blocked kind=challenge and costs no render; allowBlocked captures it (D23)", async () => {
  const url = `${e2e.fixturesUrl}/shared/screenshot/blocked/cloudflare-challenge.html`;
  const before = await rendersThisMonth();
  const blocked = await shoot({ url });
  expect(blocked.headers.get("x-target-blocked")).toBe("challenge");
  await expectProblem(blocked, 422, { code: "target_blocked", kind: "challenge", param: "url" });
  expect(await rendersThisMonth()).toBe(before);

  const captured = await shoot({ url, allowBlocked: true, response: "json" });
  expect(captured.status, await captured.clone().text()).toBe(200);
  const json = (await captured.json()) as { blocked?: { kind: string; signals: string[] } };
  expect(json.blocked?.kind).toBe("challenge");
  expect(json.blocked?.signals).toContain("cloudflare:challenge-form");
  expect(await rendersThisMonth()).toBe(before + 1);
});
