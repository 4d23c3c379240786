import { describe, expect, it } from "vitest";
import { parseQuery } from "@/lib/api/query";
import { screenshotParams } from "@/lib/screenshot/params";
import { planCapture } from "@/lib/screenshot/plan";
import { screenshotKeyParams } from "@/lib/screenshot/key-params";

const keyOf = (query: string) => {
  const parsed = parseQuery(new URLSearchParams(query), screenshotParams, { extras: "reject" });
  return screenshotKeyParams(parsed.params, planCapture(parsed.params, parsed.given));
};

describe("screenshot cache key parameters (D6, D19)", () => {
  it("leaves D19 options at their default out, so keys cached before them stay valid", () => {
    const plain = keyOf("url=https://example.com");
    expect(keyOf("url=https://example.com&waitUntil=load&reducedMotion=false")).toEqual(plain);
    expect(Object.keys(plain)).not.toContain("waitUntil");
    expect(Object.keys(plain)).not.toContain("reducedMotion");
  });

  it("keys every D19 option that changes the output", () => {
    const plain = keyOf("url=https://example.com");
    for (const query of [
      "waitUntil=networkidle0",
      "selector=%23a",
      "hideSelectors=.b",
      "click=%23c",
      "scrollTo=100",
      "reducedMotion=true",
      "omitBackground=true",
      "imageWidth=320",
      "imageHeight=200",
    ]) {
      expect(keyOf(`url=https://example.com&${query}`), query).not.toEqual(plain);
    }
  });
});
