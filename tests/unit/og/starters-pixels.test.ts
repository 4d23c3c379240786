/**
 * "Duplicate a built-in" in the studio (D33 point 8): each starter, compiled as an account
 * template and rendered by the same renderer /v1/og uses, draws the same pixels as the built-in
 * it duplicates, given the same variables (the built-in's examples, which the docs and the
 * playground show) — compared by pixelmatch with no colour tolerance.
 */
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { exampleVariables, OG_TEMPLATE_NAMES, type OgTemplateName } from "@/lib/og/catalog";
import { catalogVariables, defaultsOf } from "@/lib/og/account/templates";
import { compileTemplate } from "@/lib/og/account/compile";
import { renderOg } from "@/lib/og/render";
import { validateVariables } from "@/lib/og/variables";
import { STARTERS } from "@/lib/studio/starters";

vi.setConfig({ testTimeout: 60_000 });

const SIZE = { width: 1200, height: 630, format: "png" as const, quality: 80 };

async function rgba(png: Buffer) {
  return (await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;
}

async function builtIn(name: OgTemplateName): Promise<Buffer> {
  const { variables } = validateVariables(name, exampleVariables(name));
  return (await renderOg({ template: name, variables, ...SIZE })).bytes;
}

async function duplicate(name: OgTemplateName): Promise<Buffer> {
  const compiled = compileTemplate(STARTERS[name]);
  const info = { name: "duplicate", description: "", variables: catalogVariables(compiled.variables) };
  const { variables } = validateVariables(info, { ...defaultsOf(compiled.variables), ...exampleVariables(name) });
  return (await renderOg({ template: { name: "duplicate", compiled }, variables, ...SIZE })).bytes;
}

describe("a duplicated built-in renders like the built-in", () => {
  it.each(OG_TEMPLATE_NAMES)("%s", async (name) => {
    const [expected, actual] = await Promise.all([builtIn(name).then(rgba), duplicate(name).then(rgba)]);
    // threshold 0: any colour difference counts; includeAA: anti-aliased edges count too.
    const differing = pixelmatch(expected, actual, undefined, SIZE.width, SIZE.height, {
      threshold: 0,
      includeAA: true,
    });
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
});
