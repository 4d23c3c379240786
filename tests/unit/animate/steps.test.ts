/** The steps parameter (D26): one action per step in the capture options' words, default lengths, and refusals naming the step. */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { parseField } from "@/lib/api/query";
import { animateParams } from "@/lib/animate/params";

const parse = (value: unknown) => parseField("steps", animateParams.shape.steps, JSON.stringify(value));

function refusal(value: unknown): string {
  try {
    parse(value);
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  throw new Error("accepted");
}

describe("steps", () => {
  it("reads each action with its length", () => {
    expect(
      parse([
        { click: "#a" },
        { hover: ".b", duration: 300 },
        { scrollTo: 800 },
        { scrollTo: "#c" },
        { type: "héllo", into: "#q" },
        { wait: 250 },
      ]),
    ).toEqual([
      { action: "click", selector: "#a", durationMs: 1000 },
      { action: "hover", selector: ".b", durationMs: 300 },
      { action: "scrollTo", target: { y: 800 }, durationMs: 1000 },
      { action: "scrollTo", target: { selector: "#c" }, durationMs: 1000 },
      { action: "type", text: "héllo", selector: "#q", durationMs: 1000 },
      { action: "wait", durationMs: 250 },
    ]);
  });

  it("refuses, naming the step", () => {
    expect(refusal({ click: "#a" })).toMatch(/JSON array/);
    expect(refusal([{ click: "#a" }, { click: "#a", wait: 5 }])).toMatch(/^steps\[1\] must name exactly one action/);
    expect(refusal([{ click: "" }])).toMatch(/^steps\[0\] click must be a CSS selector/);
    expect(refusal([{ type: "x" }])).toMatch(/^steps\[0\] into must be a CSS selector/);
    expect(refusal([{ wait: 1.5 }])).toMatch(/^steps\[0\] wait must be a whole number/);
    expect(refusal([{ click: "#a", into: "#b" }])).toMatch(/unknown field "into" for click/);
    expect(refusal([{ scrollTo: -5 }])).toMatch(/scrollTo must be a CSS selector or a number of pixels/);
    expect(refusal(Array.from({ length: 21 }, () => ({ wait: 10 })))).toMatch(/at most 20 steps/);
  });
});
