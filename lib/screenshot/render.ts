/**
 * A screenshot render: a fresh page from lib/browser and the capture on it.
 */
import "server-only";
import { type Deadline, withPage } from "@/lib/browser";
import type { RenderOutput } from "@/lib/results";
import { capture } from "./capture";
import type { CapturePlan } from "./plan";

export async function renderScreenshot(plan: CapturePlan, deadline: Deadline): Promise<RenderOutput & { contentType: string }> {
  const output = await withPage(deadline, (session) => capture(session, plan));
  return {
    bytes: output.bytes,
    contentType: output.contentType,
    width: output.width,
    height: output.height,
    ...(output.pages !== undefined ? { pages: output.pages } : {}),
    ...(output.dialogs ? { details: output.dialogs } : {}),
  };
}
