/**
 * The render job every page endpoint shares (D34): the page layer's part of serving a render.
 */
import "server-only";
import { createHash } from "node:crypto";
import type { ApiContext } from "@/lib/api/context";
import { Deadline } from "@/lib/browser";
import { pinProxyUrl } from "@/lib/net/proxy/address";
import { assertEarlyTarget } from "@/lib/net/proxy/target";
import type { RenderJob, RenderOutput } from "@/lib/results";
import type { PagePlan } from "./page-plan";

/**
 * What the render job of every page endpoint (screenshot, content and recording, D24, D26) fills
 * the same way, `render` being the endpoint's own render of the page.
 *
 * The deadline runs from the request's arrival for the plan's timeout (D10), and the render keeps
 * it: a page that never finishes holds a browser slot no longer than the caller allowed. The
 * signal stops it earlier if nobody waits any more. A page given as html is named by its hash
 * (D19): the JSON answer never repeats the page. Resolving the host (D9) is for a render: a HIT
 * serves what was public when it was captured. html has no address of its own; what it loads
 * meets the guard like any page's subresources. fresh and cacheTtl are the caller's (D19).
 */
export function pageRenderJob(
  ctx: Pick<ApiContext<{ fresh?: boolean; cacheTtl?: number }>, "params" | "receivedAt" | "caller">,
  plan: { timeoutMs: number; page: Pick<PagePlan, "url" | "html" | "request"> },
  render: (deadline: Deadline, account: string) => Promise<RenderOutput>,
): Pick<RenderJob, "deadline" | "prepare" | "render" | "fresh" | "ttlSeconds"> & { describe: Record<string, string> } {
  const { page, timeoutMs } = plan;
  const deadline = new Deadline(timeoutMs, ctx.receivedAt);
  return {
    deadline: deadline.at,
    describe:
      page.html !== undefined
        ? { htmlSha256: createHash("sha256").update(page.html).digest("hex") }
        : { url: page.url },
    prepare: async () => {
      const proxy = page.request.proxy;
      // D41: a clean 400 before the charge for a proxy refused by the boundary.
      if (proxy !== undefined) await deadline.race(pinProxyUrl(proxy));
      if (page.html === undefined)
        await deadline.race(assertEarlyTarget(page.url, { workspaceId: ctx.caller.userId, proxy }));
    },
    render: (signal) => render(new Deadline(timeoutMs, ctx.receivedAt, signal), ctx.caller.userId),
    fresh: ctx.params.fresh,
    ttlSeconds: ctx.params.cacheTtl,
  };
}
