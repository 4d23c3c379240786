/**
 * /v1/animate (D26, issue #30 points 1, 2, 4, 5) with real Chromium and Debian's ffmpeg, checked
 * with ffprobe: the container's codec, size, length and frame count; the first frame of a scroll
 * video agrees pixel for pixel with a screenshot of the page's top and the last with one of its
 * bottom; every moving frame moves the page by the same distance (linear easing), so the scroll
 * follows the frame rate; a steps recording shows a panel opening frame by frame after the click;
 * JSON metadata, the cache, the stored file with its video type and byte ranges.
 */
import { describe, expect, it } from "vitest";
import { animationMetadataSchema } from "@/lib/animate/schema";
import { expectDocumented } from "@/tests/support/documented";
import {
  agreement,
  frameTimes,
  imageFrame,
  loadCpu,
  pixelOf,
  probeVideo,
  videoFrame,
  videoFrames,
  type Frame,
} from "@/tests/support/video";
import { animateHarness, okBody } from "./harness";

const h = animateHarness();

const SIZE = { width: 640, height: 360 };
/** ruler.html: 240 px of red, then black bars 40 px high every 200 px, then green, then 360 px of blue; 4,400 px in all. */
const RULER = { barsTop: 240, period: 200, height: 4400 };

/** Where the ruler page is scrolled in a frame, modulo the bar period: from the top edge of the first bar in view. */
function rulerPhase(frame: Frame): number | undefined {
  const x = Math.floor(frame.width / 2);
  const dark = (y: number) => pixelOf(frame, x, y).every((c) => c < 80);
  for (let y = 1; y < frame.height; y++) {
    if (dark(y) && !dark(y - 1)) return (((RULER.barsTop - y) % RULER.period) + RULER.period) % RULER.period;
  }
  return undefined;
}

describe("scroll videos", () => {
  it("mp4: H.264 of the asked size, length within one frame interval, one frame per interval; first and last frames are the page's top and bottom", async () => {
    const query = { url: "ruler.html", ...SIZE, duration: 2000, fps: 12, pauseStart: 400, pauseEnd: 400 };
    const response = await h.animate(query);
    const video = await okBody(response);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("x-cache")).toBe("MISS");

    const facts = await probeVideo(video, "mp4");
    expect(facts).toMatchObject({ codec: "h264", ...SIZE, pixelFormat: "yuv420p", frames: 24 });
    expect(Math.abs(facts.duration - 2)).toBeLessThanOrEqual(1 / 12);

    const top = await imageFrame(await okBody(await h.screenshot({ url: "ruler.html", ...SIZE })));
    const maxScroll = RULER.height - SIZE.height;
    const bottom = await imageFrame(
      await okBody(await h.screenshot({ url: "ruler.html", ...SIZE, scrollTo: maxScroll })),
    );
    const first = agreement(await videoFrame(video, "mp4", 0, SIZE), top);
    const last = agreement(await videoFrame(video, "mp4", facts.frames - 1, SIZE), bottom);
    expect(first.meanDifference).toBeLessThan(3);
    expect(first.withinTolerance).toBeGreaterThan(0.99);
    expect(last.meanDifference).toBeLessThan(3);
    expect(last.withinTolerance).toBeGreaterThan(0.99);
    // And they are not simply alike: the top is not the bottom.
    expect(agreement(await videoFrame(video, "mp4", 0, SIZE), bottom).meanDifference).toBeGreaterThan(30);
  });

  it("moves the page by the same distance in every frame (linear easing) on a loaded machine: the scroll follows the frame rate", async () => {
    const fps = 15;
    const query = {
      url: "ruler.html",
      ...SIZE,
      duration: 4000,
      fps,
      pauseStart: 0,
      pauseEnd: 0,
      easing: "linear",
      scrollTo: 3240,
    };
    // Two more processes spinning than this machine has cores' worth of room: frames take longer, at uneven times.
    const unload = loadCpu(2);
    const video = await okBody(await h.animate(query)).finally(unload);
    const frames = Math.round((4000 * fps) / 1000);
    // ffprobe: one frame every 1/fps s, none missing or doubled.
    const times = await frameTimes(video, "mp4");
    expect(times).toHaveLength(frames);
    for (const [n, t] of times.entries()) expect(Math.abs(t - n / fps), `frame ${n} at ${t} s`).toBeLessThan(0.001);
    const step = 3240 / (frames - 1); // 54.9 px: under half a bar period, so a phase difference is a distance
    const decoded = await videoFrames(video, "mp4", SIZE);
    expect(decoded.length).toBe(frames);
    const phases = decoded.map((frame, n) => {
      const phase = rulerPhase(frame);
      if (phase === undefined) throw new Error(`frame ${n} shows no bar edge`);
      return phase;
    });
    const moves = phases.slice(1).map((p, i) => (((p - phases[i]) % RULER.period) + RULER.period) % RULER.period);
    for (const [i, move] of moves.entries())
      expect(Math.abs(move - step), `frame ${i + 1} moved ${move} px`).toBeLessThanOrEqual(2);
  });

  it("webm is VP9 and gif a gif of the same frames", async () => {
    const base = { url: "ruler.html", width: 320, height: 180, duration: 1000, fps: 10, pauseStart: 0, pauseEnd: 0 };
    const webm = await h.animate({ ...base, format: "webm" });
    expect(webm.headers.get("content-type")).toBe("video/webm");
    expect(await probeVideo(await okBody(webm), "webm")).toMatchObject({
      codec: "vp9",
      width: 320,
      height: 180,
      frames: 10,
    });
    const gif = await h.animate({ ...base, format: "gif" });
    expect(gif.headers.get("content-type")).toBe("image/gif");
    const facts = await probeVideo(await okBody(gif), "gif");
    expect(facts).toMatchObject({ codec: "gif", width: 320, height: 180, frames: 10 });
    expect(Math.abs(facts.duration - 1)).toBeLessThanOrEqual(1 / 10);
  });

  it("makes a gif's palette for the clip: colours no fixed palette has come out as they are", async () => {
    // Two colours between the steps of any fixed palette (web-safe: multiples of 51; 3-3-2 bits: of 36 and 85).
    const colours = { left: [0x3d, 0x7a, 0x5c], right: [0xc0, 0x56, 0x7e] };
    const css = (c: number[]) => `rgb(${c.join(",")})`;
    const html = `<!doctype html><body style="margin:0;display:flex;height:100vh"><div style="flex:1;background:${css(colours.left)}"></div><div style="flex:1;background:${css(colours.right)}"></div></body>`;
    const size = { width: 160, height: 90 };
    const gif = await okBody(
      await h.post({ html, ...size, format: "gif", duration: 500, fps: 4, pauseStart: 0, pauseEnd: 0 }),
    );
    const frame = await videoFrame(gif, "gif", 0, size);
    for (const [side, x] of [
      ["left", 40],
      ["right", 120],
    ] as const) {
      const pixel = pixelOf(frame, x, 45);
      for (const [c, value] of colours[side].entries())
        expect(Math.abs(pixel[c] - value), `${side} ${pixel.join(",")}`).toBeLessThanOrEqual(3);
    }
  });
});

