/**
 * GET /v1/content on real Chromium with a fixture article (tests/fixtures/screenshot/
 * content-article.html): a nav, a page header and footer, a cookie banner and an ad around a main
 * article with a table, code in two highlighter styles, nested lists, an RTL and a CJK paragraph,
 * and a section that exists only once it has been scrolled into view. Every format is checked
 * field by field from one render.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contentHarness, okJson } from "./harness";

const h = contentHarness();
let all: Record<string, unknown>;

beforeAll(async () => {
  all = await okJson(
    await h.get({ url: "content-article.html", formats: "markdown,html,text,links,metadata,screenshot" }),
  );
}, 120_000);

const ARTICLE_MARKDOWN = (origin: string) =>
  [
    "# Field notes on tide pools",
    "",
    `Tide pools are _small worlds_ that the sea leaves behind **twice a day**. Read the [safety guide](${origin}/guides/safety) first.`,
    "",
    `![A tide pool at low tide](${origin}/green.png)`,
    "",
    "## What we counted",
    "",
    "| Species | Count |",
    "| --- | --- |",
    "| Sea star | 12 |",
    "| Hermit crab | 31 |",
    "",
    "## Logging a count",
    "",
    "```python",
    "def log_count(species, n):",
    '    print(f"{species}: {n}")',
    "```",
    "",
    "```bash",
    "tally --species crab --count 31",
    "```",
    "",
    "### Checklist",
    "",
    "-   Boots with grip",
    "-   A notebook",
    "    -   pencil, not ink",
    "",
    "1.  Check the tide table",
    "2.  Go out an hour before low tide",
    "",
    "برك المد والجزر عوالم صغيرة يتركها البحر مرتين في اليوم.",
    "",
    "潮だまりは、海が一日に二度残していく小さな世界です。",
    "",
    "## Seen at dusk",
    "",
    "An octopus crossed the pool at dusk.",
  ].join("\n");

describe("one render, every format", () => {
  it("markdown: the main article only, in GFM, with the section that loads on scroll", () => {
    expect(all.markdown).toBe(ARTICLE_MARKDOWN(h.fx.origin));
    expect(all.contentSource ?? all.source).toBe("main");
  });

  it("says how long the page took and that it was scrolled", () => {
    expect(all.scrolled).toBe(true);
    expect(all.pageHeight as number).toBeGreaterThan(2600);
    const timings = all.timings as Record<string, number>;
    expect(Object.keys(timings).sort()).toEqual(["extract", "navigate", "wait"]);
    for (const ms of Object.values(timings)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(all.renderTime as number).toBeGreaterThanOrEqual(timings.navigate);
    expect(all.finalUrl).toBe(h.fx.url("content-article.html"));
    expect(all.targetStatus).toBe(200);
    expect(all.cachedAt).toBeNull();
  });

  it("html: the rendered DOM after scripts, furniture and the inserted section included", () => {
    const html = all.html as string;
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain("<h2>Seen at dusk</h2>");
    expect(html).toContain('id="cookie-banner"');
    expect(html).toContain("<nav>");
  });

  it("text: the main content as lines, code indentation and scripts intact", () => {
    const text = all.text as string;
    expect(text.split("\n").slice(0, 3)).toEqual([
      "Field notes on tide pools",
      "",
      "Tide pools are small worlds that the sea leaves behind twice a day. Read the safety guide first.",
    ]);
    expect(text).toContain("Species\tCount\nSea star\t12\nHermit crab\t31");
    expect(text).toContain('def log_count(species, n):\n    print(f"{species}: {n}")');
    expect(text).toContain("برك المد والجزر عوالم صغيرة يتركها البحر مرتين في اليوم.");
    expect(text).toContain("潮だまりは、海が一日に二度残していく小さな世界です。");
    expect(text.endsWith("Seen at dusk\n\nAn octopus crossed the pool at dusk.")).toBe(true);
    for (const furniture of ["Topics", "We use cookies", "Advertisement", "© 2024"])
      expect(text).not.toContain(furniture);
  });

  it("links: every link of the page, absolute, once each, internal or external", () => {
    const o = h.fx.origin;
    expect(all.links).toEqual([
      { url: `${o}/`, text: "Shoreline Journal", internal: true },
      { url: `${o}/topics`, text: "Topics", internal: true },
      { url: `${o}/about`, text: "About us", internal: true },
      { url: `${o}/privacy`, text: "Privacy policy", internal: true },
      { url: `${o}/guides/safety`, text: "safety guide", internal: true },
      { url: "https://partner.example.org/reef", text: "Our reef partner", internal: false },
    ]);
  });

  it("metadata: title, description, canonical, language, OG, Twitter, icons, JSON-LD, dates, palette", () => {
    const m = all.metadata as Record<string, unknown>;
    const o = h.fx.origin;
    expect(m.title).toBe("Field notes on tide pools | Shoreline Journal");
    expect(m.description).toBe("What lives between the tides, and how to look without harm.");
    expect(m.canonicalUrl).toBe(`${o}/articles/tide-pools`);
    expect(m.language).toBe("en");
    expect(m.openGraph).toEqual({
      title: "Field notes on tide pools",
      type: "article",
      image: "https://cdn.shoreline.test/tide-pools.jpg",
    });
    expect(m.twitter).toEqual({ card: "summary_large_image", site: "@shoreline" });
    expect(m.icons).toEqual([
      { rel: "icon", url: `${o}/favicon-32.png`, sizes: "32x32", type: "image/png" },
      { rel: "apple-touch-icon", url: `${o}/apple-touch-icon.png`, sizes: "180x180" },
    ]);
    expect(m.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: "Field notes on tide pools",
        datePublished: "2024-05-02T09:30:00Z",
        dateModified: "2024-06-11T16:00:00Z",
      },
    ]);
    expect(m.publishedAt).toBe("2024-05-02T09:30:00.000Z");
    expect(m.modifiedAt).toBe("2024-06-11T16:00:00.000Z");
    // The viewport: white page, the header's navy band (rgb 36,59,107) and the green image.
    const palette = m.palette as Array<{ hex: string; share: number }>;
    expect(palette.length).toBeGreaterThanOrEqual(3);
    const near = (hex: string, [r, g, b]: number[]) =>
      palette.some((c) => {
        const n = parseInt(c.hex.slice(1), 16);
        return Math.abs((n >> 16) - r) < 24 && Math.abs(((n >> 8) & 255) - g) < 24 && Math.abs((n & 255) - b) < 24;
      }) || hex;
    expect(near("white", [255, 255, 255])).toBe(true);
    expect(near("navy", [36, 59, 107])).toBe(true);
    expect(near("green", [0, 255, 0])).toBe(true);
    // White covers most of the viewport: the first colour, whatever its quantized shade.
    expect(palette[0].hex).toMatch(/^#f[0-9a-f]f[0-9a-f]f[0-9a-f]$/);
    expect(palette.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 1);
  });

  it("screenshot: a PNG of the viewport in the result store", async () => {
    const shot = all.screenshot as Record<string, unknown>;
    expect(shot).toMatchObject({ width: 1280, height: 800, format: "png" });
    const { GET } = await import("@/app/v1/files/[file]/route");
    const file = (shot.url as string).split("/").pop()!;
    const response = await GET(new Request(shot.url as string), { params: Promise.resolve({ file }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Number(response.headers.get("content-length"))).toBe(shot.size);
  });
});
