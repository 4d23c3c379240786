/** Saved logins (D43) in the OpenAPI document, beside /v1/sessions (their endpoint id is "sessions"). */
import { jsonBodySchema, pathIdParameter } from "@/lib/api/openapi/params";
import { errorResponses, jsonRequestBody, KEY_ERRORS, RATE_HEADERS } from "@/lib/api/openapi/responses";
import type { EndpointDoc, Parameter, Response, Schema } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { sessionsDoc } from "./openapi";
import { recordingDoc } from "./recording-openapi";
import { profileListSchema, profileSchema, SAVE_PROFILE_BODY_MAX_BYTES, saveProfileParams } from "./profile-schema";

const ERRORS: readonly ErrorCode[] = [...KEY_ERRORS, "unknown_parameter", "rate_limited", "internal_error"];

const nameParameter: Parameter = {
  ...pathIdParameter("The profile's name.", "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"),
  name: "name",
};
const sessionParameter: Parameter = pathIdParameter("The live session's id.", "^bs_[A-Za-z0-9_-]{16}$");

function answer(description: string, schema: string): Response {
  const ref: Schema = { $ref: `#/components/schemas/${schema}` };
  return { description, headers: RATE_HEADERS, content: { "application/json": { schema: ref } } };
}

function profilesDoc(): EndpointDoc {
  const tags = ["Browser sessions"];
  return {
    tags: [],
    schemas: { BrowserProfile: zodSchema(profileSchema), BrowserProfileList: zodSchema(profileListSchema) },
    paths: {
      "/v1/sessions/{id}/profile": {
        post: {
          operationId: "saveSessionProfile",
          tags,
          summary: "Save a live session's login (cookies and local storage) as a named profile",
          description:
            "Cookies of every site the session visited and the local storage of the origins its pages show now, sealed at rest. Renders start from it with profile=<name>. Saving under an existing name replaces it.",
          parameters: [sessionParameter],
          requestBody: jsonRequestBody(jsonBodySchema(saveProfileParams, SAVE_PROFILE_BODY_MAX_BYTES)),
          responses: {
            "201": answer("The profile (never its contents).", "BrowserProfile"),
            ...errorResponses([
              ...ERRORS,
              "invalid_parameter",
              "missing_parameter",
              "session_not_found",
              "session_not_live",
              "profile_limit",
              "profile_too_large",
            ]),
          },
        },
      },
      "/v1/profiles": {
        get: {
          operationId: "listProfiles",
          tags,
          summary: "The workspace's saved profiles: names, dates, origins and cookie domains, never values",
          responses: { "200": answer("The profiles.", "BrowserProfileList"), ...errorResponses(ERRORS) },
        },
      },
      "/v1/profiles/{name}": {
        get: {
          operationId: "getProfile",
          tags,
          summary: "A saved profile (never its contents)",
          parameters: [nameParameter],
          responses: {
            "200": answer("The profile.", "BrowserProfile"),
            ...errorResponses([...ERRORS, "profile_not_found"]),
          },
        },
        delete: {
          operationId: "deleteProfile",
          tags,
          summary: "Delete a saved profile",
          parameters: [nameParameter],
          responses: {
            "204": { description: "Deleted.", headers: RATE_HEADERS },
            ...errorResponses([...ERRORS, "profile_not_found"]),
          },
        },
      },
    },
  };
}

/** /v1/sessions, the profiles saved from sessions and recorded sessions' files: one endpoint id's part of the document. */
export function sessionsAndProfilesDoc(appUrl: string): EndpointDoc {
  const sessions = sessionsDoc(appUrl);
  const profiles = profilesDoc();
  const recording = recordingDoc();
  return {
    tags: sessions.tags,
    schemas: { ...sessions.schemas, ...profiles.schemas },
    paths: { ...sessions.paths, ...profiles.paths, ...recording.paths },
  };
}
