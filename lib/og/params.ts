/**
 * The one schema of GET /v1/og. Every query parameter not named here is a template variable,
 * validated against the template's own variable list by the endpoint's validate step
 * (lib/og/endpoint.ts).
 */
import { z } from "zod";
import { formatParam } from "@/lib/api/format-param";
import { intParam, stringParam } from "@/lib/api/params";
import { apiKeyParam, responseParam, signedUrlParams } from "@/lib/api/common-params";
import type { FormatOf } from "@/lib/formats";
import { OG_TEMPLATE_NAMES } from "@/lib/og/catalog";

export const ogParams = z.object({
  template: stringParam("template", {
    required: true,
    maxLength: 64,
    description: `Name of the template to render: ${OG_TEMPLATE_NAMES.slice(0, -1).join(", ")} or ${OG_TEMPLATE_NAMES.at(-1)} (see GET /v1/og/templates).`,
    example: "default",
  }),
  format: formatParam("og", { default: "png", description: "Output format." }),
  width: intParam("width", { min: 100, max: 4096, default: 1200, description: "Canvas width in pixels." }),
  height: intParam("height", { min: 100, max: 4096, default: 630, description: "Canvas height in pixels." }),
  quality: intParam("quality", { min: 1, max: 100, default: 80, description: "JPEG/WebP quality; no effect on png." }),
  response: responseParam(),
  api_key: apiKeyParam(),
  ...signedUrlParams(),
});

export type OgParams = z.output<typeof ogParams>;
export type OgFormat = FormatOf<"og">;
