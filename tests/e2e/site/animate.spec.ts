/**
 * /v1/animate through the production server (#30 points 3 and 4, D26): the playground on
 * /docs/animate records a page with a visitor's key and plays the video it got back; the docs'
 * samples, made by this server from pages shipped in the repo, play; the pricing page shows each
 * plan's recording limits from lib/animate/limits.ts and what a recording counts; a gif whose
 * frames grow past the plan's bound is stopped with its documented code (issue 43 point 8).
 */
import { expect, test } from "@playwright/test";
import { ANIMATE_LIMITS, MS_PER_RENDER } from "@/lib/animate/limits";
import { ERROR_CODES } from "@/lib/vocabulary/errors";
import { PLAN_IDS } from "@/lib/plans";
import { MOTION_SAMPLES } from "@/lib/showcase/motion";
import { e2e, sql } from "../support";
import { accountWithKey } from "../api/mcp-support";
import { newUserKey } from "./helpers";

test("the playground records a page and plays the video", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const key = await newUserKey(browser, "free");
  await page.goto("/docs/animate");
  const playground = page.getByTestId("playground-animate");
  await playground.getByTestId("playground-api-key").fill(key);
  await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/index.html`);
  for (const [name, value] of Object.entries({ width: "640", height: "360", duration: "2000", fps: "10" }))
    await playground.locator(`[data-param=${name}]`).fill(value);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/animate", { timeout: 90_000 });
  await playground.getByTestId("render").click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("video/mp4");

  const video = playground.getByTestId("result-video");
  await expect(video).toHaveAttribute("aria-label", `Recording of ${e2e.fixturesUrl}/index.html`);
  // The browser decodes it: its length and size are the request's, and it plays.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error), { timeout: 15_000 })
    .toBe(true);
  const facts = await video.evaluate((v: HTMLVideoElement) => ({
    duration: v.duration,
    width: v.videoWidth,
    height: v.videoHeight,
  }));
  expect(facts).toMatchObject({ width: 640, height: 360 });
  expect(Math.abs(facts.duration - 2)).toBeLessThanOrEqual(0.1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);
});

test("the docs' sample recordings are videos and a GIF this server made, and they play", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/docs/animate");
  for (const sample of MOTION_SAMPLES) {
    if (sample.file.endsWith(".gif")) {
      const gif = page.getByAltText(sample.label);
      await expect
        .poll(() => gif.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 180_000 })
        .toBe(Number(sample.query.width));
      continue;
    }
    const video = page.getByLabel(sample.label);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && !v.error && v.videoWidth), {
        timeout: 180_000,
      })
      .toBe(Number(sample.query.width));
    if (sample.query.duration) {
      const seconds = await video.evaluate((v: HTMLVideoElement) => v.duration);
      expect(Math.abs(seconds - Number(sample.query.duration) / 1000)).toBeLessThanOrEqual(1 / 30);
    }
  }
});

test("pricing shows each plan's recording limits and what a recording counts", async ({ page }) => {
  await page.goto("/pricing");
  const table = page.getByTestId("plan-comparison");
  const row = (label: string) => table.locator(`[data-limit='${label}'] td`);
  await expect(row("Recording length")).toHaveText(
    PLAN_IDS.map((id) => `${ANIMATE_LIMITS[id].maxDurationMs / 1000} s`),
  );
  await expect(row("Recording size")).toHaveText(
    PLAN_IDS.map((id) => `${ANIMATE_LIMITS[id].maxLongSide} × ${ANIMATE_LIMITS[id].maxShortSide}`),
  );
  await expect(row("Recording frame rate")).toHaveText(PLAN_IDS.map((id) => `${ANIMATE_LIMITS[id].maxFps} fps`));
  const perRender = `one render per started ${MS_PER_RENDER / 1000} s`;
  await expect(table.locator("[data-limit='Recording length'] th")).toContainText(perRender);
  await expect(page.getByText(`counts one render per started ${MS_PER_RENDER / 1000} seconds of video`)).toBeVisible();
});

test("a gif whose frames outgrow the Free plan's bound is stopped: 422 output_too_large, nothing counted", async () => {
  const { userId, apiKey } = await accountWithKey("free");
  // Within every limit of the plan but the frames' disk: 120 frames of ~0.7 MB of noise each.
  const query = new URLSearchParams({
    url: `${e2e.fixturesUrl}/noise.html`,
    format: "gif",
    width: "1280",
    height: "720",
    fps: "30",
    duration: "4000",
    pauseStart: "0",
    pauseEnd: "0",
  });
  const response = await fetch(`${e2e.appUrl}/v1/animate?${query}`, { headers: { "X-API-Key": apiKey } });
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as { status: number; code: string; type: string; detail: string };
  expect([response.status, problem.code]).toEqual([ERROR_CODES.output_too_large.status, "output_too_large"]);
  expect(problem.type).toMatch(/\/docs\/errors#output_too_large$/);
  expect(problem.detail).toContain(`${ANIMATE_LIMITS.free.maxGifFramesMb} MiB, the most your plan keeps`);
  expect(await sql("SELECT renders FROM monthly_usage WHERE user_id = $1 AND renders > 0", [userId])).toEqual([]);
});
