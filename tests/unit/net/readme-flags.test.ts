/**
 * The README's list of Chromium hardening flags (operators copy it for a Chromium they start
 * themselves) is the code's list: one source, checked here (issue 13, F4).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumBoundaryFlags, chromiumHardeningFlags } from "@/lib/net/chromium";

const readme = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

function readmeFlags(): string[] {
  const block = /<!-- chromium-hardening-flags:start -->\s*```\n([\s\S]*?)```\s*<!-- chromium-hardening-flags:end -->/.exec(readme);
  if (!block) throw new Error("README has no chromium-hardening-flags block");
  return block[1].split("\n").map((line) => line.trim()).filter(Boolean);
}

describe("Chromium flags", () => {
  it("the README lists exactly the hardening flags the code sends", () => {
    expect(readmeFlags()).toEqual(chromiumHardeningFlags("<guard host>"));
  });

  it("a launched Chromium gets the guard as proxy with only the loopback rule removed, then the hardening flags", () => {
    expect(chromiumBoundaryFlags("http://[::1]:3128")).toEqual([
      "--proxy-server=http://[::1]:3128",
      "--proxy-bypass-list=<-loopback>",
      ...chromiumHardeningFlags("::1"),
    ]);
  });
});
