/**
 * Every script (D21): text satori cannot shape goes through the browser engine. Arabic and Hebrew
 * must come out right-to-left with joined letters, Devanagari with its conjuncts and Korean without
 * missing-glyph boxes. The judge is Chromium's own rendering of the same text in the same fonts
 * (read straight from the font packages, not through the service's code), compared by ink; a
 * satori rendering of the same text with the same fonts is the control that must NOT agree.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "puppeteer-core";
import satori from "satori";
import sharp from "sharp";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { expectDocumented } from "@/tests/support/documented";
import { ogMetadataSchema } from "@/lib/og/schema";
import { launchChromium } from "@/tests/integration/net/support/browser";
import { agreement, inkOf } from "./ink";

const fontFile = (pkg: string, file: string) =>
  readFileSync(path.join(process.cwd(), "node_modules/@fontsource", pkg, "files", file));

/**
 * `family`/`pkg`: the fontsource family the reference page loads through the package's own CSS.
 * `control`: the script's font file handed to satori for the control; none for Korean, where the
 * control is satori with the fonts the service always had (which have no Hangul: boxes).
 */
const CASES = [
  {
    script: "Arabic",
    cursive: true,
    title: "مرحبا بالعالم",
    family: "Noto Sans Arabic",
    pkg: "noto-sans-arabic",
    control: "noto-sans-arabic-arabic-700-normal.woff",
  },
  {
    script: "Hebrew",
    cursive: false,
    title: "שלום עולם יפה",
    family: "Noto Sans Hebrew",
    pkg: "noto-sans-hebrew",
    control: "noto-sans-hebrew-hebrew-700-normal.woff",
  },
  {
    script: "Devanagari",
    cursive: true,
    title: "क्षत्रिय हिन्दी",
    family: "Noto Sans Devanagari",
    pkg: "noto-sans-devanagari",
    control: "noto-sans-devanagari-devanagari-700-normal.woff",
  },
  {
    script: "Hangul",
    cursive: false,
    title: "안녕 세계",
    family: "Noto Sans KR",
    pkg: "noto-sans-kr",
    control: undefined,
  },
] as const;

let browser: Browser;
let account: TestAccount;
let og: (request: Request) => Promise<Response>;

testEnvironment();

beforeAll(async () => {
  browser = await launchChromium([]);
  og = (await import("@/app/v1/og/route")).GET;
  account = await createTestAccount({ plan: "pro" });
  // The service's browser is started once up front, as at server start: a cold launch on a
  // loaded machine must not eat the first render's time limit.
  const { Deadline, warmUp } = await import("@/lib/browser");
  await warmUp(new Deadline(90_000));
});

afterAll(async () => {
  await browser?.close();
  await (await import("@/lib/browser")).shutdownBrowsers();
});

/** A card with only the title as ink: white background, white accent (mark and glow vanish). */
const WHITE_CARD = { accent: "#ffffff", bgColor: "#ffffff" };

async function card(title: string) {
  const { validateVariables } = await import("@/lib/og/variables");
  const { buildElement, renderOg } = await import("@/lib/og/render");
  const { variables } = validateVariables("default", { title, ...WHITE_CARD });
  const req = { template: "default" as const, variables, width: 1200, height: 630 };
  const rendered = await renderOg({ ...req, format: "png", quality: 80 });
  return { rendered, element: buildElement(req) };
}

/** The style of the element that draws `text` in the card's tree (its font size, weight…). */
function styleOf(node: ReactNode, text: string): Record<string, unknown> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = styleOf(child as ReactNode, text);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement(node)) return undefined;
  const element = node as ReactElement<Record<string, unknown>>;
  if (typeof element.type === "function")
    return styleOf((element.type as (p: unknown) => ReactNode)(element.props), text);
  if (element.props.children === text) return element.props.style as Record<string, unknown>;
  return styleOf(element.props.children as ReactNode, text);
}

/**
 * Chromium drawing `text` alone, with the font packages' own stylesheets (loaded from disk: each
 * unicode-range subset it needs), Inter first and the script's Noto family after it.
 */
