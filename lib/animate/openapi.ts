/**
 * GET, HEAD and POST /v1/animate in the OpenAPI document (D26, D31): the operations, the JSON
 * metadata and the error codes a recording can answer with, built from the endpoint's one schema.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryOrBodyPaths } from "@/lib/api/openapi/operations";
import { jsonBodySchema } from "@/lib/api/openapi/params";
import { zodSchema } from "@/lib/api/openapi/zod";
import { PDF_ONLY, CAPTURE_ONLY, renderErrorCodes } from "@/lib/api/openapi/responses";
import type { EndpointDoc, Schema } from "@/lib/api/openapi/types";
import { formatLabels } from "@/lib/formats";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { pageRenderOk } from "@/lib/screenshot/openapi";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { ANIMATE_LIMITS, MS_PER_RENDER, SYNC_MAX_DURATION_MS } from "./limits";
import { animateParams } from "./params";
import { animationMetadataSchema } from "./schema";

/** Every API code but the OG endpoint's own and those of the account, files and job endpoints. */
export const ANIMATE_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "template_not_found",
  "invalid_variable",
  ...PDF_ONLY,
  ...CAPTURE_ONLY,
]);

const LIMITS_TEXT = PLAN_IDS.map((id) => {
  const l = ANIMATE_LIMITS[id];
  return `${PLANS[id].name}: ${l.maxDurationMs / 1000} s, ${l.maxLongSide}×${l.maxShortSide}, ${l.maxFps} fps`;
}).join("; ");

/** The `response=json` answer of a recording (D7, D26), made from its zod schema (schema.ts). */
export const ANIMATION_METADATA_SCHEMA: Schema = zodSchema(animationMetadataSchema);

/** The body of POST /v1/animate, and the `params` of a recording job (D20). */
export const animateBodySchema = (): Schema => jsonBodySchema(animateParams, SCREENSHOT_BODY_MAX_BYTES);

export function animateDoc(appUrl: string): EndpointDoc {
  return {
    tags: [{ name: "Recordings", description: "Record a page as a scroll video, a GIF or a recorded interaction." }],
    schemas: { AnimationMetadata: ANIMATION_METADATA_SCHEMA },
    paths: {
      "/v1/animate": queryOrBodyPaths({
        operationId: "recordAnimation",
        tag: "Recordings",
        docsUrl: `${appUrl}/docs/animate`,
        params: animateParams,
        bodySchema: animateBodySchema(),
        errors: ANIMATE_ERROR_CODES,
        ok: pageRenderOk("animate", "AnimationMetadata"),
        get: {
          summary: "Record a scroll video, a GIF or an interaction",
          description:
            `Loads \`url\` (or \`html\`) as a screenshot does and records it frame by frame as ${formatLabels("animate")}: scrolling from top to bottom (\`scenario=scroll\`) or performing \`steps\`. ` +
            `Limits per plan: ${LIMITS_TEXT}. A synchronous request records up to ${SYNC_MAX_DURATION_MS / 1000} s; longer recordings are async jobs (POST /v1/jobs with endpoint "animate"). ` +
            `A recording counts one render per started ${MS_PER_RENDER / 1000} s of video.`,
          ok: "The video (default) or its metadata (`response=json`).",
        },
        post: {
          summary: "Record a page or HTML (parameters as a JSON body)",
          description:
            "The same recording as GET with the parameters as one JSON object (`steps` as an array, `html` for your own page), validated by the same schema.",
          ok: "The video (default) or its metadata (`response=json`).",
        },
      }),
    },
  };
}
