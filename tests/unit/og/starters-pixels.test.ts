/**
 * "Duplicate a built-in" in the studio (D33 point 8): each starter, compiled as an account
 * template and rendered by the same renderer /v1/og uses, draws the same pixels as the built-in
 * it duplicates — for every kind of input, not only the examples: a title long enough to be
 * shrunk, optional variables left out, light and dark backgrounds, an avatar, a list too long for
 * the card, and canvases of other sizes and shapes, down to 100×100 and up to 4096 px. Compared
 * by pixelmatch with no colour tolerance.
 */
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { exampleVariables, OG_TEMPLATE_NAMES, OG_TEMPLATES, type OgTemplateName } from "@/lib/og/catalog";
import { catalogVariables, defaultsOf, examplesOf } from "@/lib/og/account/templates";
import { compileTemplate } from "@/lib/og/account/compile";
import { renderOg } from "@/lib/og/render";
import { validateVariables } from "@/lib/og/variables";
import { STARTERS } from "@/lib/studio/starters";

vi.setConfig({ testTimeout: 60_000 });

interface Case {
  label: string;
  vars: Record<string, string>;
  width?: number;
  height?: number;
  /** image_url variables as lib/og/images would have inlined them. */
  images?: Record<string, string>;
}

const LONG_TITLE =
  "A very long headline that goes on and on about everything that shipped this quarter, from faster renders and sharper text to new templates, brand kits and webhooks, so that it cannot fit at full size";
const AVATAR_URL = "https://example.com/avatar.png";
const images: Record<string, string> = {};

function required(name: OgTemplateName): Record<string, string> {
  const info = OG_TEMPLATES.find((t) => t.name === name)!;
  const example = exampleVariables(name);
  return Object.fromEntries(info.variables.filter((v) => v.required).map((v) => [v.name, example[v.name]]));
}

function casesOf(name: OgTemplateName): Case[] {
  const example = exampleVariables(name);
  const common: Case[] = [
    { label: "the examples", vars: example },
    { label: "a very long title", vars: { ...example, title: LONG_TITLE } },
    { label: "only the required variables", vars: required(name) },
    { label: "a light background", vars: { ...example, bgColor: "#f8fafc", accent: "#0ea5e9" } },
    { label: "a dark background", vars: { ...example, bgColor: "#1e1b4b", accent: "#facc15" } },
    { label: "1080×1080", vars: example, width: 1080, height: 1080 },
    { label: "630×1200 (portrait)", vars: example, width: 630, height: 1200 },
    {
      label: "1600×900, long title, light",
      vars: { ...example, title: LONG_TITLE, bgColor: "#fde68a" },
      width: 1600,
      height: 900,
    },
    { label: "100×100", vars: example, width: 100, height: 100 },
    { label: "4096×2160", vars: example, width: 4096, height: 2160 },
  ];
  const own: Record<OgTemplateName, Case[]> = {
    default: [{ label: "a long description", vars: { ...example, description: LONG_TITLE } }],
    "blog-post": [
      { label: "an avatar", vars: { ...example, avatar: AVATAR_URL }, images },
      { label: "an avatar at 1080×1080", vars: { ...example, avatar: AVATAR_URL }, images, width: 1080, height: 1080 },
      { label: "a date without an author", vars: { title: example.title, date: example.date } },
    ],
    "stats-card": [
      { label: "a second figure without a label", vars: { ...required(name), stat2_number: "99%" } },
      { label: "only one figure, portrait", vars: required(name), width: 800, height: 1400 },
    ],
    "changelog-card": [
      {
        label: "more items than fit",
        vars: { ...example, change_items: Array.from({ length: 20 }, (_, i) => `Change number ${i + 1}`).join("\n") },
      },
      { label: "no title: the version heads the card", vars: { version: "v3.0.0", date: "2026-01-02" } },
      { label: "a title and no list", vars: { version: "v3.0.0", title: LONG_TITLE }, width: 1200, height: 1200 },
    ],
  };
  return [...common, ...own[name]];
}

const SIZE = { width: 1200, height: 630, format: "png" as const, quality: 80 };

async function rgba(png: Buffer) {
  return (await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;
}

async function builtIn(name: OgTemplateName, c: Case): Promise<Buffer> {
  const { variables } = validateVariables(name, c.vars);
  const size = { ...SIZE, ...(c.width ? { width: c.width, height: c.height! } : {}) };
  return (await renderOg({ template: name, variables, images: c.images, ...size })).bytes;
}

/** As /v1/og renders an account template: declared defaults fill what the request leaves out. */
async function duplicate(name: OgTemplateName, c: Case): Promise<Buffer> {
  const compiled = compileTemplate(STARTERS[name]);
  const info = { name: "duplicate", description: "", variables: catalogVariables(compiled.variables) };
  const { variables } = validateVariables(info, { ...defaultsOf(compiled.variables), ...c.vars });
  const size = { ...SIZE, ...(c.width ? { width: c.width, height: c.height! } : {}) };
  return (await renderOg({ template: { name: "duplicate", compiled }, variables, images: c.images, ...size })).bytes;
}

const MATRIX = OG_TEMPLATE_NAMES.flatMap((name) =>
  casesOf(name).map((c): [OgTemplateName, string, Case] => [name, c.label, c]),
);

describe("a duplicated built-in renders like the built-in", () => {
  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: "#e11d48" } })
      .composite([
        { input: Buffer.from('<svg width="32" height="48"><rect width="32" height="48" fill="#fde047"/></svg>') },
      ])
      .png()
      .toBuffer();
    images.avatar = `data:image/png;base64,${png.toString("base64")}`;
  });

  it.each(MATRIX)("%s with %s", async (name, _label, c) => {
    const [expected, actual] = await Promise.all([builtIn(name, c).then(rgba), duplicate(name, c).then(rgba)]);
    const width = c.width ?? SIZE.width;
    const height = c.height ?? SIZE.height;
    // threshold 0: any colour difference counts; includeAA: anti-aliased edges count too.
    const differing = pixelmatch(expected, actual, undefined, width, height, { threshold: 0, includeAA: true });
    expect(differing).toBe(0);
  });

  it("accepts the built-in's variables, the background's name included", () => {
    for (const name of OG_TEMPLATE_NAMES) {
      const declared = compileTemplate(STARTERS[name]).variables.map((v) => v.name);
      expect(declared.sort()).toEqual(
        Object.keys(exampleVariables(name))
          .concat(name === "blog-post" ? ["avatar"] : [])
          .sort(),
      );
    }
  });

  it("previews with the built-in's examples, which a render does not fill in", () => {
    for (const name of OG_TEMPLATE_NAMES) {
      const { variables } = compileTemplate(STARTERS[name]);
      const { accent: _a, bgColor: _b, ...example } = exampleVariables(name);
      const preview = examplesOf(variables);
      for (const [key, value] of Object.entries(example)) expect(preview[key]).toBe(value);
      expect(Object.keys(defaultsOf(variables)).sort()).toEqual(["accent", "bgColor"]);
    }
  });
});
