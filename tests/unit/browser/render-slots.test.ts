/** The default render slots follow the machine (issue 50 point 3, D17): two per core, bounded by memory. */
import { describe, expect, it } from "vitest";
import { renderSlotsFor } from "@/lib/env";

const GiB = 1024 ** 3;

describe("renderSlotsFor", () => {
  it("gives two slots per core where memory allows", () => {
    expect(renderSlotsFor({ cores: 2, memoryBytes: 24 * GiB })).toBe(4);
    expect(renderSlotsFor({ cores: 8, memoryBytes: 32 * GiB })).toBe(16);
  });

  it("gives one slot per 512 MiB where memory is the limit", () => {
    expect(renderSlotsFor({ cores: 16, memoryBytes: 4 * GiB })).toBe(8);
    expect(renderSlotsFor({ cores: 4, memoryBytes: 1.5 * GiB })).toBe(3);
  });

  it("keeps at least one slot and at most 64", () => {
    expect(renderSlotsFor({ cores: 1, memoryBytes: 256 * 1024 ** 2 })).toBe(1);
    expect(renderSlotsFor({ cores: 128, memoryBytes: 512 * GiB })).toBe(64);
  });
});
