/**
 * The OG renderer end to end (satori + sharp, real fonts): sizes, formats, colours, long titles,
 * Japanese and emoji, and no network use while rendering.
 */
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleVariables, OG_TEMPLATE_NAMES, type OgTemplateName } from "@/lib/og/catalog";
import { fontsFor } from "@/lib/og/fonts";
import { makeTheme } from "@/lib/og/templates/theme";
import type { LaidOutNode } from "@/lib/og/render";
import { layout, near, pixels, render } from "./support";

// Real rasterization of up to 4096×2160 canvases on a shared 2-core machine: allow for load.
vi.setConfig({ testTimeout: 30_000 });

const LONG_TITLE =
  (
    "An extraordinarily long headline that keeps going well past any sensible length, because people paste whole " +
    "paragraphs into title fields, and the card still has to look deliberate: shrink first, then wrap, and finally " +
    "end in an ellipsis rather than spilling out of the frame at all"
  )
    .padEnd(300, " and on ")
    .slice(0, 299) + "!";

/** 300 characters of Japanese: no spaces and full-width glyphs, so only the line clamp can hold it. */
const LONG_JAPANESE = "長いタイトルは枠に収まるまで縮小され、それでも入らなければ省略記号で終わります。"
  .repeat(8)
  .slice(0, 300);

/** Example variables with the headline variable replaced (changelog-card's headline is its title). */
function withTitle(template: OgTemplateName, title: string): Record<string, string> {
  return { ...exampleVariables(template), title };
}

