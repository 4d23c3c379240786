/**
 * The job types (D20, D31): the render endpoints an async job can run, named by `endpoint` in a
 * job request. Client-safe, for the schema, the docs and OpenAPI. What runs each type — its
 * endpoint spec and handler — is `JOB_RUNNERS` (lib/jobs/runners.ts) and its `params` in the
 * OpenAPI document `JOB_PARAMS_DOCS` (lib/jobs/openapi.ts): both are keyed by every type here, so
 * a type added here fails to compile until it has a runner and a description.
 */
import type { RenderEndpointId } from "@/lib/endpoints";

export const JOB_TYPES = ["screenshot", "og", "content", "animate"] as const satisfies readonly RenderEndpointId[];

export type JobType = (typeof JOB_TYPES)[number];

export function isJobType(value: unknown): value is JobType {
  return (JOB_TYPES as readonly unknown[]).includes(value);
}
