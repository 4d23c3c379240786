/**
 * What a recording may be and what it costs (D26, issue #30 points 1, 3, 4, 5): bad values are
 * 400s naming the parameter, values above the caller's plan 403s naming the plan (and a 400 comes
 * before a 403, D2); a recording counts its documented renders, once for identical requests in
 * flight together (single flight); a long recording is an async job (`endpoint: "animate"`), not a
 * synchronous request; a file over the output limit is refused, counted for nothing and not stored;
 * a gif's frames on disk are bounded by the plan and by the free disk (issue 43 point 8).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rendersFor } from "@/lib/animate/limits";
import { probeVideo } from "@/tests/support/video";
import { animateHarness, okBody } from "./harness";

const h = animateHarness({ env: { extra: { ANIMATE_OUTPUT_MAX_MB: "1" } } });
beforeAll(async () => {
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  await startJobWorkers();
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
});

async function problem(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return (await response.json()) as Record<string, unknown>;
}

async function rendersUsed(userId: string): Promise<number> {
  const { rendersThisMonth } = await import("@/lib/usage/quota");
  return rendersThisMonth(userId);
}

const tiny = { url: "ruler.html", width: 160, height: 90, fps: 5, pauseStart: 0, pauseEnd: 0 };

describe("bad values: 400 naming the parameter", () => {
  it.each([
    [{ format: "avi" }, "invalid_parameter", "format"],
    [{ fps: "0" }, "parameter_out_of_range", "fps"],
    [{ fps: "61" }, "parameter_out_of_range", "fps"],
    [{ duration: "100" }, "parameter_out_of_range", "duration"],
    [{ duration: "61000" }, "parameter_out_of_range", "duration"],
    [{ easing: "bounce" }, "invalid_parameter", "easing"],
    [{ width: "4000" }, "parameter_out_of_range", "width"],
    [{ width: "2560", height: "1440", deviceScale: "2" }, "parameter_out_of_range", "deviceScale"],
    [{ pauseStart: "3000", pauseEnd: "3000", duration: "5000" }, "invalid_parameter", "pauseEnd"],
    [{ steps: "[]" }, "invalid_parameter", "steps"],
    [{ steps: '[{"click":"#a","hover":"#b"}]' }, "invalid_parameter", "steps"],
    [{ steps: '[{"type":"hi"}]' }, "invalid_parameter", "steps"],
    [{ steps: '[{"wait":0}]' }, "invalid_parameter", "steps"],
    [{ scenario: "steps" }, "missing_parameter", "steps"],
    [{ scenario: "scroll", steps: '[{"wait":500}]' }, "invalid_parameter", "steps"],
    [{ steps: '[{"wait":500}]', duration: "3000" }, "invalid_parameter", "duration"],
    [{ fullPage: "true" }, "unknown_parameter", "fullPage"],
  ])("%o → %s", async (extra, code, param) => {
    const response = await h.animate({ url: "ruler.html", ...extra });
    expect(response.status).toBe(400);
    expect(await problem(response)).toMatchObject({ code, param });
  });

  it("a synchronous recording longer than 10 s is a 400 that points to async jobs", async () => {
    const body = await problem(await h.animate({ url: "ruler.html", duration: 12_000 }));
    expect(body).toMatchObject({ code: "parameter_out_of_range", param: "duration" });
    expect(String(body.detail)).toContain("/v1/jobs");
  });
});

describe("plan limits: 403 naming the plan", () => {
  it("a Free account may record 5 s at 720p and 30 fps, no more", async () => {
    const free = await h.accountOn("free");
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [{ duration: 6000 }, "duration", "Starter"],
      [{ width: 1920, height: 1080 }, "width", "Starter"],
      [{ width: 800, height: 1280 }, "height", "Starter"],
      [{ steps: '[{"wait":6000}]' }, "steps", "Starter"],
    ];
    for (const [extra, param, plan] of cases) {
      const response = await h.animate({ url: "ruler.html", ...extra }, { account: free });
      expect(response.status, JSON.stringify(extra)).toBe(403);
      const body = await problem(response);
      expect(body).toMatchObject({ code: "plan_upgrade_required", param });
      expect(String(body.detail)).toContain(`${plan} plan`);
    }
    const pro = await h.accountOn("pro");
    expect(await problem(await h.animate({ url: "ruler.html", fps: 60 }, { account: pro }))).toMatchObject({
      code: "plan_upgrade_required",
      param: "fps",
    });
    // A bad value is still a 400 first (D2).
    expect((await h.animate({ url: "ruler.html", duration: 6000, easing: "bounce" }, { account: free })).status).toBe(
      400,
    );
    // Within the limits, Free records.
    expect((await h.animate({ ...tiny, duration: 1000 }, { account: free })).status).toBe(200);
  });
});

describe("what a recording counts", () => {
  it("counts one render per started 5 s, once for identical requests in flight together", async () => {
    const account = await h.accountOn("business");
    const query = { ...tiny, duration: 6000, fps: 2 };
    expect(rendersFor(6000)).toBe(2);
    const answers = await Promise.all([h.animate(query, { account }), h.animate(query, { account })]);
    for (const answer of answers) await okBody(answer);
    expect(await rendersUsed(account.userId)).toBe(2);
    expect(answers.map((a) => a.headers.get("x-cache"))).toEqual(["MISS", "MISS"]);
    // A HIT counts nothing.
    expect((await h.animate(query, { account })).headers.get("x-cache")).toBe("HIT");
    expect(await rendersUsed(account.userId)).toBe(2);
  });

  it("refuses a file over the output limit with 422 output_too_large, gives its renders back and stores nothing", async () => {
    const account = await h.accountOn("business");
    const query = {
      url: "noise.html",
      width: 480,
      height: 270,
      fps: 10,
      duration: 2000,
      quality: 100,
      pauseStart: 0,
      pauseEnd: 0,
    };
    const response = await h.animate(query, { account });
    expect(response.status).toBe(422);
    expect(await problem(response)).toMatchObject({ code: "output_too_large" });
    expect(await rendersUsed(account.userId)).toBe(0);
    expect((await h.animate(query, { account })).status).toBe(422); // nothing was cached
  });
});

describe("a gif's frames on disk (issue 43 point 8)", () => {
  it(
    "stop at the plan's bound with 422 output_too_large as the frame that passes it arrives, naming the bound",
    { timeout: 120_000 },
    async () => {
      const { ANIMATE_LIMITS } = await import("@/lib/animate/limits");
      const { FrameEncoder } = await import("@/lib/animate/encode");
      // A 1280 × 720 JPEG of grey noise (~0.5 MB, made once): large like a busy page's frame, yet
      // quick for the palette pass, whose histogram of colour noise would take a second a frame.
      const { default: sharp } = await import("sharp");
      const pixels = Buffer.from(Array.from({ length: 1280 * 720 }, () => Math.floor(Math.random() * 256)));
      const frame = await sharp(pixels, { raw: { width: 1280, height: 720, channels: 1 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      const bound = ANIMATE_LIMITS.free.maxGifFramesMb * 1024 * 1024;
      const settings = { format: "gif", fps: 30, width: 1280, height: 720, quality: 80, maxBytes: 50 * 1024 * 1024 };
      const encoder = await FrameEncoder.start({ ...settings, format: "gif" as const, framesMaxBytes: bound });
      let written = 0;
      try {
        const refusal = await (async () => {
          for (;;) {
            await encoder.write(frame);
            written++;
          }
        })().catch((error: unknown) => error);
        expect(refusal).toMatchObject({ code: "output_too_large", status: 422 });
        expect(String((refusal as Error).message)).toContain(
          `frames grew past ${ANIMATE_LIMITS.free.maxGifFramesMb} MiB`,
        );
        expect(written).toBe(Math.floor(bound / frame.length));
      } finally {
        await encoder.close();
      }
    },
  );

  it("are refused at once with 503 insufficient_storage when the disk cannot hold them beside the recordings running", async () => {
    const { reserveFrameDisk, RETRY_AFTER_FULL_DISK_S } = await import("@/lib/animate/frame-disk");
    const { statfs } = await import("node:fs/promises");
    const os = await import("node:os");
    const fs = await statfs(os.tmpdir());
    const free = fs.bavail * fs.bsize;
    const refusal = await reserveFrameDisk(free + 1).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "insufficient_storage", status: 503 });
    expect((refusal as { headers: Record<string, string> }).headers["Retry-After"]).toBe(
      String(RETRY_AFTER_FULL_DISK_S),
    );
    // Reservations add up: half the free disk held by one recording leaves no room for the other half.
    const GiB = 1024 ** 3;
    const half = Math.floor(free / 2);
    expect(half).toBeGreaterThan(2 * GiB); // this machine's disk, for the next lines to mean something
    const running = await reserveFrameDisk(half - GiB);
    await expect(reserveFrameDisk(half + GiB)).rejects.toMatchObject({ code: "insufficient_storage" });
    running.release();
    (await reserveFrameDisk(half + GiB)).release();
  });
});

describe("long recordings are async jobs", () => {
  it("accepts 12 s as a job (endpoint animate) and runs a recording job to its stored video", async () => {
    const { POST } = await import("@/app/v1/jobs/route");
    const { GET } = await import("@/app/v1/jobs/[id]/route");
    const post = (params: Record<string, unknown>) =>
      POST(
        new Request("http://localhost:3000/v1/jobs", {
          method: "POST",
          headers: { "X-API-Key": h.account.apiKey, "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: "animate", params }),
        }),
      );
    // Beyond what a synchronous request may record, within the plan: accepted.
    const long = await post({ ...tiny, url: h.fx.url("ruler.html"), duration: 12_000, fps: 1 });
    expect(long.status).toBe(202);
    // Beyond every plan: refused like the synchronous request, the parameter named inside params.
    const tooLong = await post({ url: h.fx.url("ruler.html"), duration: 70_000 });
    expect(await problem(tooLong)).toMatchObject({ code: "parameter_out_of_range", param: "params.duration" });

    const job = (await long.json()) as { id: string };
    let body: { status: string; result?: Record<string, unknown>; error?: unknown } = { status: "queued" };
    while (body.status === "queued" || body.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { apiRequest } = await import("@/tests/support/api");
      body = await (await GET(apiRequest(`/v1/jobs/${job.id}`, { apiKey: h.account.apiKey }))).json();
    }
    expect(body.status, JSON.stringify(body.error)).toBe("succeeded");
    expect(body.result).toMatchObject({ format: "mp4", codec: "h264", duration: 12_000, frames: 12, renders: 3 });
    const { GET: file } = await import("@/app/v1/files/[file]/route");
    const name = String(body.result!.imageUrl).split("/").pop()!;
    const video = Buffer.from(
      await (
        await file(new Request(String(body.result!.imageUrl)), { params: Promise.resolve({ file: name }) })
      ).arrayBuffer(),
    );
    expect(await probeVideo(video, "mp4")).toMatchObject({ codec: "h264", frames: 12, width: 160, height: 90 });
  });
});
