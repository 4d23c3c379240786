/**
 * What the template language gained so a duplicate of a built-in can be written in it (D33
 * point 8): `{{name | initials}}`, `background-image: glow(colour, corner, opacity)` and camelCase
 * variable names (a built-in's bgColor). Each drawn as the built-ins draw it; misuse refused with
 * its line.
 */
import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { refusalOf } from "./template-refusal";
import { compileTemplate } from "@/lib/og/account/compile";
import { buildStudioElement } from "@/lib/og/account/element";
import { parseColor } from "@/lib/og/colors";
import { glowImage } from "@/lib/og/templates/glow";
import type { OgVariables } from "@/lib/og/variables";

type Props = { style: Record<string, unknown>; children?: unknown };

/** The template's root as buildStudioElement made it (the frame's only child). */
function root(source: string, variables: Partial<OgVariables>, canvas = { width: 1200, height: 630 }) {
  const all: OgVariables = { text: {}, colors: {}, images: {}, lists: {}, ...variables };
  const frame = buildStudioElement(compileTemplate(source), all, {}, undefined, canvas) as ReactElement<Props>;
  const child = ([] as unknown[]).concat(frame.props.children)[0];
  if (!isValidElement(child)) throw new Error("no root element");
  return child as ReactElement<Props>;
}

const refusal = (source: string) => refusalOf(source);

const AUTHOR = `<variables>\n  <text name="author" />\n</variables>\n`;
const ACCENT = `<variables>\n  <color name="accent" default="#6366f1" />\n  <color name="bgColor" />\n</variables>\n`;

describe("{{name | initials}}", () => {
  it("shows the first letters of the first two words, upper-cased", () => {
    const el = root(`${AUTHOR}<div>{{ author | initials }} · {{author}}</div>`, {
      text: { author: "ada king lovelace" },
    });
    expect(el.props.children).toBe("AK · ada king lovelace");
  });

  it("refuses a filter it does not have, with the line", () => {
    const error = refusal(`${AUTHOR}<div>\n  {{author | shout}}\n</div>`);
    expect(error.message).toBe('Line 5: "shout" is not a text filter; use initials.');
  });
});

describe("background-image: glow()", () => {
  it("draws the built-ins' glow bitmap from the colour, in the canvas's proportions", () => {
    const source = `${ACCENT}<div style="background-image: glow({{accent}}, bottom-right, 0.34)">x</div>`;
    const accent = parseColor("#ff0000")!;
    const el = root(source, { colors: { accent } }, { width: 1080, height: 1080 });
    expect(el.props.style).toMatchObject({
      backgroundImage: `url(${glowImage(accent, 0.34, "bottom-right", 1)})`,
      backgroundSize: "100% 100%",
      backgroundRepeat: "no-repeat",
    });
  });

  it("takes a literal colour too, and refuses anything else with the line", () => {
    expect(() => compileTemplate(`<div style="background-image: glow(#112233, top-right, 0.2)">x</div>`)).not.toThrow();
    expect(
      refusal(`${ACCENT}<div>\n<p style="background-image: glow({{accent}}, middle, 0.3)">x</p></div>`).message,
    ).toMatch(/^Line 6: glow\(\) takes a colour \(a color variable, a brand colour or a literal\), a corner/);
    expect(refusal(`<div style="background-image: glow(#fff, top-right, 2)">x</div>`).message).toMatch(
      /opacity from 0 to 1/,
    );
    expect(refusal(`${AUTHOR}<div style="background-image: glow({{author}}, top-right, 0.3)">x</div>`).message).toMatch(
      /glow\(\) takes a colour/,
    );
  });
});

describe("variable names", () => {
  it("may be camelCase like the built-ins' bgColor, still starting lowercase", () => {
    expect(compileTemplate(`${ACCENT}<div style="background-color: {{bgColor}}">x</div>`).variables[1].name).toBe(
      "bgColor",
    );
    expect(refusal(`<variables>\n  <text name="Title" />\n</variables>\n<div>x</div>`).message).toMatch(
      /starting with a lowercase letter/,
    );
  });
});
