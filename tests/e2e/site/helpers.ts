/**
 * Helpers for the site specs: reading the request back out of the playground's snippets, running
 * the snippets for real, and getting an API key the way a user does (dashboard).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { createKeyInDashboard, setPlan, signInByEmail, uniqueEmail, type PlanId } from "../support";

const run = promisify(execFile);

export type Language = "curl" | "javascript" | "python";
export const LANGUAGES: Language[] = ["curl", "javascript", "python"];
const TAB_NAMES: Record<Language, string> = { curl: "cURL", javascript: "JavaScript", python: "Python" };

/** The URL and X-API-Key a snippet sends, read back from its text. */
export function requestInSnippet(language: Language, code: string): { url: string; apiKey: string } {
  const patterns: Record<Language, [RegExp, RegExp]> = {
    curl: [/^curl '([^']*)'/, /-H 'X-API-Key: ([^']*)'/],
    javascript: [/fetch\(("(?:[^"\\]|\\.)*")/, /"X-API-Key": ("(?:[^"\\]|\\.)*")/],
    python: [/requests\.get\(\s*("(?:[^"\\]|\\.)*")/, /"X-API-Key": ("(?:[^"\\]|\\.)*")/],
  };
  const [urlPattern, keyPattern] = patterns[language];
  const url = code.match(urlPattern)?.[1];
  const key = code.match(keyPattern)?.[1];
  if (!url || !key) throw new Error(`cannot read the request from this ${language} snippet:\n${code}`);
  // JS and Python use double-quoted (JSON-compatible) literals; curl single quotes hold raw text.
  return language === "curl" ? { url, apiKey: key } : { url: JSON.parse(url), apiKey: JSON.parse(key) };
}

/** Shows each snippet tab in turn and returns its code. */
export async function readSnippets(playground: Locator): Promise<Record<Language, string>> {
  const out = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    await playground.getByRole("tab", { name: TAB_NAMES[language], exact: true }).click();
    const snippet = playground.locator(`[data-testid=snippet][data-language=${language}]`);
    await expect(snippet).toBeVisible();
    out[language] = (await snippet.textContent()) ?? "";
  }
  return out;
}

/**
 * Runs a snippet as a user would (curl in a shell, the JS with Node, the Python with requests,
 * which scripts/setup.sh installs) in a scratch directory and returns the file it wrote.
 */
export async function runSnippet(language: Language, code: string, fileName: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-snippet-"));
  // Loopback only: a proxy configured in the environment must not see the request.
  const options = { cwd: dir, timeout: 60_000, env: { ...process.env, NO_PROXY: "*", no_proxy: "*" } };
  try {
    if (language === "curl") {
      await run("bash", ["-c", code], options);
    } else if (language === "javascript") {
      await writeFile(path.join(dir, "snippet.mjs"), code);
      await run(process.execPath, ["snippet.mjs"], options);
    } else {
      await writeFile(path.join(dir, "snippet.py"), code);
      await run("python3", ["snippet.py"], options);
    }
    return await readFile(path.join(dir, fileName));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bytes of the image the playground is showing (a blob: URL). */
export async function previewBytes(page: Page): Promise<Buffer> {
  const base64 = await page.getByTestId("result-image").evaluate(async (img: HTMLImageElement) => {
    const blob = await (await fetch(img.src)).blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/** Signs a new user in (in its own browser context), sets the plan, creates a key; returns it. */
export async function newUserKey(browser: Browser, plan: PlanId): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const email = uniqueEmail(`site-${plan}`);
    await signInByEmail(page, email);
    await setPlan(email, plan);
    return await createKeyInDashboard(page, "playground");
  } finally {
    await context.close();
  }
}

/**
 * The fuzz specs' rule (issue #27): no 5xx but a 504 render_timeout (D10), and a body unless the
 * answer has none by definition (HEAD, 204, 304, 1xx).
 */
export function expectAnswered(status: number, body: string, what: string, method: string): void {
  const allowed5xx = status === 504 && body.includes('"render_timeout"');
  expect(status >= 500 && !allowed5xx, `${what} → ${status} ${body.slice(0, 300)}`).toBe(false);
  const emptyOk = method === "HEAD" || status === 204 || status === 304 || status < 200;
  if (!emptyOk) expect(body.length, `${what} → ${status} with an empty body`).toBeGreaterThan(0);
}