async function chromiumReference(
  text: string,
  family: string,
  pkg: string,
  style: Record<string, unknown>,
  cursive: boolean,
): Promise<Buffer> {
  // The template's letter-spacing, except for joined scripts, where CSS says it must not apply.
  const spacing = cursive ? "normal" : String(style.letterSpacing ?? "normal");
  const dir = await mkdtemp(path.join(os.tmpdir(), "og-ref-"));
  const css = (p: string) => pathToFileURL(path.join(process.cwd(), "node_modules/@fontsource", p, "700.css")).href;
  const file = path.join(dir, "ref.html");
  await writeFile(
    file,
    `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="${css("inter")}"><link rel="stylesheet" href="${css(pkg)}">
    <style>body{margin:0;background:#fff}div{font:700 ${style.fontSize}px/${style.lineHeight} "Inter","${family}";letter-spacing:${spacing};color:#000;padding:40px;-webkit-font-smoothing:antialiased;text-rendering:geometricPrecision}</style>
    <div dir="auto">${text}</div>`,
  );
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1200, height: 400, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return Buffer.from(await page.screenshot({ type: "png" }));
  } finally {
    await page.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Satori drawing the same card, given the script's font when there is one: what the browser engine replaces. */
async function satoriControl(
  element: ReactElement,
  title: string,
  pkg: string,
  control: string | undefined,
): Promise<Buffer> {
  const { fontsFor } = await import("@/lib/og/fonts");
  const svg = await satori(element, {
    width: 1200,
    height: 630,
    fonts: [
      ...fontsFor([title]),
      ...(control
        ? [{ name: "Script", data: fontFile(pkg, control), weight: 700 as const, style: "normal" as const }]
        : []),
    ],
  });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("text satori cannot shape is drawn by the browser engine", () => {
  it.each(CASES)(
    "$script: the card's title matches Chromium's own rendering, and satori's does not",
    async ({ script, cursive, title, family, pkg, control }) => {
      const { rendered, element } = await card(title);
      expect(rendered.engine).toMatchObject({ engine: "chromium", scripts: [script] });

      const style = styleOf(element, title)!;
      expect(typeof style.fontSize).toBe("number");
      const reference = await inkOf(await chromiumReference(title, family, pkg, style, cursive));
      const ours = await inkOf(rendered.bytes);
      const unshaped = await inkOf(await satoriControl(element, title, pkg, control));

      expect(ours.width).toBeGreaterThan(50);
      expect(Math.abs(ours.width - reference.width)).toBeLessThanOrEqual(2);
      expect(Math.abs(ours.height - reference.height)).toBeLessThanOrEqual(2);
      expect(agreement(ours, reference)).toBeGreaterThan(0.9);
      // The control proves the comparison can fail: satori's unshaped (or boxed) text disagrees.
      expect(agreement(unshaped, reference)).toBeLessThan(0.8);
    },
  );

  it("right-to-left titles start at the right edge of the text box, left-to-right ones at the left", async () => {
    const arabic = await inkOf((await card(CASES[0].title)).rendered.bytes);
    const hebrew = await inkOf((await card(CASES[1].title)).rendered.bytes);
    const latin = await inkOf((await card("Hello world")).rendered.bytes);
    const padX = 88;
    for (const rtl of [arabic, hebrew]) expect(1200 - padX - (rtl.left + rtl.width)).toBeLessThanOrEqual(6);
    expect(latin.left - padX).toBeLessThanOrEqual(6);
  });

  it("Thai and Persian go to the browser too; Latin, Cyrillic, Japanese and emoji stay with satori", async () => {
    const { validateVariables } = await import("@/lib/og/variables");
    const { scanScripts } = await import("@/lib/og/scripts/detect");
    const { hasFontFor } = await import("@/lib/og/fonts");
    const scan = (title: string) =>
      scanScripts([validateVariables("default", { title }).variables.text.title], hasFontFor);
    expect(scan("สวัสดีชาวโลก")).toEqual({ needs: ["complex"], scripts: ["Thai"] });
    expect(scan("سلام دنیا گچپژ")).toEqual({ needs: ["rtl"], scripts: ["Arabic"] });
    expect(scan("Привет, 日本語のタイトル 🚀 Ünïcödé")).toEqual({ needs: [], scripts: [] });
  });
});

describe("through GET /v1/og", () => {
  it("says which engine drew the card and what it cost, in the JSON metadata, also on a HIT", async () => {
    const query = (title: string) => `/v1/og?${new URLSearchParams({ template: "default", title, response: "json" })}`;
    const rtl = await og(apiRequest(query("مرحبا بالعالم"), { apiKey: account.apiKey }));
    expect(rtl.status).toBe(200);
    const body = expectDocumented(ogMetadataSchema, await rtl.json());
    expect(body.render).toMatchObject({ engine: "chromium", shaping: ["rtl"], scripts: ["Arabic"] });
    expect(body.render.engineMs).toBeGreaterThan(0);
    const hit = await og(apiRequest(query("مرحبا بالعالم"), { apiKey: account.apiKey }));
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(expectDocumented(ogMetadataSchema, await hit.json()).render).toEqual(body.render);

    const latin = await og(apiRequest(query("Hello"), { apiKey: account.apiKey }));
    expect(expectDocumented(ogMetadataSchema, await latin.json()).render).toMatchObject({ engine: "satori" });
  });
});
