/**
 * The `format` parameter of a render endpoint, read from the output formats (lib/formats.ts, D31):
 * its values, aliases and per-format plans, so a format added there appears in the schema, the
 * docs tables, the playground and OpenAPI without touching the endpoint's schema.
 */
import type { RenderEndpointId } from "@/lib/endpoints";
import { formatsOf, formatSpec, type FormatOf } from "@/lib/formats";
import { PLANS, type PlanId } from "@/lib/plans";
import { enumParam } from "./params";

export function formatParam<E extends RenderEndpointId, const Default extends FormatOf<E>>(
  endpoint: E,
  o: { default: Default; description: string },
) {
  const values = formatsOf(endpoint);
  const aliases: Record<string, FormatOf<E>> = {};
  const valuePlans: Partial<Record<FormatOf<E>, PlanId>> = {};
  const planNotes: string[] = [];
  for (const format of values) {
    const spec = formatSpec(format);
    for (const alias of spec.aliases ?? []) aliases[alias] = format;
    if (spec.plan) {
      valuePlans[format] = spec.plan;
      planNotes.push(`\`${format}\` requires the ${PLANS[spec.plan].name} plan or higher.`);
    }
  }
  return enumParam("format", {
    values,
    default: o.default,
    aliases,
    ...(planNotes.length > 0 ? { valuePlans } : {}),
    description: [o.description, ...planNotes].join(" "),
  });
}
