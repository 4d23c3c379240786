/**
 * The recording plan (D26), without a browser: frames from duration and fps (within half a frame),
 * pauses around the scroll, the steps' lengths, even frame sides for 4:2:0 video, a device preset's
 * viewport at a pixel ratio of 1, the scenario read from steps, and the plan limits' 403s naming
 * the lowest plan that allows the value.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { ANIMATE_LIMITS, rendersFor } from "@/lib/animate/limits";
import { animateParams } from "@/lib/animate/params";
import { planAnimation } from "@/lib/animate/plan";
import type { PlanId } from "@/lib/plans";

function plan(query: Record<string, string>, options: { plan?: PlanId; sync?: boolean } = {}) {
  const { params, given } = parseQuery(new URLSearchParams({ url: "https://example.com/", ...query }), animateParams, {
    extras: "reject",
  });
  return planAnimation(params, given, { plan: options.plan ?? "business", sync: options.sync ?? true });
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("planAnimation", () => {
  it("makes duration × fps frames with the pauses held at both ends", () => {
    const p = plan({ duration: "3000", fps: "24", pauseStart: "500", pauseEnd: "250" });
    expect(p.frames).toBe(72);
    expect(p.durationMs).toBe(3000);
    expect(p.timeline).toMatchObject({ kind: "scroll", startFrames: 12, moveFrames: 54, endFrames: 6 });
    expect(p.renders).toBe(1);
    // 1001 ms at 30 fps is 30 frames: within half a frame interval of what was asked.
    expect(
      Math.abs(plan({ duration: "1001", fps: "30", pauseStart: "0", pauseEnd: "0" }).durationMs - 1001),
    ).toBeLessThanOrEqual(1000 / 60);
  });

  it("takes a steps recording's length from its steps, and its scenario from their presence", () => {
    const p = plan({ steps: JSON.stringify([{ click: "#a" }, { wait: 250 }, { type: "abc", into: "#q" }]), fps: "20" });
    expect(p.timeline.kind).toBe("steps");
    // 500 + click 1000 + wait 250 + type (3 × 100 + 500) + 500 ms.
    expect(p.durationMs).toBe(500 + 1000 + 250 + 800 + 500);
    expect(p.frames).toBe(61);
  });

  it("gives mp4 and webm even frame sides, and a device preset its viewport at a pixel ratio of 1", () => {
    expect(plan({ width: "641", height: "361" })).toMatchObject({ width: 640, height: 360 });
    expect(plan({ width: "641", height: "361", format: "gif" })).toMatchObject({ width: 641, height: 361 });
    const phone = plan({ device: "iphone-15" });
    expect(phone.page.viewport).toMatchObject({ width: 393, height: 852, deviceScaleFactor: 1, isMobile: true });
    expect(phone).toMatchObject({ width: 392, height: 852 });
    expect(plan({ device: "iphone-15", deviceScale: "2" })).toMatchObject({ width: 786, height: 1704 });
  });

  it("keeps the scroll scenario's own scrollTo out of the page plan (it ends the scroll, it does not start it)", () => {
    const p = plan({ scrollTo: "#pricing" });
    expect(p.page.scrollTo).toBeUndefined();
    expect(p.timeline).toMatchObject({ kind: "scroll", to: { selector: "#pricing" } });
    expect(plan({ scrollTo: "1200" }).timeline).toMatchObject({ to: { y: 1200 } });
  });

  it("refuses what no plan allows with 400s, and the sync limit only synchronously", () => {
    expect(refusal(() => plan({ duration: "12000" }))).toMatchObject({
      code: "parameter_out_of_range",
      param: "duration",
    });
    expect(plan({ duration: "12000" }, { sync: false }).frames).toBe(360);
    expect(refusal(() => plan({ steps: JSON.stringify([{ wait: 60_000 }]) }, { sync: false }))).toMatchObject({
      code: "parameter_out_of_range",
      param: "steps",
    });
  });

  it("refuses what the caller's plan does not allow with a 403 naming the lowest plan that does", () => {
    expect(refusal(() => plan({ duration: "5500" }, { plan: "free" }))).toMatchObject({
      code: "plan_upgrade_required",
      param: "duration",
    });
    expect(refusal(() => plan({ duration: "5500" }, { plan: "free" })).message).toContain("Starter plan");
    expect(refusal(() => plan({ duration: "20000" }, { plan: "starter", sync: false })).message).toContain("Pro plan");
    expect(refusal(() => plan({ width: "2560", height: "1440" }, { plan: "pro" })).message).toContain("Business plan");
    expect(refusal(() => plan({ fps: "60" }, { plan: "pro" }))).toMatchObject({ param: "fps" });
    for (const id of ["free", "starter", "pro", "business"] as const) {
      const l = ANIMATE_LIMITS[id];
      const most = plan(
        {
          duration: String(Math.min(l.maxDurationMs, 10_000)),
          width: String(l.maxLongSide),
          height: String(l.maxShortSide),
          fps: String(l.maxFps),
        },
        { plan: id },
      );
      expect(most.frames).toBeGreaterThan(0);
      // A gif's frames on disk are bounded by the caller's plan (issue 43 point 8).
      expect(most.gifFramesMaxBytes).toBe(l.maxGifFramesMb * 1024 * 1024);
    }
  });

  it("counts one render per started five seconds", () => {
    expect([1, 5000, 5001, 10_000, 60_000].map(rendersFor)).toEqual([1, 1, 2, 2, 12]);
  });
});
