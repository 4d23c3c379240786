/**
 * The browsing tools (D43, issue 45 point 4): an agent that does not speak CDP drives a live
 * browser session step by step — open, navigate, click, type, press, scroll, read (a Markdown
 * outline whose element references click and type take), look (a screenshot), save the login as a
 * profile, close. /mcp stays stateless (D25): browser_open answers a sessionId, and every later
 * call passes it; the session is a live session like a CDP client's (lib/sessions/driven.ts:
 * its row, plan limits, idle and maximum length, session-minutes, the guard on every request).
 * A call for a session another instance holds is forwarded to it (browser-relay.ts).
 */
import "server-only";
import { checkRateLimit } from "@/lib/api/rate-limit";
import { PROFILE_NAME, PROFILE_NAME_RULE } from "@/lib/profiles/state";
import { heldSession, openBrowsing, refuseUnlessLiveElsewhere } from "@/lib/sessions/driven";
import { saveSessionProfile } from "@/lib/sessions/profile-endpoint";
import { snapshot } from "@/lib/sessions/snapshot";
import { ApiError } from "@/lib/vocabulary/errors";
import { jsonText, type ToolContext } from "../call";
import { forwardStep, relayBrowsingStep, type SessionStep } from "./browser-relay";
import { act, ACTS, after, element, navigate, READS, REF, schema, SESSION_ID, text } from "./browser-steps";
import type { McpTool } from "./types";

/**
 * A tool on an open session: the account's rate window counts the call (D25), then its step runs
 * where the page is — here, or on the instance holding it — for the caller's workspace only.
 */
function sessionTool(tool: Omit<McpTool, "run">, step: SessionStep): McpTool {
  // What a call forwarded from another instance may run here (browser-relay.ts).
  relayBrowsingStep(tool.name, step);
  return { ...tool, run: (args, ctx) => reach(tool.name, step, args, ctx) };
}

async function reach(name: string, step: SessionStep, args: Record<string, unknown>, ctx: ToolContext) {
  await checkRateLimit(ctx.caller);
  const sessionId = text(args, "sessionId", { max: 64 });
  const held = heldSession(ctx.caller.userId, sessionId);
  if (held) return step(held, args);
  await refuseUnlessLiveElsewhere(ctx.caller.userId, sessionId);
  return forwardStep({ sessionId, tool: name, workspaceId: ctx.caller.userId, args });
}

const browserOpenTool: McpTool = {
  name: "browser_open",
  title: "Open a browser session",
  description:
    "Start a live browser session (a real Chromium page) and optionally load url. Answers sessionId: pass it to every other browser_* tool. Then browser_snapshot to read the page with element references, browser_click/browser_type/browser_press to act, browser_screenshot to look, browser_save_profile to keep a login for later renders (profile=), browser_close when done. Counts as one of the plan's concurrent sessions and is metered in session-minutes until closed or idle (session_limit when all are in use).",
  inputSchema: schema({ url: { type: "string", description: "A public http(s) page to load first." } }, []),
  annotations: ACTS,
  async run(args, ctx) {
    await checkRateLimit(ctx.caller);
    const url = text(args, "url", { max: 4096, optional: true });
    // Reachable from the other instances once opened, as every live session is (lib/sessions/relay.ts).
    const s = await openBrowsing(ctx.caller);
    if (url) {
      try {
        await navigate(s.page, url);
      } catch (error) {
        await s.bridge.end("client");
        throw error;
      }
    }
    return { content: [jsonText({ sessionId: s.id }), { type: "text", text: await snapshot(s.page) }] };
  },
};

const browserNavigateTool = sessionTool(
  {
    name: "browser_navigate",
    title: "Go to a page",
    description:
      "Load url in the session's page and answer the page's snapshot (Markdown outline with element references). Private and internal addresses are refused (private_address).",
    inputSchema: schema({ sessionId: SESSION_ID, url: { type: "string", description: "An http(s) URL." } }, [
      "sessionId",
      "url",
    ]),
    annotations: ACTS,
  },
  async (s, args) => {
    await navigate(s.page, text(args, "url", { max: 4096 }));
    return after(s);
  },
);

const browserClickTool = sessionTool(
  {
    name: "browser_click",
    title: "Click an element",
    description:
      "Click the element a browser_snapshot reference names (ref, e.g. e12), wait for what it starts (a navigation, requests) to settle, and answer the new snapshot.",
    inputSchema: schema({ sessionId: SESSION_ID, ref: REF }, ["sessionId", "ref"]),
    annotations: ACTS,
  },
  async (s, args) => {
    const target = element(s.page, args);
    return act(s, String(args.ref), () => target.click());
  },
);

const browserTypeTool = sessionTool(
  {
    name: "browser_type",
    title: "Type into a field",
    description:
      "Replace the value of the input, textarea or editable element ref names with text; submit=true presses Enter afterwards (submits most forms). Answers the new snapshot; a password field shows only that it is filled.",
    inputSchema: schema(
      {
        sessionId: SESSION_ID,
        ref: REF,
        text: { type: "string", description: "What to type." },
        submit: { type: "boolean", description: "Press Enter after typing." },
      },
      ["sessionId", "ref", "text"],
    ),
    annotations: ACTS,
  },
  async (s, args) => {
    const target = element(s.page, args);
    const value = text(args, "text", { max: 10_000, optional: true });
    return act(s, String(args.ref), async () => {
      await target.fill(value);
      if (args.submit === true) await s.page.keyboard.press("Enter");
    });
  },
);