describe("sizes", () => {
  it.each(
    OG_TEMPLATE_NAMES.flatMap(
      (t) =>
        [
          [t, 1200, 630],
          [t, 100, 100],
          [t, 4096, 2160],
        ] as const,
    ),
  )(
    "%s renders at %i×%i",
    async (template, width, height) => {
      const image = await render({ template, vars: exampleVariables(template), width, height });
      const meta = await sharp(image.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", width, height]);
      expect([image.width, image.height, image.contentType]).toEqual([width, height, "image/png"]);
    },
    30_000,
  );
});

describe("long titles", () => {
  it("the long titles are exactly the 300-character maximum", () => {
    expect([...LONG_TITLE]).toHaveLength(300);
    expect([...LONG_JAPANESE]).toHaveLength(300);
  });

  it.each(
    OG_TEMPLATE_NAMES.flatMap((t) => [
      [t, 1200, 630, "Latin", LONG_TITLE] as const,
      [t, 100, 100, "Latin", LONG_TITLE] as const,
      [t, 1200, 630, "Japanese", LONG_JAPANESE] as const,
      [t, 300, 160, "Japanese", LONG_JAPANESE] as const,
      [t, 630, 1200, "Japanese", LONG_JAPANESE] as const,
    ]),
  )(
    "%s at %i×%i keeps a 300-character %s title inside the padded canvas",
    async (template, width, height, _script, title) => {
      // Ink, not layout boxes: the padding bands along the bottom and right edge must be pixel for
      // pixel the same as with a one-letter title (same background and glow, no spilled text).
      const colours = { bgColor: "#ffffff", accent: "#333333" };
      const [long, short] = await Promise.all(
        [title, "x"].map(async (t) =>
          pixels((await render({ template, vars: { ...withTitle(template, t), ...colours }, width, height })).bytes),
        ),
      );
      const { padX, padY } = makeTheme(width, height, {});
      const bottom = height - Math.floor(padY * 0.8);
      const right = width - Math.floor(padX * 0.8);
      for (let y = 0; y < height; y++) {
        for (let x = y >= bottom ? 0 : right; x < width; x++) {
          if (!near(long.at(x, y), short.at(x, y), 0))
            throw new Error(`title ink at ${x},${y}: ${long.at(x, y)} vs ${short.at(x, y)}`);
        }
      }
    },
    30_000,
  );

  it("shrinks a long title before clamping it with lineClamp", async () => {
    const style = (nodes: LaidOutNode[], text: string) => {
      const node = nodes.find((n) => n.textContent?.startsWith(text.slice(0, 20)))!;
      return { node, css: node.props.style as { fontSize: number; lineClamp: number; lineHeight: number } };
    };
    const short = style((await layout({ template: "default", vars: { title: "Short title" } })).nodes, "Short title");
    const long = style((await layout({ template: "default", vars: { title: LONG_TITLE } })).nodes, LONG_TITLE);
    expect(long.css.fontSize).toBeLessThan(short.css.fontSize * 0.7);

    // On a canvas far too small for it, the title stops at its clamp: exactly `lineClamp` lines.
    const tiny = style(
      (await layout({ template: "default", vars: { title: LONG_TITLE }, width: 300, height: 160 })).nodes,
      LONG_TITLE,
    );
    const lineHeight = tiny.css.fontSize * tiny.css.lineHeight;
    expect(tiny.node.height).toBeLessThanOrEqual(tiny.css.lineClamp * lineHeight + 1);
    expect(tiny.node.top + tiny.node.height).toBeLessThanOrEqual(160);
  });
});

describe("colours", () => {
  const notations = [
    ["#e11", [238, 17, 17]],
    ["#ee1111", [238, 17, 17]],
    ["#ee1111ff", [238, 17, 17]],
    ["rgb(238, 17, 17)", [238, 17, 17]],
    ["rgba(238 17 17 / 1)", [238, 17, 17]],
    ["hsl(0, 86.5%, 50%)", [238, 17, 17]],
    ["hsla(120deg, 100%, 25%, 1)", [0, 128, 0]],
  ] as const;

  it.each(notations)("accent %s paints the accent mark", async (accent, rgb) => {
    const image = await pixels(
      (await render({ template: "default", vars: { title: "Colours", accent, bgColor: "#ffffff" } })).bytes,
    );
    const t = makeTheme(1200, 630, {});
    expect(image.at(t.padX + 30 * t.u, t.padY + 5 * t.u)).toEqual([...rgb, 255]);
  });

  it.each(notations)("bgColor %s fills the background", async (bgColor, rgb) => {
    const image = await pixels(
      (await render({ template: "stats-card", vars: { ...exampleVariables("stats-card"), bgColor } })).bytes,
    );
    // The bottom-left corner is farthest from the accent glow (top right).
    expect(near(image.at(2, 627), [...rgb, 255], 2), `${image.at(2, 627)}`).toBe(true);
  });

  it("a translucent bgColor stays translucent in PNG and is flattened onto white in JPEG", async () => {
    const vars = { title: "Alpha", bgColor: "rgba(0, 0, 255, 0.5)" };
    const png = await pixels((await render({ template: "default", vars })).bytes);
    expect(near(png.at(2, 627), [0, 0, 255, 128], 2)).toBe(true);
    const jpg = await pixels((await render({ template: "default", vars, format: "jpg", quality: 95 })).bytes);
    expect(near(jpg.at(2, 627), [127, 127, 255, 255], 6), `${jpg.at(2, 627)}`).toBe(true);
  });
});

describe("formats", () => {
  it.each([
    ["png", "png", "image/png"],
    ["jpg", "jpeg", "image/jpeg"],
    ["webp", "webp", "image/webp"],
  ] as const)("%s decodes as %s", async (format, decoded, contentType) => {
    const image = await render({
      template: "blog-post",
      vars: exampleVariables("blog-post"),
      format,
      width: 800,
      height: 420,
    });
    expect(image.contentType).toBe(contentType);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([decoded, 800, 420]);
  });

  it.each(["jpg", "webp"] as const)("%s quality changes the output size", async (format) => {
    const vars = exampleVariables("default");
    const low = await render({ template: "default", vars, format, quality: 10 });
    const high = await render({ template: "default", vars, format, quality: 95 });
    expect(low.bytes.length).toBeLessThan(high.bytes.length * 0.8);
  });
});

describe("warm-up", () => {
  it("renders a throwaway card so the first request does not pay for loading", async () => {
    const { warmUpOgRenderer } = await import("@/lib/og/render");
    await expect(warmUpOgRenderer()).resolves.toBeUndefined();
  });
});

describe("scripts and emoji, offline", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("passes satori only the font subsets the text needs", () => {
    expect(fontsFor(["Hello, café"]).map((f) => f.name)).toEqual(["Inter", "Inter"]);
    expect(fontsFor(["Привет"]).map((f) => f.name)).toContain("Inter cyrillic");
    expect(fontsFor(["Łódź"]).map((f) => f.name)).toContain("Inter latin-ext");
    const jp = fontsFor(["日本語のタイトル"]).filter((f) => f.name.startsWith("Noto Sans JP"));
    expect(jp.length).toBeGreaterThan(0);
    expect(new Set(jp.map((f) => f.weight))).toEqual(new Set([400, 700]));
  });

  it("draws Japanese as glyphs: two different titles give different ink (tofu boxes would be identical)", async () => {
    const draw = async (title: string) => (await render({ template: "default", vars: { title } })).bytes;
    const [a, b] = await Promise.all([draw("日本語のタイトル"), draw("東京都の天気予報")]);
    expect(Buffer.compare(a, b)).not.toBe(0);
    const { svg } = await layout({ template: "default", vars: { title: "日本語のタイトル" } });
    // 8 glyphs of real outlines: far more path data than 8 empty rectangles would need.
    expect(svg.length).toBeGreaterThan(8_000);
  });

  it("draws emoji from the bundled Twemoji SVGs without touching the network", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error("network used during render")));
    vi.stubGlobal("fetch", fetch);
    const { svg } = await layout({
      template: "default",
      vars: { title: "Launch day 🚀🎉 はじめまして", description: "👩‍💻 🇯🇵" },
    });
    const emoji = [...svg.matchAll(/href="data:image\/svg\+xml;base64,/g)];
    expect(emoji.length).toBeGreaterThanOrEqual(4);
    const image = await render({ template: "blog-post", vars: { title: "絵文字 ✨", author: "山田 太郎" } });
    expect((await sharp(image.bytes).metadata()).width).toBe(1200);
    expect(fetch).not.toHaveBeenCalled();
  });
});
