/**
 * GET, HEAD and POST /v1/animate in the OpenAPI document (D26, D31): the operations, the JSON
 * metadata and the error codes a recording can answer with, built from the endpoint's one schema.
 */
import type { ErrorCode } from "@/lib/api/errors";
import { jsonBodySchema, queryParameters } from "@/lib/api/openapi/params";
import {
  errorResponses,
  headOf,
  jsonRequestBody,
  KEY_OR_SIGNED_URL,
  NOT_MODIFIED,
  RENDER_FIELDS,
  RENDER_HEADERS,
  renderErrorCodes,
} from "@/lib/api/openapi/responses";
import {
  binaryContent,
  jsonContent,
  type EndpointDoc,
  type Operation,
  type Response,
  type Schema,
} from "@/lib/api/openapi/types";
import { formatLabels, formatsOf } from "@/lib/formats";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { PAGE_FIELDS, PAGE_SOURCE_FIELDS } from "@/lib/screenshot/openapi";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { ANIMATE_LIMITS, MS_PER_RENDER, SYNC_MAX_DURATION_MS } from "./limits";
import { animateParams } from "./params";

/** Every API code but the OG endpoint's own and those of the account, files and job endpoints. */
export const ANIMATE_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes(["template_not_found", "invalid_variable"]);

const LIMITS_TEXT = PLAN_IDS.map((id) => {
  const l = ANIMATE_LIMITS[id];
  return `${PLANS[id].name}: ${l.maxDurationMs / 1000} s, ${l.maxLongSide}×${l.maxShortSide}, ${l.maxFps} fps`;
}).join("; ");

/** The `response=json` answer of a recording (D7, D26). */
export const ANIMATION_METADATA_SCHEMA: Schema = {
  type: "object",
  required: ["imageUrl", "width", "height", "format", "size", "duration", "frames", "fps", "codec", "renders"],
  properties: {
    ...PAGE_SOURCE_FIELDS,
    ...RENDER_FIELDS,
    width: { type: "integer", description: "Video width in pixels." },
    height: { type: "integer", description: "Video height in pixels." },
    format: { type: "string", enum: [...formatsOf("animate")] },
    duration: { type: "integer", description: "Length of the video in milliseconds (frames ÷ fps)." },
    frames: { type: "integer", description: "Frames in the video, every one captured." },
    fps: { type: "integer", description: "Frames per second." },
    codec: { type: "string", enum: ["h264", "vp9", "gif"] },
    renders: {
      type: "integer",
      description: `What the recording counted against the monthly renders: one per started ${MS_PER_RENDER / 1000} s of video (nothing on a HIT).`,
    },
    ...PAGE_FIELDS,
  },
};

const animateOk = (description: string): Response => ({
  description,
  headers: { ...RENDER_HEADERS, "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" } },
  content: { ...binaryContent(formatsOf("animate")), ...jsonContent("AnimationMetadata") },
});

/** The body of POST /v1/animate, and the `params` of a recording job (D20). */
export const animateBodySchema = (): Schema => jsonBodySchema(animateParams, SCREENSHOT_BODY_MAX_BYTES);

export function animateDoc(appUrl: string): EndpointDoc {
  const get: Operation = {
    operationId: "recordAnimation",
    tags: ["Recordings"],
    summary: "Record a scroll video, a GIF or an interaction",
    description:
      `Loads \`url\` (or \`html\`) as a screenshot does and records it frame by frame as ${formatLabels("animate")}: scrolling from top to bottom (\`scenario=scroll\`) or performing \`steps\`. ` +
      `Limits per plan: ${LIMITS_TEXT}. A synchronous request records up to ${SYNC_MAX_DURATION_MS / 1000} s; longer recordings are async jobs (POST /v1/jobs with endpoint "animate"). ` +
      `A recording counts one render per started ${MS_PER_RENDER / 1000} s of video.`,
    externalDocs: { url: `${appUrl}/docs/animate` },
    parameters: queryParameters(animateParams),
    security: KEY_OR_SIGNED_URL,
    responses: {
      "200": animateOk("The video (default) or its metadata (`response=json`)."),
      "304": NOT_MODIFIED,
      ...errorResponses(ANIMATE_ERROR_CODES),
    },
  };
  return {
    tags: [{ name: "Recordings", description: "Record a page as a scroll video, a GIF or a recorded interaction." }],
    schemas: { AnimationMetadata: ANIMATION_METADATA_SCHEMA },
    paths: {
      "/v1/animate": {
        get,
        head: headOf(get, "recordAnimationHead"),
        post: {
          operationId: "recordAnimationFromBody",
          tags: ["Recordings"],
          summary: "Record a page or HTML (parameters as a JSON body)",
          description:
            "The same recording as GET with the parameters as one JSON object (`steps` as an array, `html` for your own page), validated by the same schema.",
          externalDocs: { url: `${appUrl}/docs/animate#post` },
          requestBody: jsonRequestBody(animateBodySchema()),
          responses: {
            "200": animateOk("The video (default) or its metadata (`response=json`)."),
            ...errorResponses(ANIMATE_ERROR_CODES),
          },
        },
      },
    },
  };
}
