"use server";
/**
 * The dashboard's monitor actions (D27): create, pause, resume, run now, delete. Written with
 * `dashboardAction`, each acts for the signed-in account only and goes through the API's own
 * validation (the schema, the validate step, the plan gates) and service, so a form can do no
 * more than POST /v1/monitors can.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { enforcePlanGates } from "@/lib/api/gates";
import { parseQuery } from "@/lib/api/query";
import { inWorkspace } from "@/lib/vocabulary/workspace-scope";
import { checkbox, dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import type { CurrentWorkspace } from "@/lib/auth/workspace";
import { createMonitorEndpoint, updateMonitorEndpoint } from "./endpoint";
import { monitorParams } from "./params";
import { createMonitorFor, deleteMonitorFor, monitorNotFound, runMonitorNow, updateMonitorFor } from "./service";
import { findMonitor } from "./store";

export type MonitorFormState =
  { status: "idle" } | { status: "created"; id: string } | { status: "error"; message: string };
export type MonitorActionState =
  { status: "idle" } | { status: "done"; message: string } | { status: "error"; message: string };

const what = "monitors";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "monitors.write" as const;

// The workspace acted for pays and owns (D28).
const callerOf = (workspace: CurrentWorkspace): Caller => ({
  userId: workspace.id,
  plan: workspace.plan,
  apiKeyId: null,
});

/** A monitor in the audit log (D28): its name and the host it watches, not the full URL (it may carry a token). */
const described = (monitor: { name: string | null; url: string }) => ({
  name: monitor.name,
  host: URL.parse(monitor.url)?.host ?? null,
});

/** The form's fields, named as the API's query parameters (the API's schema checks them). */
const trimmed = text(z.string().trim());
const monitorForm = z.object({
  url: trimmed,
  name: trimmed,
  interval: trimmed,
  ignoreSelectors: trimmed,
  webhookUrl: trimmed,
  width: trimmed,
  height: trimmed,
  thresholdPercent: trimmed,
  fullPage: checkbox(),
  emailMe: checkbox(),
});

export const createMonitorAction = dashboardAction(
  { what, permission, audit: "monitor.created", input: monitorForm, refused: refuseWithError },
  async ({
    workspace,
    audit,
    input: { thresholdPercent, fullPage, emailMe, ...fields },
  }): Promise<MonitorFormState> => {
    const caller = callerOf(workspace);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) if (value !== "") query.set(name, value);
    if (thresholdPercent !== "") query.set("threshold", String(Number(thresholdPercent) / 100));
    if (fullPage) query.set("fullPage", "true");
    if (emailMe && workspace.user.email) query.set("email", workspace.user.email);
    try {
      // The workspace's connectors' origins pass the schema's early check for it (D42).
      const { params, given } = inWorkspace(workspace.id, () => parseQuery(query, monitorParams, { extras: "reject" }));
      const change = await createMonitorEndpoint.validate(params, { given, caller, extras: {} });
      enforcePlanGates(createMonitorEndpoint, params, given, caller.plan);
      const { monitor } = await createMonitorFor(caller, change);
      await audit("monitor.created", monitor.id, described(monitor));
      revalidatePath("/dashboard/monitors");
      return { status: "created", id: monitor.id };
    } catch (error) {
      if (error instanceof ApiError) return { status: "error", message: error.message };
      throw error;
    }
  },
);

/** Pause, resume, run now or delete the monitor named by the form's `id`. */
export const monitorAction = dashboardAction(
  {
    what,
    permission,
    audit: ["monitor.run", "monitor.paused", "monitor.resumed", "monitor.deleted"],
    input: z.object({ id: text(), op: text() }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { id, op } }): Promise<MonitorActionState> => {
    const caller = callerOf(workspace);
    try {
      const monitor = id === "" ? undefined : await findMonitor(id, caller.userId);
      if (!monitor) throw monitorNotFound();
      let message: string;
      let recorded: "monitor.run" | "monitor.paused" | "monitor.resumed" | "monitor.deleted";
      if (op === "run") {
        await runMonitorNow(monitor);
        message = "Run asked for: it shows below in a few seconds.";
        recorded = "monitor.run";
      } else if (op === "pause" || op === "resume") {
        const query = new URLSearchParams({ paused: op === "pause" ? "true" : "false" });
        const { params, given } = parseQuery(query, monitorParams, { extras: "reject" });
        const change = await updateMonitorEndpoint.validate(params, { given, caller, extras: {} });
        await updateMonitorFor(caller, monitor, change);
        message = op === "pause" ? "Paused." : "Resumed.";
        recorded = op === "pause" ? "monitor.paused" : "monitor.resumed";
      } else if (op === "delete") {
        await deleteMonitorFor(caller, monitor);
        message = "Deleted.";
        recorded = "monitor.deleted";
      } else {
        return { status: "error", message: "Unknown action." };
      }
      await audit(recorded, monitor.id, described(monitor));
      revalidatePath("/dashboard/monitors");
      revalidatePath(`/dashboard/monitors/${monitor.id}`);
      return { status: "done", message };
    } catch (error) {
      if (error instanceof ApiError) return { status: "error", message: error.message };
      throw error;
    }
  },
);
