/**
 * The one schema of GET /v1/og. Every query parameter not named here is a template variable,
 * validated against the template's own variable list (lib/og/catalog) in `validate`, so a
 * bad template or variable is a 400 before the Pro plan gate's 403 (D2).
 */
import { z } from "zod";
import type { EndpointSpec } from "@/lib/api/context";
import { apiKeyParam, enumParam, intParam, responseParam, stringParam } from "@/lib/api/params";
import { validateVariables } from "@/lib/og/variables";

export const OG_FORMATS = ["png", "jpg", "webp"] as const;

export const ogParams = z.object({
  template: stringParam("template", {
    required: true,
    maxLength: 64,
    description: "Name of the template to render: default, blog-post, stats-card or changelog-card (see GET /v1/og/templates).",
    example: "default",
  }),
  format: enumParam("format", { values: OG_FORMATS, default: "png", aliases: { jpeg: "jpg" }, description: "Output format." }),
  width: intParam("width", { min: 100, max: 4096, default: 1200, description: "Canvas width in pixels." }),
  height: intParam("height", { min: 100, max: 4096, default: 630, description: "Canvas height in pixels." }),
  quality: intParam("quality", { min: 1, max: 100, default: 80, description: "JPEG/WebP quality; no effect on png." }),
  response: responseParam(),
  api_key: apiKeyParam(),
});

export type OgParams = z.output<typeof ogParams>;
export type OgFormat = (typeof OG_FORMATS)[number];

export const ogEndpoint = {
  id: "og",
  params: ogParams,
  extras: "collect",
  minPlan: "pro",
  validate: (params: OgParams, { extras }) => {
    // `template` is required by the schema, so it is present whenever this runs.
    validateVariables(params.template ?? "", extras);
  },
} as const satisfies EndpointSpec<typeof ogParams>;
