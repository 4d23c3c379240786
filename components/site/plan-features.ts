/**
 * What each plan unlocks, derived from the endpoint schemas' plan gates (D3) and the endpoints'
 * minimum plans, so the pricing page changes when a gate does.
 */
import { describeParams, paramDoc } from "@/lib/api/params";
import { CONTENT_FORMATS, FORMAT_PLANS } from "@/lib/content/params";
import { ogEndpoint } from "@/lib/og/endpoint";
import { PLAN_IDS, type PlanId } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";

export interface GatedFeature {
  /** Query parameter name, or the endpoint path. */
  name: string;
  description: string;
  plan: PlanId;
  group: "Screenshot options" | "PDF options" | "Open Graph images" | "Page content formats";
}

export function gatedFeatures(): GatedFeature[] {
  const fromSchema = describeParams(screenshotParams)
    .filter((f) => f.plan)
    .map<GatedFeature>((f) => ({
      name: f.name,
      description: f.description.replace(/`/g, ""),
      plan: f.plan!,
      group: f.pdfOnly ? "PDF options" : "Screenshot options",
    }));
  const og: GatedFeature = {
    name: "/v1/og",
    description: "Open Graph images from templates.",
    plan: ogEndpoint.minPlan,
    group: "Open Graph images",
  };
  // Every format of /v1/content with the plan it needs (D24), the free ones included: what a plan
  // gets from the content endpoint is the list of formats it may ask for.
  const plans: Partial<Record<string, PlanId>> = FORMAT_PLANS;
  const content = CONTENT_FORMATS.map<GatedFeature>((format) => ({
    name: `formats=${format}`,
    description: `/v1/content: ${CONTENT_FORMAT_LABELS[format]}`,
    plan: plans[format] ?? "free",
    group: "Page content formats",
  }));
  return [...fromSchema, og, ...content];
}

const CONTENT_FORMAT_LABELS: Record<(typeof CONTENT_FORMATS)[number], string> = {
  markdown: "the main content as Markdown.",
  html: "the rendered DOM after scripts.",
  text: "the main content as plain text.",
  links: "every link, absolute, internal or external.",
  metadata: "title, OG, Twitter, icons, JSON-LD, dates and colour palette.",
  screenshot: "a viewport PNG from the same render.",
};

/**
 * The lowest plan that may use a screenshot parameter, from the same gates as the pricing page.
 * Throws on a name the schema does not have, so marketing copy cannot name a parameter that isn't.
 */
export function minimumPlan(param: string): PlanId {
  return paramDoc(screenshotParams, param).plan ?? "free";
}

/** Features first available on `plan` (not those of lower plans). */
export function unlockedAt(plan: PlanId): GatedFeature[] {
  return gatedFeatures().filter((f) => f.plan === plan);
}

export function includes(plan: PlanId, feature: GatedFeature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(feature.plan);
}

/** Ungated screenshot parameters worth naming on the Free card (checked against the schema). */
export function freeHighlights(): string[] {
  const ungated = new Set(
    describeParams(screenshotParams)
      .filter((f) => !f.plan && !f.secret)
      .map((f) => f.name),
  );
  return [
    "format",
    "fullPage",
    "deviceScale",
    "clip",
    "waitForSelector",
    "selector",
    "waitUntil",
    "imageWidth",
    "fresh",
    "response",
  ].filter((name) => ungated.has(name));
}
