/**
 * The README's list of Chromium hardening flags (operators copy it for a Chromium they start
 * themselves) is the code's list: one source, checked here (issue 13, F4).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_OWN_TRAFFIC_SINK, chromiumHardeningFlags } from "@/lib/net/chromium";

const readme = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

function readmeFlags(): string[] {
  const block =
    /<!-- chromium-hardening-flags:start -->\s*```\n([\s\S]*?)```\s*<!-- chromium-hardening-flags:end -->/.exec(readme);
  if (!block) throw new Error("README has no chromium-hardening-flags block");
  return block[1]
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

describe("Chromium flags", () => {
  it("the README lists exactly the hardening flags the code sends", () => {
    expect(readmeFlags()).toEqual(chromiumHardeningFlags("<guard host>"));
  });

  it("the browser-wide proxy is a sink under a reserved name that the resolver rules refuse, never a guard", () => {
    const flags = chromiumHardeningFlags("::1");
    const sink = new URL(BROWSER_OWN_TRAFFIC_SINK);
    expect(flags.slice(0, 2)).toEqual([
      `--proxy-server=${BROWSER_OWN_TRAFFIC_SINK}`,
      "--proxy-bypass-list=<-loopback>",
    ]);
    expect(sink.hostname.endsWith(".invalid")).toBe(true); // RFC 2606: resolves nowhere
    expect(flags).toContain("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ::1"); // only the guard's host resolves
    expect(flags.filter((f) => f.startsWith("--proxy-server="))).toHaveLength(1);
  });
});
