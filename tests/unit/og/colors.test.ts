/**
 * Colour variables (hex, RGB or HSL: ARCHITECTURE.md#the-product-contract): every accepted notation parses to
 * the right RGBA, everything else is refused.
 */
import { describe, expect, it } from "vitest";
import { contrastRatio, parseColor, toHex } from "@/lib/og/colors";

describe("parseColor", () => {
  it.each([
    ["#f00", "#ff0000ff"],
    ["#F0A", "#ff00aaff"],
    ["#f008", "#ff000088"],
    ["#6366f1", "#6366f1ff"],
    ["#6366F180", "#6366f180"],
    ["rgb(99, 102, 241)", "#6366f1ff"],
    ["rgb(99 102 241)", "#6366f1ff"],
    ["rgba(99, 102, 241, 0.5)", "#6366f180"],
    ["rgb(99 102 241 / 50%)", "#6366f180"],
    ["rgb(100%, 0%, 0%)", "#ff0000ff"],
    ["RGBA(0,0,0,0)", "#00000000"],
    ["hsl(0, 100%, 50%)", "#ff0000ff"],
    ["hsl(120deg 100% 25%)", "#008000ff"],
    ["hsl(240, 100%, 50%)", "#0000ffff"],
    ["hsla(0, 0%, 100%, 0.25)", "#ffffff40"],
    ["hsl(0.5turn 100% 50% / 1)", "#00ffffff"],
    ["  #abc  ", "#aabbccff"],
    ["ff0000", "#ff0000ff"],
    ["0F08", "#00ff0088"],
  ])("%s → %s", (input, hex) => {
    const color = parseColor(input);
    expect(color).not.toBeNull();
    expect(toHex(color!)).toBe(hex);
  });

  it.each([
    "",
    "red",
    "transparent",
    "#ff",
    "#fffff",
    "#ggg",
    "ff00000",
    "abcde",
    "rgb(1, 2)",
    "rgb(1, 2, 3, 4, 5)",
    "rgb(1 2, 3)",
    "rgb(1, 2, 3 / 0.5)",
    "rgb(a, b, c)",
    "rgb(1 2 3 /)",
    "hsl(10, 20%)",
    "hsl(red, 20%, 30%)",
    "cmyk(1, 2, 3, 4)",
    "rgb(1, 2, 3))",
    "url(https://example.com)",
  ])("refuses %j", (input) => {
    expect(parseColor(input)).toBeNull();
  });

  it.each([
    "rgb(300, 0, 0)",
    "rgb(256 0 0)",
    "rgb(0, -20, 128)",
    "rgb(-0.5, 0, 0)",
    "rgb(101%, 0%, 0%)",
    "rgb(0%, -1%, 0%)",
    "rgb(1e3, 0, 0)",
    "rgba(0, 0, 0, 2)",
    "rgba(0, 0, 0, 1.01)",
    "rgba(0, 0, 0, -0.1)",
    "rgb(0 0 0 / 150%)",
    "rgb(0 0 0 / -5%)",
    "rgb(300, -20, 128, 2)",
    "hsl(0, 150%, 50%)",
    "hsl(0, 100%, 101%)",
    "hsl(0, -10%, 50%)",
    "hsl(0 50 120)",
    "hsla(0, 100%, 50%, 1.5)",
    "hsl(0 100% 50% / 200%)",
  ])("refuses out-of-range %j instead of clamping it (D11: a bad colour is invalid_variable)", (input) => {
    expect(parseColor(input)).toBeNull();
  });

  it.each([
    ["rgb(255, 255, 255)", "#ffffffff"],
    ["rgb(0 0 0 / 0)", "#00000000"],
    ["rgb(100% 100% 100% / 100%)", "#ffffffff"],
    ["rgba(0, 0, 0, 1)", "#000000ff"],
    ["rgb(0 0 0 / 0%)", "#00000000"],
    ["rgb(254.6, 0, 0)", "#ff0000ff"],
    ["hsl(0, 0%, 100%)", "#ffffffff"],
    ["hsl(0 100 50)", "#ff0000ff"],
    ["hsl(720, 100%, 50%)", "#ff0000ff"],
    ["hsl(-120, 100%, 50%)", "#0000ffff"],
    ["hsla(0, 100%, 0%, 0)", "#00000000"],
  ])("accepts the range boundaries and any hue: %s → %s", (input, hex) => {
    expect(toHex(parseColor(input)!)).toBe(hex);
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for equal colours", () => {
    const black = parseColor("#000")!;
    const white = parseColor("#fff")!;
    expect(contrastRatio(black, white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBeCloseTo(1, 5);
  });
});
