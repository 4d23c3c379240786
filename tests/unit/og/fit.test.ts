/**
 * fitText: the size a template picks before satori lays out. Short text keeps the largest size,
 * longer text steps down, and text that cannot fit even at the smallest size gets a clamp.
 */
import { describe, expect, it } from "vitest";
import { countLines, fitText } from "@/lib/og/templates/fit";

const box = { width: 1000, height: 300, maxSize: 80, minSize: 30, lineHeight: 1.1, bold: true };

describe("fitText", () => {
  it("keeps the largest size when the text fits", () => {
    const fit = fitText("Hello world", box);
    expect(fit).toMatchObject({ fontSize: 80, lines: 1 });
    expect(fit.clamp).toBe(Math.floor(300 / (80 * 1.1)));
  });

  it("steps the size down as the text grows, never below the minimum", () => {
    const sizes = [20, 60, 120, 200, 800].map((n) => fitText("word ".repeat(n / 5).trim(), box).fontSize);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]);
    expect(sizes[0]).toBe(80);
    expect(sizes.at(-1)).toBe(30);
  });

  it("clamps to the lines that fit the box at the minimum size", () => {
    const fit = fitText("漢".repeat(300), box);
    expect(fit.fontSize).toBe(30);
    expect(fit.clamp).toBe(Math.floor(300 / (30 * 1.1)));
    expect(fit.lines).toBe(fit.clamp);
    expect(fit.height).toBeLessThanOrEqual(300);
  });

  it("honours maxLines", () => {
    expect(fitText("word ".repeat(40), { ...box, maxLines: 2 }).clamp).toBe(2);
  });
});

describe("countLines", () => {
  it("wraps at spaces, and anywhere between CJK characters", () => {
    expect(countLines("aaaa bbbb", 3)).toBe(2);
    expect(countLines("あいうえおかきくけこ", 5)).toBe(2);
    expect(countLines("", 10)).toBe(0);
  });

  it("breaks a word longer than the line", () => {
    expect(countLines("x".repeat(100), 10)).toBeGreaterThanOrEqual(5);
  });
});
