/**
 * The real-pages benchmark's page list, pixel agreement and paired ratios (bench/support/, D30):
 * the bench itself is too slow for the suite, but what it judges with is checked here.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { REAL_PAGE_PACKAGES, REAL_PAGES, pixelAgreement } from "@/bench/support/real-pages";
import { pairedRatios, type Phase, realPagesReport } from "@/bench/support/realpages-report";
import { median } from "@/bench/support/stats";
import { debianDocFile } from "@/tests/support/debian-docs";

async function png(width: number, height: number, paint?: { left: number; top: number; size: number }) {
  const base = sharp({ create: { width, height, channels: 3, background: "#ffffff" } });
  if (!paint) return base.png().toBuffer();
  const square = await sharp({
    create: { width: paint.size, height: paint.size, channels: 3, background: "#000000" },
  })
    .png()
    .toBuffer();
  return base
    .composite([{ input: square, left: paint.left, top: paint.top }])
    .png()
    .toBuffer();
}

describe("real pages", () => {
  it("lists at least 12 distinct pages under the docs server's roots, in six languages and three scripts", () => {
    const paths = Object.values(REAL_PAGES);
    expect(paths.length).toBeGreaterThanOrEqual(12);
    expect(new Set(paths).size).toBe(paths.length);
    for (const pagePath of paths) expect(debianDocFile(pagePath), pagePath).toMatch(/^\/usr\/share\/.+\.html$/);
    const languages = new Set(paths.map((p) => /\.([a-z]{2}(-[a-z]{2})?)\.html$/.exec(p)?.[1] ?? "en"));
    expect([...languages].sort()).toEqual(["de", "en", "fr", "ja", "zh-cn", "zh-tw"]);
    // The Debian Reference's translations are installed one package per language.
    for (const language of languages)
      if (language !== "en") expect(REAL_PAGE_PACKAGES).toContain(`debian-reference-${language}`);
  });

  it("pixel agreement: 1 for the same image, the changed share for a changed one, 0 for another size", async () => {
    const white = await png(100, 100);
    expect(await pixelAgreement(white, await png(100, 100))).toBe(1);
    // A 10×10 black square: 100 of 10,000 pixels differ.
    expect(await pixelAgreement(white, await png(100, 100, { left: 20, top: 30, size: 10 }))).toBeCloseTo(0.99, 5);
    expect(await pixelAgreement(white, await png(100, 80))).toBe(0);
  });
});

function phaseOf(side: Phase["side"], round: number, wallSeconds: number, cpuSeconds: number): Phase {
  return {
    side,
    inFlight: 2,
    round,
    renders: 14,
    wallSeconds,
    latencies: [],
    tree: { browser: cpuSeconds },
    client: 0,
    machine: cpuSeconds,
    renderersLaunched: 0,
  };
}

describe("real pages' ratios", () => {
  it("pairs each round's two phases and leaves a round without its pair out", () => {
    const phases = [
      // Round 0 on a quick machine, round 1 on a slow one: each round's ratio is Glance's own.
      phaseOf("glance", 0, 7, 14),
      phaseOf("bare", 0, 7, 14 / 1.1),
      phaseOf("bare", 1, 14, 28),
      phaseOf("glance", 1, 14 / 0.9, 28),
      phaseOf("glance", 2, 7, 14), // cut short: no bare phase in round 2
      { ...phaseOf("bare", 0, 1, 1), inFlight: 4 }, // another level
    ];
    const { throughput, cpu } = pairedRatios(phases, 2);
    expect(throughput.map((r) => r.toFixed(3))).toEqual(["1.000", "0.900"]);
    expect(cpu.map((r) => r.toFixed(3))).toEqual(["1.100", "1.000"]);
  });

  it("takes the median of an odd and an even number of ratios", () => {
    expect(median([1.2, 0.9, 1.0])).toBe(1.0);
    expect(median([1.2, 0.9, 1.0, 1.1])).toBeCloseTo(1.05, 10);
  });
});

describe("real pages' report against tuned bare (issue 50 point 1)", () => {
  const report = (glanceP50: number) => {
    const at1 = (side: Phase["side"], latency: number): Phase => ({
      ...phaseOf(side, 0, 7, 14),
      inFlight: 1,
      latencies: Array(14).fill(latency),
    });
    return realPagesReport({
      phases: [at1("bare", 500), at1("glance", glanceP50)],
      agreement: new Map([["page", 1]]),
      levels: [1],
      rounds: 1,
      loadBefore: [0, 0, 0],
      loadAfter: [0, 0, 0],
      baseline: "tuned",
      defaultSlotsAt: [1],
    });
  };

  it("judges p50 at 1 in flight against tuned bare's plus 20 ms", () => {
    expect(report(519).met).toBe(true);
    const late = report(521);
    expect(late.met).toBe(false);
    expect(late.markdown).toContain(
      "| 1 (default slots) | 2.00 | 2.00 | 1.00 (1.00–1.00) | 1.00 | 500 / 500 | 521 **✗** / 521 |",
    );
    expect(late.markdown).toContain("throughput ≥ 1.00 × tuned bare and CPU per render ≤ 1.00 × tuned bare");
  });
});