const browserPressTool = sessionTool(
  {
    name: "browser_press",
    title: "Press a key",
    description:
      "Press a key on the focused element, by its name as in KeyboardEvent.key: Enter, Tab, Escape, ArrowDown, PageDown, a letter… Answers the new snapshot.",
    inputSchema: schema({ sessionId: SESSION_ID, key: { type: "string", description: "The key's name." } }, [
      "sessionId",
      "key",
    ]),
    annotations: ACTS,
  },
  async (s, args) => {
    const key = text(args, "key", { max: 32 });
    try {
      await s.page.keyboard.press(key as Parameters<typeof s.page.keyboard.press>[0]);
    } catch {
      throw new ApiError("invalid_parameter", `${key} is not a key name (KeyboardEvent.key).`, { param: "key" });
    }
    return after(s);
  },
);

const browserScrollTool = sessionTool(
  {
    name: "browser_scroll",
    title: "Scroll the page",
    description:
      "Scroll the page down (default) or up by a screenful, or by pixels; or scroll the element ref names into view. Answers the new snapshot (lazy content loads as it comes into view).",
    inputSchema: schema(
      {
        sessionId: SESSION_ID,
        direction: { type: "string", enum: ["down", "up"] },
        pixels: { type: "integer", minimum: 1, maximum: 100_000 },
        ref: REF,
      },
      ["sessionId"],
    ),
    annotations: ACTS,
  },
  async (s, args) => {
    if (args.ref !== undefined) {
      const target = element(s.page, args);
      return act(s, String(args.ref), () => target.scroll({ scrollTop: 0 }).then(() => undefined));
    }
    const pixels = typeof args.pixels === "number" && args.pixels > 0 ? Math.min(args.pixels, 100_000) : undefined;
    const sign = args.direction === "up" ? -1 : 1;
    await s.page.evaluate(`window.scrollBy(0, ${sign} * ${pixels ?? "window.innerHeight * 0.9"})`);
    return after(s);
  },
);

const browserSnapshotTool = sessionTool(
  {
    name: "browser_snapshot",
    title: "Read the page",
    description:
      "The session's page as a Markdown outline: address, title, headings, text, and every link, button and field with a reference [ref=eN] that browser_click and browser_type take. References stay the same while the page keeps the element.",
    inputSchema: schema({ sessionId: SESSION_ID }, ["sessionId"]),
    annotations: READS,
  },
  async (s) => {
    return { content: [{ type: "text", text: await snapshot(s.page) }] };
  },
);

const browserScreenshotTool = sessionTool(
  {
    name: "browser_screenshot",
    title: "Look at the page",
    description:
      "A PNG of what the session's page shows now (the viewport; fullPage=true for the whole page up to 16384 pixels). Part of the session: no render is charged.",
    inputSchema: schema({ sessionId: SESSION_ID, fullPage: { type: "boolean" } }, ["sessionId"]),
    annotations: READS,
  },
  async (s, args) => {
    const png = await s.page.screenshot({
      type: "png",
      fullPage: args.fullPage === true,
      captureBeyondViewport: false,
    });
    return { content: [{ type: "image", data: Buffer.from(png).toString("base64"), mimeType: "image/png" }] };
  },
);

const browserSaveProfileTool = sessionTool(
  {
    name: "browser_save_profile",
    title: "Save the login as a profile",
    description:
      "Save the session's cookies and the local storage of the page's origins as a named profile of the workspace (replacing one of that name). Renders then start logged in with profile=<name> (screenshot, page_markdown, start_job, crawl_site…). The contents are sealed and never shown back; answers the name, origins and dates.",
    inputSchema: schema(
      {
        sessionId: SESSION_ID,
        name: { type: "string", description: "1-64 letters, digits, dots, hyphens, underscores." },
      },
      ["sessionId", "name"],
    ),
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  },
  async (s, args) => {
    const name = text(args, "name", { max: 64 });
    if (!PROFILE_NAME.test(name))
      throw new ApiError("invalid_parameter", `name: ${PROFILE_NAME_RULE}.`, { param: "name" });
    return { content: [jsonText(await saveSessionProfile(s.userId, s.id, name))] };
  },
);

const browserCloseTool = sessionTool(
  {
    name: "browser_close",
    title: "Close the browser session",
    description:
      "End the session: its page and cookies are gone (save a profile first to keep a login); metering stops.",
    inputSchema: schema({ sessionId: SESSION_ID }, ["sessionId"]),
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  },
  async (s) => {
    await s.bridge.end("client");
    return { content: [jsonText({ sessionId: s.id, closed: true })] };
  },
);

export const BROWSER_TOOLS: readonly McpTool[] = [
  browserOpenTool,
  browserNavigateTool,
  browserSnapshotTool,
  browserClickTool,
  browserTypeTool,
  browserPressTool,
  browserScrollTool,
  browserScreenshotTool,
  browserSaveProfileTool,
  browserCloseTool,
];
