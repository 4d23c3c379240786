import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "@/lib/api/closest-name";

describe("closestName (#35 point 6)", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("widht", "width")).toBe(1);
    expect(editDistance("titel", "title")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("suggests near misses, case and separators ignored, and nothing far off", () => {
    const known = ["url", "width", "height", "fullPage", "deviceScale", "quality"];
    expect(closestName("widht", known)).toBe("width");
    expect(closestName("full_page", known)).toBe("fullPage");
    expect(closestName("devicescale", known)).toBe("deviceScale");
    expect(closestName("hieght", known)).toBe("height");
    expect(closestName("a", known)).toBeUndefined();
    expect(closestName("zebra", known)).toBeUndefined();
    expect(closestName("x".repeat(500), known)).toBeUndefined();
  });
});
