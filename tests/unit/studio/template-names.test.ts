/**
 * What the studio's code editor completes (D33 point 8): the draft's declared variables inside
 * `{{…}}` (read even from a half-written draft), `item` where a loop exists, and the brand kit's
 * names after `brand:`, by the kind the place takes.
 */
import { describe, expect, it } from "vitest";
import { brandNamesFor, declaredVariables, expressionNames } from "@/components/dashboard/og-studio/template-names";
import { compileTemplate } from "@/lib/og/account/compile";
import { STARTERS } from "@/lib/studio/starters";

const KIT = { colors: ["primary", "ink"], fonts: ["heading"], images: ["logo"] };

describe("declaredVariables", () => {
  it("lists the <variables> block's names with their types, in order", () => {
    const source = `<variables>\n  <text name="title" required />\n  <color name="accent" default="#fff" />\n  <image_url name="logo" />\n</variables>\n<div>{{</div>`;
    expect(declaredVariables(source)).toEqual([
      { name: "title", detail: "text" },
      { name: "accent", detail: "color" },
      { name: "logo", detail: "image_url" },
    ]);
  });

  it("reads a block still being written, and nothing outside it", () => {
    expect(declaredVariables(`<variables>\n  <number name="size" default="3" />\n  <text na`)).toEqual([
      { name: "size", detail: "number" },
    ]);
    expect(declaredVariables(`<div><text name="nope" /></div>`)).toEqual([]);
  });

  it("offers item where a list is looped over", () => {
    const names = declaredVariables(STARTERS["changelog-card"]).map((v) => v.name);
    expect(names).toContain("change_items");
    expect(names.at(-1)).toBe("item");
  });
});

describe("expressionNames", () => {
  it("offers the layout's names, a fit by its fields, theme.* and the functions", () => {
    const names = expressionNames(STARTERS["changelog-card"]).map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(["items", "shown", "head.size", "head.clamp", "theme.fg", "scale()"]));
    expect(names).not.toContain("head");
  });

  it("offers only names the compiler accepts", () => {
    const offered = expressionNames(STARTERS["stats-card"]).filter((n) => !n.name.endsWith("()"));
    const variables = STARTERS["stats-card"].split("</layout>")[0];
    for (const { name } of offered) {
      const source = `${variables}</layout>\n<div>{{${name} ? 1 : 0}}</div>`;
      expect(() => compileTemplate(source), name).not.toThrow();
    }
  });
});

describe("brandNamesFor", () => {
  it("offers fonts after font-family, images in src, colours elsewhere", () => {
    expect(brandNamesFor(`<p style="font-family: `, KIT)).toEqual([{ name: "heading", detail: "brand font" }]);
    expect(brandNamesFor(`<img src="`, KIT)).toEqual([{ name: "logo", detail: "brand image" }]);
    expect(brandNamesFor(`<div style="color: `, KIT).map((n) => n.name)).toEqual(["primary", "ink"]);
  });
});
