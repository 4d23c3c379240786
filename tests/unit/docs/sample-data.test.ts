/**
 * Example cards are sample data (issue 20 point 4): a card with figures on it never names Glance,
 * so the landing page's examples cannot read as claims about the service (uptime, volumes, speed).
 */
import { describe, expect, it } from "vitest";
import { ALL_EXAMPLES } from "@/components/site/og-examples";
import { OG_TEMPLATES } from "@/lib/og/catalog";

const FIGURE = /\d/;

describe("example figures", () => {
  it("no example card with a figure on it mentions Glance", () => {
    const cards = [
      ...ALL_EXAMPLES.map((e) => ({
        id: e.id,
        values: Object.entries(e.variables)
          .filter(([name]) => name !== "accent" && name !== "bgColor")
          .map(([, v]) => v),
      })),
      ...OG_TEMPLATES.map((t) => ({
        id: `catalog ${t.name}`,
        values: t.variables.filter((v) => v.type === "text" || v.type === "list").map((v) => v.example),
      })),
    ];
    for (const card of cards) {
      if (!card.values.some((v) => FIGURE.test(v) && !/^v\d/.test(v) && !/^\d{4}-\d{2}-\d{2}$/.test(v))) continue;
      expect(
        card.values.filter((v) => /glance/i.test(v)),
        card.id,
      ).toEqual([]);
    }
  });
});
