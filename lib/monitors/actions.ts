"use server";
/**
 * The dashboard's monitor actions (D27): create, pause, resume, run now, delete. Each re-checks the
 * origin (CSRF) and the session, acts for the signed-in account only, and goes through the API's
 * own validation (the schema, the validate step, the plan gates) and service, so a form can do no
 * more than POST /v1/monitors can.
 */
import { revalidatePath } from "next/cache";
import type { Caller } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { enforcePlanGates } from "@/lib/api/gates";
import { parseQuery } from "@/lib/api/query";
import { actionUser } from "@/lib/auth/action-user";
import { createMonitorEndpoint, updateMonitorEndpoint } from "./endpoint";
import { monitorParams } from "./params";
import { createMonitorFor, deleteMonitorFor, monitorNotFound, runMonitorNow, updateMonitorFor } from "./service";
import { findMonitor } from "./store";

export type MonitorFormState =
  { status: "idle" } | { status: "created"; id: string } | { status: "error"; message: string };
export type MonitorActionState =
  { status: "idle" } | { status: "done"; message: string } | { status: "error"; message: string };

async function signedInCaller(): Promise<{ caller: Caller; email: string | null } | { error: string }> {
  const who = await actionUser("monitors");
  if ("error" in who) return who;
  return { caller: { userId: who.user.id, plan: who.user.plan, apiKeyId: null }, email: who.user.email ?? null };
}

const FORM_FIELDS = ["url", "name", "interval", "ignoreSelectors", "webhookUrl", "width", "height"] as const;

export async function createMonitorAction(_prev: MonitorFormState, formData: FormData): Promise<MonitorFormState> {
  const who = await signedInCaller();
  if ("error" in who) return { status: "error", message: who.error };
  const query = new URLSearchParams();
  for (const name of FORM_FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") query.set(name, value.trim());
  }
  const percent = formData.get("thresholdPercent");
  if (typeof percent === "string" && percent.trim() !== "") query.set("threshold", String(Number(percent) / 100));
  if (formData.get("fullPage") === "on") query.set("fullPage", "true");
  if (formData.get("emailMe") === "on" && who.email) query.set("email", who.email);
  try {
    const { params, given } = parseQuery(query, monitorParams, { extras: "reject" });
    const change = await createMonitorEndpoint.validate(params, { given, caller: who.caller, extras: {} });
    enforcePlanGates(createMonitorEndpoint, params, given, who.caller.plan);
    const { monitor } = await createMonitorFor(who.caller, change);
    revalidatePath("/dashboard/monitors");
    return { status: "created", id: monitor.id };
  } catch (error) {
    if (error instanceof ApiError) return { status: "error", message: error.message };
    throw error;
  }
}

/** Pause, resume, run now or delete the monitor named by the form's `id`. */
export async function monitorAction(_prev: MonitorActionState, formData: FormData): Promise<MonitorActionState> {
  const who = await signedInCaller();
  if ("error" in who) return { status: "error", message: who.error };
  const id = formData.get("id");
  const op = formData.get("op");
  try {
    const monitor = typeof id === "string" ? await findMonitor(id, who.caller.userId) : undefined;
    if (!monitor) throw monitorNotFound();
    let message: string;
    if (op === "run") {
      await runMonitorNow(monitor);
      message = "Run asked for: it shows below in a few seconds.";
    } else if (op === "pause" || op === "resume") {
      const query = new URLSearchParams({ paused: op === "pause" ? "true" : "false" });
      const { params, given } = parseQuery(query, monitorParams, { extras: "reject" });
      const change = await updateMonitorEndpoint.validate(params, { given, caller: who.caller, extras: {} });
      await updateMonitorFor(who.caller, monitor, change);
      message = op === "pause" ? "Paused." : "Resumed.";
    } else if (op === "delete") {
      await deleteMonitorFor(who.caller, monitor);
      message = "Deleted.";
    } else {
      return { status: "error", message: "Unknown action." };
    }
    revalidatePath("/dashboard/monitors");
    revalidatePath(`/dashboard/monitors/${monitor.id}`);
    return { status: "done", message };
  } catch (error) {
    if (error instanceof ApiError) return { status: "error", message: error.message };
    throw error;
  }
}
