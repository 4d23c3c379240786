/** POST /v1/sessions/{id}/profile's parameters and the profile answers (D43), for the handlers and OpenAPI. Never a cookie or a value. */
import { z } from "zod";
import type { EndpointSpec } from "@/lib/api/context";
import { stringParam } from "@/lib/api/params";
import { PROFILE_NAME, PROFILE_NAME_RULE } from "@/lib/profiles/state";

export const profileSchema = z.object({
  name: z.string().describe("The profile's name in the workspace: what profile=<name> names."),
  origins: z.array(z.string()).describe("The origins whose local storage it holds."),
  cookieDomains: z.array(z.string()).describe("The domains its cookies are for."),
  createdAt: z.string().describe("When it was first saved (ISO 8601)."),
  updatedAt: z.string().describe("When it was last saved (ISO 8601)."),
});

export const profileListSchema = z.object({ profiles: z.array(profileSchema) });

export const profileNameParam = stringParam("name", {
  required: true,
  maxLength: 64,
  check: (v) => (PROFILE_NAME.test(v) ? null : `name: ${PROFILE_NAME_RULE}.`),
  description:
    "The profile's name in the workspace (1-64 letters, digits, dots, hyphens, underscores). Saving under a name that exists replaces that profile.",
  example: "acme-admin",
});

export const saveProfileParams = z.object({ name: profileNameParam });
export const SAVE_PROFILE_BODY_MAX_BYTES = 1024;

export const saveProfileEndpoint = {
  id: "sessions",
  params: saveProfileParams,
  extras: "reject",
  validate: () => undefined,
  jsonBody: { maxBytes: SAVE_PROFILE_BODY_MAX_BYTES },
} as const satisfies EndpointSpec<typeof saveProfileParams, undefined>;
