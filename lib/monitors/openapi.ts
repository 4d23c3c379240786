/**
 * The /v1/monitors operations of the OpenAPI document (D27, D31), declared beside the endpoints and
 * built from their own schema (lib/monitors/params.ts) and answer shapes (lib/monitors/schema.ts).
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { jsonBodySchema, pathIdParameter } from "@/lib/api/openapi/params";
import {
  errorResponses,
  jsonRequestBody,
  KEY_ERRORS,
  PAGE_REQUEST_ERRORS,
  RATE_HEADERS,
} from "@/lib/api/openapi/responses";
import type { EndpointDoc, Header, Parameter, Response, Schema } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { MONITOR_BODY_MAX_BYTES, monitorParams } from "./params";
import { monitorResponseSchema, runResponseSchema } from "./schema";

/** Creating or changing a monitor: its 400s, the plan's 403s, and the count limit. */
const WRITE_ERRORS: readonly ErrorCode[] = [
  ...PAGE_REQUEST_ERRORS,
  "plan_upgrade_required",
  "endpoint_not_allowed",
  "monitor_limit_reached",
  "monitor_not_found",
  "rate_limited",
  "internal_error",
];
const READ_ERRORS: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "endpoint_not_allowed",
  "monitor_not_found",
  "rate_limited",
  "internal_error",
];

const idParameter: Parameter = pathIdParameter("The monitor's id.", "^mon_[a-z0-9]{24}$");

function answer(description: string, schema: Schema, headers: Record<string, Header> = {}): Response {
  return {
    description,
    headers: { ...RATE_HEADERS, ...headers },
    content: { "application/json": { schema } },
  };
}

export function monitorsDoc(appUrl: string): EndpointDoc {
  const tags = ["Visual diffs and monitors"];
  const externalDocs = { url: `${appUrl}/docs/monitors` };
  const body = jsonRequestBody(jsonBodySchema(monitorParams, MONITOR_BODY_MAX_BYTES));
  const monitor: Schema = { $ref: "#/components/schemas/Monitor" };
  const run: Schema = { $ref: "#/components/schemas/MonitorRun" };
  const paths: EndpointDoc["paths"] = {
    "/v1/monitors": {
      post: {
        operationId: "createMonitor",
        tags,
        externalDocs,
        summary: "Watch a page: capture it on a schedule and alert when it changes",
        description:
          "Validates like /v1/diff (its capture options, the page's address) plus the schedule against the plan's minimum interval and the plan's number of monitors. Answers 201 with the monitor and its first run, asked for at once to take the baseline.",
        requestBody: body,
        responses: { "201": answer("The monitor.", monitor), ...errorResponses(WRITE_ERRORS) },
      },
      get: {
        operationId: "listMonitors",
        tags,
        summary: "The account's monitors",
        responses: {
          "200": answer("Every monitor of the account, newest first.", {
            type: "object",
            properties: { monitors: { type: "array", items: monitor } },
          }),
          ...errorResponses(READ_ERRORS),
        },
      },
    },
    "/v1/monitors/{id}": {
      get: {
        operationId: "getMonitor",
        tags,
        summary: "A monitor, with its baseline's URL",
        description: "Only the caller's account's monitors: any other id is 404 monitor_not_found.",
        parameters: [idParameter],
        responses: { "200": answer("The monitor.", monitor), ...errorResponses(READ_ERRORS) },
      },
      patch: {
        operationId: "updateMonitor",
        tags,
        summary: "Change a monitor (only the fields given), pause or resume it",
        parameters: [idParameter],
        requestBody: body,
        responses: { "200": answer("The monitor as changed.", monitor), ...errorResponses(WRITE_ERRORS) },
      },
      delete: {
        operationId: "deleteMonitor",
        tags,
        summary: "Delete a monitor with its baseline and runs",
        parameters: [idParameter],
        responses: { "204": { description: "Deleted.", headers: RATE_HEADERS }, ...errorResponses(READ_ERRORS) },
      },
    },
    "/v1/monitors/{id}/run": {
      post: {
        operationId: "runMonitor",
        tags,
        summary: "Run a monitor now (paused or not)",
        description: "A fresh capture compared with the baseline, as a scheduled run; counts one render.",
        parameters: [idParameter],
        responses: { "202": answer("The run, queued.", run), ...errorResponses(READ_ERRORS) },
      },
    },
    "/v1/monitors/{id}/runs": {
      get: {
        operationId: "listMonitorRuns",
        tags,
        summary: "A monitor's runs, newest first (the latest 100)",
        parameters: [idParameter],
        responses: {
          "200": answer("The runs.", {
            type: "object",
            properties: { monitorId: { type: "string" }, runs: { type: "array", items: run } },
          }),
          ...errorResponses(READ_ERRORS),
        },
      },
    },
  };
  return {
    tags: [
      {
        name: "Visual diffs and monitors",
        description: "Compare a page with another or with a stored image; watch a page on a schedule.",
      },
    ],
    schemas: { Monitor: zodSchema(monitorResponseSchema), MonitorRun: zodSchema(runResponseSchema) },
    paths,
  };
}