describe("steps recordings", () => {
  /** Rows of the panel's green in one column of a frame: how far it has opened. */
  function greenRows(frame: Frame): number {
    let rows = 0;
    for (let y = 0; y < frame.height; y++) {
      const [r, g, b] = pixelOf(frame, 600, y);
      if (g > 130 && r < 90 && b < 110) rows++;
    }
    return rows;
  }

  it("shows the panel a click opens, growing frame by frame as its 400-ms transition runs", async () => {
    const fps = 10;
    const video = await okBody(
      await h.post({
        url: "panel.html",
        width: 1280,
        height: 480,
        fps,
        pauseStart: 300,
        pauseEnd: 0,
        steps: [
          { click: "#open", duration: 800 },
          { type: "hi", into: "#q", duration: 500 },
        ],
      }),
    );
    const size = { width: 1280, height: 480 };
    const facts = await probeVideo(video, "mp4");
    expect(facts.frames).toBe(3 + 8 + 5);
    const opened = (await videoFrames(video, "mp4", size)).map(greenRows);
    // Before the click (frames 0–2) and in the click's own frame (3): no panel.
    expect(opened.slice(0, 4)).toEqual([0, 0, 0, 0]);
    // 300 px over 400 ms at 10 fps: 75 px more in each of the next four frames, then open.
    for (const [k, rows] of opened.slice(4, 8).entries()) expect(Math.abs(rows - 75 * (k + 1))).toBeLessThanOrEqual(3);
    for (const rows of opened.slice(8)) expect(Math.abs(rows - 300)).toBeLessThanOrEqual(3);
  });

  it("answers 400 selector_not_found naming the step whose element is not on the page", async () => {
    const response = await h.post({
      url: "panel.html",
      ...SIZE,
      fps: 5,
      steps: [{ wait: 200 }, { click: "#nothing" }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "selector_not_found", param: "steps[1].click" });
  });
});

describe("metadata, cache and the stored file", () => {
  const query = { url: "ruler.html", width: 320, height: 180, duration: 1000, fps: 8, pauseStart: 0, pauseEnd: 0 };

  it("describes the recording, is a HIT the second time, and serves the file with its type and byte ranges", async () => {
    const first = await h.animate({ ...query, format: "webm", response: "json" });
    const meta = expectDocumented(animationMetadataSchema, JSON.parse((await okBody(first)).toString()));
    expect(meta).toMatchObject({
      url: h.fx.url("ruler.html"),
      format: "webm",
      codec: "vp9",
      width: 320,
      height: 180,
      duration: 1000,
      frames: 8,
      fps: 8,
      renders: 1,
      cachedAt: null,
      targetStatus: 200,
      title: "Ruler",
    });
    expect(meta.size).toBeGreaterThan(0);
    expect(meta.imageUrl).toMatch(/\/v1\/files\/[0-9a-f]{64}\.webm$/);

    const again = await h.animate({ ...query, format: "webm", response: "json" });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(expectDocumented(animationMetadataSchema, JSON.parse((await okBody(again)).toString()))).toMatchObject({
      imageUrl: meta.imageUrl,
      frames: 8,
    });

    const { GET } = await import("@/app/v1/files/[file]/route");
    const file = String(meta.imageUrl).split("/").pop()!;
    const whole = await GET(new Request(String(meta.imageUrl)), { params: Promise.resolve({ file }) });
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(meta.size);
    const part = await GET(new Request(String(meta.imageUrl), { headers: { Range: "bytes=4-11" } }), {
      params: Promise.resolve({ file }),
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-11/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(4, 12));
  });
});
