/**
 * A monitor's capture options (D27): kept as the typed values given (headers and cookies sealed
 * apart, lib/secrets/sealed.ts), and turned back into a comparison's capture when a run starts —
 * through the screenshot's own planner and plan gates, with the account's plan of that moment, so
 * a run of an account that moved down fails with the 403 a request would get.
 */
import "server-only";
import { z } from "zod";
import { enforcePlanGates } from "@/lib/api/gates";
import { withProfile } from "@/lib/page/profile";
import { captureOptionParams, type ComparisonCapture, planComparisonCapture } from "@/lib/diff/capture-options";
import type { PlanId } from "@/lib/plans";
import { seal, unseal } from "@/lib/secrets/sealed";
import type { MonitorRow } from "./store";

const SEALED_PURPOSE = "glance-monitor-capture-secrets-v1";
const SECRET_OPTIONS = ["headers", "cookies", "proxy"] as const;

const captureOptionsSchema = z.object(captureOptionParams);
const CAPTURE_OPTIONS = new Set(Object.keys(captureOptionParams));

/** The given capture options of a request, split into what is stored plainly and what is sealed. */
export async function storedCapture(
  params: Record<string, unknown>,
  given: ReadonlySet<string>,
  ownerId: string,
  previous?: Pick<MonitorRow, "capture" | "capture_secrets">,
): Promise<{ capture: Record<string, unknown>; captureSecrets: string | null }> {
  const capture = { ...previous?.capture };
  const secrets = previous ? await unsealed({ ...previous, user_id: ownerId }) : {};
  for (const name of given) {
    if (!CAPTURE_OPTIONS.has(name)) continue;
    const target = (SECRET_OPTIONS as readonly string[]).includes(name) ? secrets : capture;
    if (params[name] === undefined) delete target[name];
    else target[name] = params[name];
  }
  const sealed = Object.keys(secrets).length > 0 ? await seal(JSON.stringify(secrets), SEALED_PURPOSE, ownerId) : null;
  return { capture, captureSecrets: sealed };
}

async function unsealed(monitor: Pick<MonitorRow, "capture_secrets" | "user_id">): Promise<Record<string, unknown>> {
  if (!monitor.capture_secrets) return {};
  return JSON.parse(await unseal(monitor.capture_secrets, SEALED_PURPOSE, monitor.user_id)) as Record<string, unknown>;
}

/** The customer's proxy a monitor keeps sealed (D41), if it has one. */
export async function keptProxy(monitor: MonitorRow): Promise<string | undefined> {
  const { proxy } = await unsealed(monitor);
  return typeof proxy === "string" ? proxy : undefined;
}

/** The names of the sealed options a monitor has (never their values, D19). */
export async function sealedOptionNames(monitor: MonitorRow): Promise<string[]> {
  return Object.keys(await unsealed(monitor));
}

/** The capture a run makes now: planned, gated by the account's plan now, fresh (never the cache). */
export async function runCapture(monitor: MonitorRow, plan: PlanId): Promise<ComparisonCapture> {
  const options = { ...monitor.capture, ...(await unsealed(monitor)) };
  const given = new Set(Object.keys(options));
  enforcePlanGates({ id: "monitors", params: captureOptionsSchema }, options, given, plan);
  const capture = planComparisonCapture(monitor.url, options, given, monitor.ignore_selectors ?? undefined);
  // A saved login (profile=, D43) is read at each run: a run uses the profile as last saved.
  const profile = typeof options.profile === "string" ? options.profile : undefined;
  return {
    params: { ...capture.params, fresh: true },
    plan: await withProfile(capture.plan, profile, monitor.user_id),
  };
}
