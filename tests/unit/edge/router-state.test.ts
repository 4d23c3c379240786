import { describe, expect, it } from "vitest";
import { dropRefusedRouterState, isRouterStateAccepted } from "@/lib/edge/router-state";

// What Next's client router sent when prefetching from /docs (read off a production server).
const SENT_BY_NEXT = "%5B%22%22%2C%7B%7D%2Cnull%2C%22metadata-only%22%5D";
const NESTED = encodeURIComponent(
  JSON.stringify(["", { children: ["docs", { children: ["__PAGE__", {}] }] }, null, null]),
);

describe("the router state header the edge server hands on (D1)", () => {
  it("keeps what Next's router sends", () => {
    expect(isRouterStateAccepted(SENT_BY_NEXT)).toBe(true);
    expect(isRouterStateAccepted(NESTED)).toBe(true);
    const headers = { "next-router-state-tree": SENT_BY_NEXT, rsc: "1" };
    dropRefusedRouterState(headers);
    expect(headers["next-router-state-tree"]).toBe(SENT_BY_NEXT);
  });

  it.each(["%7B", "%E0%A4%A", "[]", encodeURIComponent("[1,{}]"), encodeURIComponent('{"a":1}'), "x".repeat(40_001)])(
    "drops %s, which Next would answer with a 500",
    (value) => {
      expect(isRouterStateAccepted(value)).toBe(false);
      const headers: Record<string, string> = { "next-router-state-tree": value, rsc: "1" };
      dropRefusedRouterState(headers);
      expect(headers).toEqual({ rsc: "1" });
    },
  );

  it("leaves headers without one alone", () => {
    const headers = { rsc: "1" };
    dropRefusedRouterState(headers);
    expect(headers).toEqual({ rsc: "1" });
  });
});
