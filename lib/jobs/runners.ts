/**
 * What runs each job type (D20, D31): the render endpoint's own spec (schema, validate step,
 * plan gates) and handler, the same ones its route uses, so nothing about rendering is written
 * twice. Keyed by every job type (lib/jobs/types.ts): a type without a runner fails to compile.
 */
import "server-only";
import type { z } from "zod";
import type { EndpointSpec, Handler } from "@/lib/api/context";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";
import { animateJobEndpoint } from "@/lib/animate/endpoint";
import { handleAnimate } from "@/lib/animate/handler";
import { ogEndpoint } from "@/lib/og/endpoint";
import { handleOg } from "@/lib/og/handler";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";
import { handleScreenshot } from "@/lib/screenshot/handler";
import { ASYNC_ANIMATE_TIMEOUT, ASYNC_TIMEOUT_MAX_MS } from "./params";
import type { JobType } from "./types";

/** How long a job may take: its `timeout` range, and what it gets when none is given (else the endpoint's own default). */
interface AsyncTimeout {
  maxMs: number;
  defaultMs?: number;
}

/** A runner as the job code sees it: a job's parameters are only known at run time. */
export interface JobRunner {
  spec: EndpointSpec;
  handler: Handler<z.output<z.ZodObject>, unknown>;
  /**
   * Present when the type may take longer as a job than synchronously (a screenshot's `timeout`
   * up to ASYNC_TIMEOUT_MAX_MS): puts the job's own limit into what validation computed.
   */
  withAsyncTimeout?: (validated: never, timeoutMs: number) => unknown;
  /** The job's `timeout` range when withAsyncTimeout is present. */
  asyncTimeout?: AsyncTimeout;
}

/** Checks that spec, handler and timeout hook agree on the parameters and the validated value. */
function runner<S extends z.ZodObject, V>(
  spec: EndpointSpec<S, V>,
  handler: Handler<z.output<S>, V>,
  longer?: { timeout: AsyncTimeout; apply: (validated: V, timeoutMs: number) => V },
): JobRunner {
  return {
    spec: spec as unknown as EndpointSpec,
    handler: handler as unknown as JobRunner["handler"],
    ...(longer
      ? { withAsyncTimeout: longer.apply as JobRunner["withAsyncTimeout"], asyncTimeout: longer.timeout }
      : {}),
  };
}

/** A plan whose render deadline is its `timeoutMs`: a job's own limit replaces the synchronous one. */
const withTimeout = <P extends { timeoutMs: number }>(plan: P, timeoutMs: number): P => ({ ...plan, timeoutMs });

export const JOB_RUNNERS: Record<JobType, JobRunner> = {
  screenshot: runner(screenshotEndpoint, handleScreenshot, {
    timeout: { maxMs: ASYNC_TIMEOUT_MAX_MS },
    apply: withTimeout,
  }),
  og: runner(ogEndpoint, handleOg),
  // A page read as data (D24) may take as long as a screenshot job: its plan is a capture plan.
  content: runner(contentEndpoint, handleContent, { timeout: { maxMs: ASYNC_TIMEOUT_MAX_MS }, apply: withTimeout }),
  // A recording as a job may be as long as the plan allows, not only SYNC_MAX_DURATION_MS (D26).
  animate: runner(animateJobEndpoint, handleAnimate, { timeout: ASYNC_ANIMATE_TIMEOUT, apply: withTimeout }),
};
