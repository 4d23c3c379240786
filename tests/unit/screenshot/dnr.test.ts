/**
 * DNR → Adblock-syntax conversion used to ship AdGuard's lists (lib/page/filters).
 */
import { FiltersEngine, Request } from "@ghostery/adblocker";
import { describe, expect, it } from "vitest";
import { type DnrRule, dnrRuleToFilter, dnrRulesetToFilters } from "@/lib/page/filters/dnr";

const rule = (action: string, condition: DnrRule["condition"]): DnrRule => ({
  id: 1,
  action: { type: action },
  condition,
});

describe("dnrRuleToFilter", () => {
  it("keeps block and allow rules with their options", () => {
    expect(dnrRuleToFilter(rule("block", { urlFilter: "||ads.example^" }))).toBe("||ads.example^");
    expect(
      dnrRuleToFilter(
        rule("block", {
          urlFilter: "/banner.",
          resourceTypes: ["image", "sub_frame"],
          domainType: "thirdParty",
          initiatorDomains: ["a.com"],
          excludedInitiatorDomains: ["b.a.com"],
        }),
      ),
    ).toBe("/banner.$image,subdocument,third-party,domain=a.com|~b.a.com");
    expect(
      dnrRuleToFilter(rule("allow", { urlFilter: "||cdn.example/ads.js", excludedResourceTypes: ["main_frame"] })),
    ).toBe("@@||cdn.example/ads.js$~document");
    expect(dnrRuleToFilter(rule("allowAllRequests", { urlFilter: "||site.example^" }))).toBe(
      "@@||site.example^$document",
    );
    expect(dnrRuleToFilter(rule("block", { regexFilter: "^https?://x\\.example/" }))).toBe("/^https?://x\\.example//");
  });

  it("keeps a DNR substring that looks like an Adblock regular expression a substring", () => {
    expect(dnrRuleToFilter(rule("block", { urlFilter: "/ads/" }))).toBe("/ads/*");
  });

  it("expands request-domain rules into one filter per domain", () => {
    expect(dnrRuleToFilter(rule("block", { requestDomains: ["a.example", "b.example"] }))).toBe(
      "||a.example^\n||b.example^",
    );
  });

  it("drops what the syntax cannot express exactly, and AdGuard's placeholder", () => {
    expect(dnrRuleToFilter(rule("redirect", { urlFilter: "||x^" }))).toBeUndefined();
    expect(dnrRuleToFilter(rule("modifyHeaders", { urlFilter: "||x^" }))).toBeUndefined();
    expect(dnrRuleToFilter(rule("block", { urlFilter: "||x^", requestMethods: ["post"] }))).toBeUndefined();
    expect(dnrRuleToFilter(rule("block", { urlFilter: "a$b" }))).toBeUndefined();
    expect(dnrRuleToFilter(rule("block", { urlFilter: "dummy.rule.adguard.com" }))).toBeUndefined();
  });
});

describe("converted rules in the Ghostery engine", () => {
  it("block, and let exceptions through", () => {
    const { text, kept, skipped } = dnrRulesetToFilters([
      rule("block", { urlFilter: "||ads.example^" }),
      rule("allow", { urlFilter: "||ads.example/allowed.js" }),
      rule("block", { urlFilter: "/ad728.png", resourceTypes: ["image"] }),
      rule("redirect", { urlFilter: "||x.example^" }),
    ]);
    expect([kept, skipped]).toEqual([3, 1]);
    const engine = FiltersEngine.parse(text);
    const match = (url: string, type: "script" | "image") =>
      engine.match(Request.fromRawDetails({ url, sourceUrl: "https://news.example/", type })).match;
    expect(match("https://ads.example/x.js", "script")).toBe(true);
    expect(match("https://ads.example/allowed.js", "script")).toBe(false);
    expect(match("https://news.example/img/ad728.png", "image")).toBe(true);
    expect(match("https://news.example/img/ad728.png", "script")).toBe(false);
  });
});
