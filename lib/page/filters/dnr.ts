/**
 * Converts AdGuard's prebuilt declarativeNetRequest rulesets (npm @adguard/dnr-rulesets, rebuilt
 * from the upstream lists every day) back into Adblock-syntax network filters that the Ghostery
 * engine parses. Only block/allow rules are kept: redirects, header edits and query rewrites do
 * not change what a screenshot shows.
 */

export interface DnrRule {
  id: number;
  priority?: number;
  action: { type: string };
  condition: {
    urlFilter?: string;
    regexFilter?: string;
    isUrlFilterCaseSensitive?: boolean;
    resourceTypes?: string[];
    excludedResourceTypes?: string[];
    initiatorDomains?: string[];
    excludedInitiatorDomains?: string[];
    requestDomains?: string[];
    excludedRequestDomains?: string[];
    requestMethods?: string[];
    excludedRequestMethods?: string[];
    domainType?: "firstParty" | "thirdParty";
    tabIds?: number[];
  };
}

const RESOURCE_TYPES: Record<string, string> = {
  main_frame: "document",
  sub_frame: "subdocument",
  stylesheet: "stylesheet",
  script: "script",
  image: "image",
  font: "font",
  object: "object",
  xmlhttprequest: "xmlhttprequest",
  ping: "ping",
  media: "media",
  websocket: "websocket",
  other: "other",
  csp_report: "other",
  webtransport: "other",
  webbundle: "other",
};

/** AdGuard's first rule is a placeholder that carries the ruleset's metadata. */
const PLACEHOLDER = "dummy.rule.adguard.com";

/** One DNR rule as an Adblock-syntax filter line, or undefined when it has no equivalent. */
export function dnrRuleToFilter(rule: DnrRule): string | undefined {
  const { action, condition: c } = rule;
  const kind = action.type;
  if (kind !== "block" && kind !== "allow" && kind !== "allowAllRequests") return undefined;
  // Conditions the Adblock syntax cannot express precisely: leaving them out would widen the rule.
  if (c.requestMethods || c.excludedRequestMethods || c.excludedRequestDomains || c.tabIds) return undefined;
  if (c.urlFilter === PLACEHOLDER) return undefined;

  if (c.urlFilter?.includes("$")) return undefined; // "$" starts the options in Adblock syntax
  let pattern: string | undefined = c.urlFilter ?? (c.regexFilter ? `/${c.regexFilter}/` : undefined);
  // In Adblock syntax "/ads/" would be a regular expression; DNR means the substring.
  if (c.urlFilter && c.urlFilter.length > 1 && c.urlFilter.startsWith("/") && c.urlFilter.endsWith("/")) {
    pattern = `${c.urlFilter}*`;
  }
  const options: string[] = [];
  if (c.requestDomains?.length) {
    // A rule on whole request domains: one filter line per domain keeps it exact.
    if (pattern !== undefined) return undefined;
    pattern = c.requestDomains.map((d) => `||${d}^`).join("\n");
  }
  if (pattern === undefined || pattern === "") return undefined;

  if (kind === "allowAllRequests") options.push("document");
  const types = c.resourceTypes?.map((t) => RESOURCE_TYPES[t]).filter(Boolean);
  if (types?.length) options.push(...new Set(types));
  const excluded = c.excludedResourceTypes?.map((t) => RESOURCE_TYPES[t]).filter(Boolean);
  if (excluded?.length) options.push(...new Set(excluded.map((t) => `~${t}`)));
  if (c.domainType === "thirdParty") options.push("third-party");
  if (c.domainType === "firstParty") options.push("~third-party");
  const domains = [...(c.initiatorDomains ?? []), ...(c.excludedInitiatorDomains ?? []).map((d) => `~${d}`)];
  if (domains.length) options.push(`domain=${domains.join("|")}`);
  if (c.isUrlFilterCaseSensitive) options.push("match-case");

  const prefix = kind === "block" ? "" : "@@";
  const suffix = options.length ? `$${options.join(",")}` : "";
  return pattern
    .split("\n")
    .map((p) => `${prefix}${p}${suffix}`)
    .join("\n");
}

/** A whole ruleset as filter-list text (one filter per line, order kept). */
export function dnrRulesetToFilters(rules: DnrRule[]): { text: string; kept: number; skipped: number } {
  const lines: string[] = [];
  let skipped = 0;
  for (const rule of rules) {
    const line = dnrRuleToFilter(rule);
    if (line === undefined) skipped++;
    else lines.push(line);
  }
  return { text: lines.join("\n"), kept: lines.length, skipped };
}
