/**
 * Where on a variable font's axes a card's face lies, and which faces a card asks for (D33 point 9):
 * the parts of lib/og/brand-fonts.ts that need no font. Instancing itself is tested by pixels in
 * tests/integration/og/brand-fonts.test.ts.
 */
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { facesOf, locationOf } from "@/lib/og/brand-fonts";

const wght = { min: 300, default: 400, max: 700 };

describe("locationOf", () => {
  it("pins every axis, the weight clamped into the font's range", () => {
    const axes = { wght, opsz: { min: 14, default: 14, max: 32 } };
    expect(locationOf(axes, { weight: 500, style: "normal" })).toEqual({ wght: 500, opsz: 14 });
    expect(locationOf(axes, { weight: 900, style: "normal" })).toEqual({ wght: 700, opsz: 14 });
    expect(locationOf(axes, { weight: 100, style: "normal" })).toEqual({ wght: 300, opsz: 14 });
  });

  it("takes italic from ital, else from slnt at CSS's -14° clamped, and leaves a font without either upright", () => {
    expect(locationOf({ wght, ital: { min: 0, default: 0, max: 1 } }, { weight: 700, style: "italic" })).toEqual({
      wght: 700,
      ital: 1,
    });
    expect(locationOf({ wght, slnt: { min: -10, default: 0, max: 0 } }, { weight: 400, style: "italic" })).toEqual({
      wght: 400,
      slnt: -10,
    });
    expect(locationOf({ wght }, { weight: 400, style: "italic" })).toEqual({ wght: 400 });
  });
});

describe("facesOf", () => {
  it("collects every weight (as one of satori's nine) and italic from the element tree, 400 always", () => {
    const card = h(
      "div",
      { style: { fontWeight: "bold" } },
      h("p", { style: { fontWeight: "640" } }, "a"),
      [h("span", { key: 1, style: { fontStyle: "italic", fontWeight: 100 } }, "b")],
      "text",
    );
    const faces = facesOf(card).map((f) => `${f.weight} ${f.style}`);
    expect(faces.sort()).toEqual(
      [
        "100 italic",
        "100 normal",
        "400 italic",
        "400 normal",
        "600 italic",
        "600 normal",
        "700 italic",
        "700 normal",
      ].sort(),
    );
    expect(facesOf(h("div", { style: { fontWeight: "normal" } }))).toEqual([{ weight: 400, style: "normal" }]);
  });
});
