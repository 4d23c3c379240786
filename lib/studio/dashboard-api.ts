/**
 * The editor's calls (D21), behind the session cookie and same-origin check of the docs
 * playground (lib/api/session-caller): load, save, restore, delete, and a draft preview. The
 * preview compiles the draft and renders it with the same validation, image loading and engines
 * as GET /v1/og; it is counted against the account's per-minute window, not its monthly quota,
 * and needs the plan /v1/og needs. Saved templates are rendered by /v1/og itself.
 */
import "server-only";
import { z } from "zod";
import { sessionWorkspace } from "@/lib/api/session-caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { storedText } from "@/lib/vocabulary/stored-text";
import { checkRateLimit, rateLimitHeaders } from "@/lib/api/rate-limit";
import { requestIdFor } from "@/lib/api/request";
import { ogEndpoint } from "@/lib/og/endpoint";
import { loadImages } from "@/lib/og/images";
import { renderOg } from "@/lib/og/render";
import { loadBrand } from "@/lib/og/account/brand";
import { catalogVariables, examplesOf } from "@/lib/og/account/templates";
import { brandNames } from "./brand-kit";
import { brandRefsOf } from "@/lib/og/account/compile";
import { checkSource, deleteTemplate, getTemplate, restoreVersion, saveTemplate, StudioError } from "./templates";
import { validateVariables } from "@/lib/og/variables";
import { recordAudit } from "@/lib/audit/audit-log";
import { planAtLeast, PLANS, type PlanId } from "@/lib/plans";

const PREVIEW_SIZES = [
  [1200, 630],
  [1080, 1080],
  [1600, 900],
] as const;

// Names, sources and descriptions are stored or looked up in the database: storedText (D1).
const templateName = () => storedText("name", z.string().max(64));

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("load"), name: templateName(), version: z.number().int().positive().optional() }),
  z.object({
    action: z.literal("save"),
    name: templateName(),
    source: storedText("source", z.string().max(40_000)),
    description: storedText("description", z.string().max(400)).optional(),
  }),
  z.object({ action: z.literal("restore"), name: templateName(), version: z.number().int().positive() }),
  z.object({ action: z.literal("delete"), name: templateName() }),
  z.object({
    action: z.literal("preview"),
    source: z.string().max(40_000),
    values: z.record(z.string().max(64), z.string().max(4096)).default({}),
    size: z
      .number()
      .int()
      .min(0)
      .max(PREVIEW_SIZES.length - 1)
      .default(0),
  }),
]);

/**
 * Saving, restoring and previewing need the plan /v1/og needs (#35 point 2): a template saved on
 * a plan that cannot render it would look like it works. Loading and deleting stay open, so a
 * downgraded account can still read and clean up what it made.
 */
function requireOgPlan(plan: PlanId): void {
  if (!planAtLeast(plan, ogEndpoint.minPlan)) {
    throw new ApiError(
      "plan_upgrade_required",
      `Open Graph templates need the ${PLANS[ogEndpoint.minPlan].name} plan or higher.`,
    );
  }
}

function refused(error: StudioError): Response {
  return Response.json({ error: error.message, line: error.line ?? null, field: error.field }, { status: 422 });
}

export async function handleStudioRequest(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  try {
    const parsed = body.safeParse(await request.json().catch(() => null));
    // Reading needs a member; saving, restoring and deleting need templates.write; a preview
    // renders, so it needs render (D28). The role is checked before the body is looked at further.
    const permission =
      !parsed.success || parsed.data.action === "load"
        ? "read"
        : parsed.data.action === "preview"
          ? "render"
          : "templates.write";
    const workspace = await sessionWorkspace(request, permission);
    const caller = { userId: workspace.id, plan: workspace.plan, apiKeyId: null };
    if (!parsed.success) {
      // A field's own refusal (storedText) says what is wrong; any other shape is simply not an action.
      const custom = parsed.error.issues.find((issue) => issue.code === "custom");
      throw new ApiError("invalid_parameter", custom?.message ?? "The request body is not a studio action.");
    }
    const input = parsed.data;
    switch (input.action) {
      case "load": {
        const detail = await getTemplate(caller.userId, input.name, input.version);
        return detail
          ? Response.json(detail)
          : problemResponse(
              new ApiError("template_not_found", `You have no template named "${input.name}".`),
              requestId,
            );
      }
      // Each change is in the workspace's audit log (D28), like a dashboard action's.
      case "save": {
        requireOgPlan(caller.plan);
        const version = await saveTemplate(caller.userId, input);
        await recordAudit(workspace.id, workspace.user, "template.saved", input.name, { version });
        return Response.json({ version });
      }
      case "restore": {
        requireOgPlan(caller.plan);
        const version = await restoreVersion(caller.userId, input.name, input.version);
        const detail = { from: input.version, version };
        await recordAudit(workspace.id, workspace.user, "template.restored", input.name, detail);
        return Response.json({ version });
      }
      case "delete": {
        const deleted = await deleteTemplate(caller.userId, input.name);
        if (deleted) await recordAudit(workspace.id, workspace.user, "template.deleted", input.name);
        return Response.json({ deleted });
      }
      case "preview": {
        requireOgPlan(caller.plan);
        const rate = await checkRateLimit(caller);
        const compiled = checkSource(input.source, await brandNames(caller.userId));
        const brand = await loadBrand(caller.userId, "draft", brandRefsOf(compiled));
        const info = { name: "draft", description: "", variables: catalogVariables(compiled.variables) };
        const { variables } = validateVariables(info, { ...examplesOf(compiled.variables), ...input.values });
        const [width, height] = PREVIEW_SIZES[input.size];
        const images = await loadImages(variables.images, request.signal);
        const image = await renderOg(
          {
            template: { name: "draft", compiled, brand },
            variables,
            images,
            width,
            height,
            format: "png",
            quality: 80,
          },
          request.signal,
        );
        return new Response(new Uint8Array(image.bytes), {
          headers: {
            "Content-Type": "image/png",
            "Cache-Control": "no-store",
            "X-OG-Engine": image.engine.engine,
            ...rateLimitHeaders(rate),
          },
        });
      }
    }
  } catch (error) {
    if (error instanceof StudioError) return refused(error);
    return problemResponse(toApiError(error), requestId);
  }
}
