/**
 * POST /v1/monitors and PATCH /v1/monitors/{id} as the pipeline sees them (D27). The validate step
 * makes every 400 of the fields given — the capture options through the screenshot's planner, the
 * schedule, the webhook URL and the page's address under D9, the e-mail rule — and then the plan's
 * schedule limit (403, after every 400, D2). The count limit is the handler's, under a row lock.
 */
import type { EndpointSpec } from "@/lib/api/context";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { noParamsEndpoint } from "@/lib/api/no-params";
import { planComparisonCapture } from "@/lib/diff/capture-options";
import { assertEarlyTarget } from "@/lib/net/proxy/target";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { assertWebhookUrl } from "@/lib/webhooks/url";
import { MONITOR_BODY_MAX_BYTES, monitorParams, type MonitorParams } from "./params";
import { cronProblem, minimumIntervalSeconds, type Schedule, shortestGapSeconds } from "./schedule-rules";
import { ownerEmail } from "./store";

export interface MonitorChange {
  params: MonitorParams;
  given: ReadonlySet<string>;
}

/** The schedule the fields given name, if they name one. */
export function givenSchedule(params: MonitorParams, given: ReadonlySet<string>): Schedule | undefined {
  if (given.has("cron") && params.cron !== undefined) return { cron: params.cron.trim() };
  if (given.has("interval") && params.interval !== undefined) return { interval: params.interval };
  return undefined;
}

/** A schedule more frequent than the plan allows is the plan's 403, naming the plan that allows it. */
export function enforceScheduleLimit(schedule: Schedule, caller: Caller): void {
  const gap = shortestGapSeconds(schedule);
  const minimum = minimumIntervalSeconds(caller.plan);
  if (gap >= minimum) return;
  const param = "cron" in schedule ? "cron" : "interval";
  const needed = PLAN_IDS.find((id) => gap >= minimumIntervalSeconds(id));
  throw new ApiError(
    "plan_upgrade_required",
    `Runs ${Math.round(gap)} s apart are below the ${PLANS[caller.plan].name} plan's minimum of ${minimumIntervalSeconds(caller.plan)} s between runs${needed ? `; the ${PLANS[needed].name} plan allows it` : ""}.`,
    { param },
  );
}

/**
 * A monitor's page as its runs' renders judge it (D41, D42): through the monitor's own proxy, which
 * resolves the page's name, only what needs no DNS; without one, an origin the workspace's
 * connector declared passes for that workspace; anything else must resolve to public addresses.
 */
export async function assertMonitorTarget(url: string, proxy: string | undefined, caller: Caller): Promise<void> {
  await assertEarlyTarget(url, { workspaceId: caller.userId, proxy });
}

async function validateChange(params: MonitorParams, given: ReadonlySet<string>, caller: Caller, creating: boolean) {
  if (creating && params.url === undefined)
    throw new ApiError("missing_parameter", "url is required: the page to watch.", { param: "url" });
  if (given.has("interval") && given.has("cron") && params.interval !== undefined && params.cron !== undefined)
    throw new ApiError("invalid_parameter", "Give interval or cron, not both.", { param: "cron" });
  if (params.cron !== undefined) {
    const problem = cronProblem(params.cron);
    if (problem) throw new ApiError("invalid_parameter", problem, { param: "cron" });
  }
  // The capture options, planned as a capture of the page would be (their 400s); a change that
  // keeps the page plans them against a stand-in address.
  planComparisonCapture(params.url ?? "https://example.com/", params, given, params.ignoreSelectors);
  if (params.email !== undefined) {
    const own = await ownerEmail(caller.userId);
    if (!own || own.toLowerCase() !== params.email.trim().toLowerCase())
      throw new ApiError(
        "invalid_parameter",
        "email must be this account's own sign-in address: alerts go only to an address the account has proved it holds.",
        { param: "email" },
      );
  }
  if (params.webhookUrl !== undefined) await assertWebhookUrl(params.webhookUrl, "webhookUrl");
  // Checked now as a run's render will check it, so a page it would refuse is a 400 at once (D9);
  // every run checks it again. A change that gives the url without the proxy is checked by the
  // service, which knows the proxy the monitor keeps (updateMonitorFor).
  if (params.url !== undefined && (creating || given.has("proxy")))
    await assertMonitorTarget(params.url, params.proxy, caller);
  const schedule = givenSchedule(params, given);
  if (schedule) enforceScheduleLimit(schedule, caller);
}

export const createMonitorEndpoint = {
  id: "monitors",
  params: monitorParams,
  extras: "reject",
  keyEndpoint: "screenshot",
  jsonBody: { maxBytes: MONITOR_BODY_MAX_BYTES },
  validate: async (params, { given, caller }) => {
    await validateChange(params, given, caller, true);
    return { params, given };
  },
  targetHost: (params) => (params.url ? new URL(params.url).host : undefined),
} as const satisfies EndpointSpec<typeof monitorParams, MonitorChange>;

export const updateMonitorEndpoint = {
  ...createMonitorEndpoint,
  validate: async (params, { given, caller }) => {
    await validateChange(params, given, caller, false);
    return { params, given };
  },
} as const satisfies EndpointSpec<typeof monitorParams, MonitorChange>;

/** GET and DELETE /v1/monitors/{id}, its run and runs, and the list: no parameters. */
export const monitorReadEndpoint = { ...noParamsEndpoint("monitors"), keyEndpoint: "screenshot" as const };
