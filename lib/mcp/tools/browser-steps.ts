/** The steps the browsing tools share (D43): their arguments, acting on an element, the page after. */
import "server-only";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { Page } from "puppeteer-core";
import { assertPublicTarget } from "@/lib/net/target";
import type { DrivenSession } from "@/lib/sessions/driven";
import { refSelector, snapshot } from "@/lib/sessions/snapshot";
import { ApiError } from "@/lib/vocabulary/errors";
import type { JsonSchemaObject } from "../schema";

/** How long one step may wait for the page (navigation, an element, the network to settle). */
const STEP_MS = 30_000;
export const SESSION_ID = { type: "string", description: "The sessionId browser_open answered." } as const;
export const REF = { type: "string", description: "An element reference from browser_snapshot, e.g. e12." } as const;
export const ACTS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: true };
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: true };

export function schema(properties: Record<string, unknown>, required: string[]): JsonSchemaObject {
  return { type: "object", properties, required, additionalProperties: false } as JsonSchemaObject;
}

export function text(args: Record<string, unknown>, name: string, o: { max: number; optional?: boolean }): string {
  const value = args[name];
  if (value === undefined && o.optional) return "";
  if (typeof value !== "string" || (!o.optional && value === ""))
    throw new ApiError("invalid_parameter", `${name} must be a non-empty string.`, { param: name });
  if (value.length > o.max)
    throw new ApiError("invalid_parameter", `${name} must be at most ${o.max} characters.`, { param: name });
  return value;
}

export function element(page: Page, args: Record<string, unknown>) {
  const ref = text(args, "ref", { max: 16 });
  const selector = refSelector(ref);
  if (!selector) throw new ApiError("invalid_parameter", "ref must be a reference such as e12.", { param: "ref" });
  return page.locator(selector).setTimeout(5_000);
}

/** After an action: let a navigation or requests it started settle, then show the page as it is now. */
export async function after(s: DrivenSession): Promise<CallToolResult> {
  await s.page.waitForNetworkIdle({ idleTime: 300, timeout: 5_000 }).catch(() => {});
  return { content: [{ type: "text", text: await snapshot(s.page) }] };
}

/** An element reference that names nothing any more is the agent's to fix: a 400-like tool error, not a crash. */
export async function act(s: DrivenSession, ref: string, step: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    await step();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      "selector_not_found",
      `No element ${ref} to act on: the page changed. Call browser_snapshot for fresh references.`,
      { param: "ref" },
    );
  }
  return after(s);
}

export async function navigate(page: Page, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError("invalid_parameter", "url must be an absolute http or https URL.", { param: "url" });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new ApiError("invalid_parameter", "url must be an http or https URL.", { param: "url" });
  // The clear early refusal (D9); the guard proxy refuses whatever the page itself loads.
  await assertPublicTarget(parsed.href);
  try {
    await page.goto(parsed.href, { waitUntil: "load", timeout: STEP_MS });
  } catch (error) {
    throw new ApiError("target_unreachable", `The page did not load: ${(error as Error).message.slice(0, 200)}`, {
      param: "url",
    });
  }
}
