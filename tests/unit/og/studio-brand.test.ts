/**
 * Brand-kit references in account templates (D21, Brand kit): `brand:<name>` compiles to a slot
 * where a font, colour or image goes, is refused on save with its line when the account's kit has
 * no such name (or the wrong kind), and brandRefsOf lists what a render must load.
 */
import { describe, expect, it } from "vitest";
import { brandRefsOf, compileTemplate, TemplateError } from "@/lib/og/account/compile";

const KIT = { fonts: new Set(["heading"]), images: new Set(["logo"]), colors: new Set(["primary", "ink"]) };

function lineOf(source: string): number {
  try {
    compileTemplate(source, KIT);
  } catch (error) {
    if (error instanceof TemplateError) return error.line;
    throw error;
  }
  throw new Error("compiled, but should have been refused");
}

describe("brand references", () => {
  it("compile to brand slots in fonts, colours, borders, gradients and images", () => {
    const compiled = compileTemplate(
      `<div style="font-family: 'brand:heading'; color: brand:ink; border: 2px solid brand:primary; background-image: linear-gradient(90deg, brand:primary, #ffffff)">
  <img src="brand:logo" width="10" height="10" />
  <p style="background-color: brand:primary">x</p>
</div>`,
      KIT,
    );
    expect(compiled.root.style.find((d) => d.property === "fontFamily")?.value).toEqual([
      { brand: "font", name: "heading" },
    ]);
    expect(compiled.root.style.find((d) => d.property === "border")?.value).toEqual([
      "2px",
      " ",
      "solid",
      " ",
      { brand: "color", name: "primary" },
    ]);
    expect(compiled.root.children[0]).toMatchObject({ tag: "img", src: { brand: "logo" } });
    expect(brandRefsOf(compiled)).toEqual({ fonts: ["heading"], images: ["logo"], colors: ["ink", "primary"] });
  });

  it.each([
    ["an unknown colour", `<div>\n<p style="color: brand:secondary">x</p></div>`, 2],
    ["an unknown font", `<div>\n\n<p style="font-family: brand:body">x</p></div>`, 3],
    ["an unknown image", `<div>\n<img src="brand:banner" width="1" height="1" /></div>`, 2],
    ["a font name used as a colour", `<div>\n<p style="color: brand:heading">x</p></div>`, 2],
    ["a colour name used as an image", `<div>\n<img src="brand:primary" width="1" height="1" /></div>`, 2],
    ["a malformed name", `<div>\n<p style="color: brand:Bad_Name">x</p></div>`, 2],
    ["a font family that is not a brand font", `<div>\n<p style="font-family: Arial">x</p></div>`, 2],
    ["a brand colour where a length goes", `<div>\n<p style="width: brand:primary">x</p></div>`, 2],
  ])("refuses %s with its line", (_what, source, line) => {
    expect(lineOf(source)).toBe(line);
  });

  it("refuses every brand name without a kit (another account's names are simply unknown)", () => {
    expect(() => compileTemplate(`<div style="color: brand:primary">x</div>`)).toThrow(/no color named "primary"/);
  });
});
