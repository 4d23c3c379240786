/**
 * GET /v1/og as the pipeline sees it: the schema (lib/og/params.ts), Pro and up (D3), and the
 * validate step, which checks the template and its variables (lib/og/variables.ts) so a bad
 * template or variable is a 400 before the Pro gate's 403 (D2). What it validated is handed to
 * the handler. A name that is not built-in is looked up among the caller's own templates (D21):
 * another account's template is answered exactly like a name nobody has.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { findTemplate, type BuiltInTemplateInfo } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import type { AccountTemplate } from "@/lib/og/account/templates";
import { templateNotFound, type ValidatedTemplate, validateVariables } from "@/lib/og/variables";

export type ValidatedOg = ValidatedTemplate<BuiltInTemplateInfo | AccountTemplate>;

export const ogEndpoint = {
  id: "og",
  params: ogParams,
  extras: "collect",
  minPlan: "pro",
  validate: async (params, { extras, caller }): Promise<ValidatedOg> => {
    const builtIn = findTemplate(params.template);
    if (builtIn) return validateVariables<BuiltInTemplateInfo | AccountTemplate>(builtIn, extras);
    // Loaded on first use: pages that only read the spec (pricing, docs) stay free of the database.
    const { findAccountTemplate } = await import("@/lib/og/account/templates");
    const own = await findAccountTemplate(caller.userId, params.template);
    if (!own) throw templateNotFound(params.template);
    // Declared defaults fill what the query leaves out; the canonical values (cache key) include them.
    const validated = validateVariables<BuiltInTemplateInfo | AccountTemplate>(own, { ...own.defaults, ...extras });
    // Its brand-kit assets, from this account's kit only (a deleted one is a 400 naming the template).
    const [{ loadBrand }, { brandRefsOf }] = await Promise.all([
      import("@/lib/og/account/brand"),
      import("@/lib/og/account/compile"),
    ]);
    const brand = await loadBrand(caller.userId, own.name, brandRefsOf(own.compiled));
    return { ...validated, template: { ...own, brand } };
  },
} as const satisfies EndpointSpec<typeof ogParams, ValidatedOg>;
