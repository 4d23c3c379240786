/**
 * The render tools (D25): `screenshot` (POST /v1/screenshot), `og_image` (GET /v1/og) and
 * `og_templates` (the listing of GET /v1/og/templates). Each call runs the endpoint's own spec
 * and handler through the endpoint core (lib/mcp/call.ts callEndpoint) with response=json, and the stored file it
 * names is returned as an image item (a PDF, or an image too large to inline, as a resource link)
 * beside the JSON answer with the file's URL.
 */
import "server-only";
import { objectAsQuery } from "@/lib/api/body";
import { checkRateLimit } from "@/lib/api/rate-limit";
import { accountTemplatesListing, templatesListing } from "@/lib/og/listing";
import { ogEndpoint } from "@/lib/og/endpoint";
import { handleOg } from "@/lib/og/handler";
import { ogParams } from "@/lib/og/params";
import { PLANS } from "@/lib/plans";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";
import { handleScreenshot } from "@/lib/screenshot/handler";
import { screenshotParams } from "@/lib/screenshot/params";
import { callEndpoint, jsonText } from "../call";
import { fileContent } from "../files";
import { toolInputSchema } from "../schema";
import { RENDERS, type McpTool } from "./types";

const COSTS =
  "Costs one render of the account's monthly quota when it renders; the same call again within the plan's cache time is served from the cache for free (fresh=true renders again).";

export const screenshotTool: McpTool = {
  name: "screenshot",
  title: "Screenshot a web page",
  description: [
    "Capture a public web page (url) or an HTML document you pass (html) in a real Chromium, as PNG (default), JPEG, WebP or PDF.",
    "Returns the image itself (PDF: a link to the file) and JSON with imageUrl, a URL of the stored file that stays valid for the plan's cache time, plus width, height, size and cachedAt.",
    "Use width/height for the viewport, fullPage=true for the whole scrolling page, device for a phone or tablet, selector to capture one element, waitForSelector or delay for pages that load late, blockCookies/blockAds to remove banners.",
    `${COSTS} Private, loopback and internal addresses are refused (private_address). Parameters that name a plan need it (plan_upgrade_required).`,
  ].join(" "),
  inputSchema: toolInputSchema(screenshotParams),
  annotations: RENDERS,
  async run(args, ctx) {
    const answer = await callEndpoint(screenshotEndpoint, handleScreenshot, ctx, {
      body: { ...args, response: "json" },
    });
    return { content: [jsonText(answer), ...(await fileContent(String(answer.imageUrl), "screenshot"))] };
  },
};

const VARIABLES = {
  type: "object",
  additionalProperties: { type: "string" },
  description:
    "The template's variables by name, each a string: text, a colour (#rrggbb, rgb(), hsl()), an https image URL, or for a name ending in _items a newline-separated list. Call og_templates for each template's variables, types and examples; an account's own templates (dashboard → OG Templates) are listed there too.",
};

export const ogImageTool: McpTool = {
  name: "og_image",
  title: "Render an Open Graph image",
  description: [
    "Render a social preview (Open Graph) image from a named template and its variables, as PNG (default), JPEG or WebP, 1200×630 unless width/height say otherwise.",
    "Returns the image and JSON with imageUrl, a URL of the stored file to put in og:image.",
    `Needs the ${PLANS.pro.name} plan or higher (plan_upgrade_required below it). Call og_templates first to see the templates and their variables. ${COSTS}`,
  ].join(" "),
  inputSchema: toolInputSchema(ogParams, { add: { variables: VARIABLES } }),
  annotations: RENDERS,
  async run(args, ctx) {
    const { variables, ...params } = args;
    const vars = typeof variables === "object" && variables !== null && !Array.isArray(variables) ? variables : {};
    const query = objectAsQuery({ ...params, ...vars, response: "json" }, ogParams);
    const answer = await callEndpoint(ogEndpoint, handleOg, ctx, { query });
    return { content: [jsonText(answer), ...(await fileContent(String(answer.imageUrl), "og"))] };
  },
};

export const ogTemplatesTool: McpTool = {
  name: "og_templates",
  title: "List Open Graph templates",
  description:
    "List the templates og_image can render — the built-in ones and the account's own — with each one's variables (name, type, required, description, example), the limits on text and lists, and the canvas sizes. Free: renders nothing and costs no quota.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(_args, ctx) {
    // Every tool call is a request of the account's window, this one too (it runs no endpoint,
    // whose core counts the others): a batch of 100 is 100 requests (D25).
    await checkRateLimit(ctx.caller);
    // GET /v1/og/templates with a key: the built-in listing plus the account's own (D21).
    const { listTemplates } = await import("@/lib/studio/templates");
    const own = accountTemplatesListing(await listTemplates(ctx.caller.userId));
    return { content: [jsonText({ ...templatesListing(), accountTemplates: own })] };
  },
};
