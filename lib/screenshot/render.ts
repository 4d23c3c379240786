/**
 * A screenshot render: a fresh page from lib/browser and the capture on it.
 */
import "server-only";
import { type Deadline, withPage } from "@/lib/browser";
import type { RenderOutput } from "@/lib/results";
import { capture } from "./capture";
import type { CapturePlan } from "./plan";

/** `account`: whose render it is, for fair sharing of the render slots (D17). */
export async function renderScreenshot(plan: CapturePlan, deadline: Deadline, account?: string): Promise<RenderOutput & { contentType: string }> {
  const output = await withPage(deadline, (session) => capture(session, plan), { account });
  return {
    bytes: output.bytes,
    contentType: output.contentType,
    width: output.width,
    height: output.height,
    ...(output.pages !== undefined ? { pages: output.pages } : {}),
    ...(output.dialogs || output.blockedRequests ? { details: { ...output.dialogs, ...(output.blockedRequests ? { blockedRequests: output.blockedRequests } : {}) } } : {}),
  };
}
