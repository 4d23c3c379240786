import type { ParamMeta } from "@/lib/api/params";
import type { OgTemplateInfo } from "@/lib/og/catalog";

/** One query parameter as describeParams() reports it: plain data, safe to pass to the browser. */
export type ParamField = { name: string } & ParamMeta;

export type EndpointName = "screenshot" | "og" | "content" | "diff" | "animate" | "map";

/** OG templates as plain data for the form (lib/og/catalog OG_TEMPLATES). */
export type TemplateInfo = Pick<OgTemplateInfo, "name" | "description" | "variables">;

/** Form state: every value as the string it would have in the query ("" = not set). */
export type FormValues = Record<string, string>;
