"use server";
/**
 * Signed-URL actions on a key (D15): roll its signing secret (shown once), set its restrictions,
 * build a signed OG URL. Written with `dashboardAction`: each touches only the user's own keys.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { RENDER_ENDPOINTS, isRenderEndpoint } from "@/lib/endpoints";
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { dashboardAction, many, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { log } from "@/lib/log";
import { ogEndpoint } from "@/lib/og/endpoint";
import { MAX_EXPIRY_SECONDS } from "@/lib/signing/names";
import { KEY_NOT_FOUND, keyIdField } from "@/lib/keys/form";
import { rollSigningSecret } from "@/lib/keys/service";
import { MAX_KEY_RENDER_CAP, setKeyLimits, signedUrlForKey } from "@/lib/keys/signed-urls";

const what = "your keys";
/** Who may run these (D28, lib/auth/roles.ts). */
const permission = "keys.write" as const;

export type RollSecretState =
  { status: "idle" } | { status: "rolled"; secret: string } | { status: "error"; message: string };
export type KeyLimitsState = { status: "idle" } | { status: "saved" } | { status: "error"; message: string };
export type BuildUrlState =
  { status: "idle" } | { status: "built"; url: string; metaTag: string } | { status: "error"; message: string };

export const rollSecretAction = dashboardAction(
  {
    what,
    permission,
    audit: "signing_secret.rolled",
    input: z.object({ keyId: keyIdField }),
    refused: refuseWithError,
  },
  async ({ workspace, audit, input: { keyId } }): Promise<RollSecretState> => {
    const secret = await rollSigningSecret(workspace.id, keyId);
    if (!secret) return { status: "error", message: KEY_NOT_FOUND };
    log.info("signing secret rolled", { userId: workspace.id, apiKeyId: keyId });
    await audit("signing_secret.rolled", keyId);
    revalidatePath("/dashboard", "layout");
    return { status: "rolled", secret };
  },
);

const limitsInput = z.object({
  keyId: keyIdField,
  endpoints: many()
    .transform((names) => names.filter(isRenderEndpoint))
    .refine((names) => names.length > 0, "Allow at least one endpoint (or revoke the key)."),
  cap: text(
    z
      .string()
      .trim()
      .regex(/^(\d{1,8})?$/, "The render cap is a whole number of renders, or empty for none.")
      .transform((cap) => (cap === "" ? null : Number(cap)))
      .refine(
        (cap) => cap === null || cap <= MAX_KEY_RENDER_CAP,
        `The render cap is at most ${MAX_KEY_RENDER_CAP.toLocaleString("en-US")}.`,
      ),
  ),
});

export const keyLimitsAction = dashboardAction(
  { what, permission, audit: "key.limits_changed", input: limitsInput, refused: refuseWithError },
  async ({ workspace, audit, input: { keyId, endpoints, cap } }): Promise<KeyLimitsState> => {
    const saved = await setKeyLimits(workspace.id, keyId, {
      allowedEndpoints: endpoints.length === RENDER_ENDPOINTS.length ? [] : endpoints,
      monthlyRenderCap: cap,
    });
    if (!saved) return { status: "error", message: KEY_NOT_FOUND };
    await audit("key.limits_changed", keyId, {
      endpoints: endpoints.join(","),
      cap,
    });
    revalidatePath("/dashboard", "layout");
    return { status: "saved" };
  },
);

const EXPIRY_CHOICES: Record<string, number | undefined> = {
  never: undefined,
  "1d": 86_400,
  "30d": 30 * 86_400,
  "366d": MAX_EXPIRY_SECONDS,
};

const urlInput = z.object({
  keyId: keyIdField,
  template: text(),
  expiry: text().transform((expiry) => expiry || "never"),
});

/** Builds a signed /v1/og URL from the builder's form: template, `var:<name>` fields, expiry. */
export const buildSignedUrlAction = dashboardAction(
  {
    what,
    permission,
    // Signing a URL changes nothing: the key and its secret stay as they are.
    audit: { none: "builds a URL from the key's existing secret; nothing is changed" },
    input: urlInput,
    refused: refuseWithError,
  },
  async ({ workspace, input: { keyId, template, expiry }, form }): Promise<BuildUrlState> => {
    const params: Record<string, string> = { template };
    for (const [name, value] of Object.entries(form)) {
      if (name.startsWith("var:") && typeof value === "string" && value.trim() !== "")
        params[name.slice(4)] = value.trim();
    }
    try {
      // The endpoint's own schema and validation: the builder never signs a URL the API would refuse with a 400.
      const parsed = parseQuery(new URLSearchParams(params), ogEndpoint.params, { extras: ogEndpoint.extras });
      await ogEndpoint.validate(parsed.params, {
        ...parsed,
        caller: { userId: workspace.id, plan: workspace.plan, apiKeyId: keyId },
      });
    } catch (error) {
      if (error instanceof ApiError) return { status: "error", message: error.message };
      throw error;
    }
    if (!(expiry in EXPIRY_CHOICES)) return { status: "error", message: "Pick an expiry from the list." };
    const seconds = EXPIRY_CHOICES[expiry];
    const expires = seconds === undefined ? undefined : Math.floor(Date.now() / 1000) + seconds - 60;
    const built = await signedUrlForKey(workspace.id, keyId, "/v1/og", params, expires);
    if ("error" in built) {
      return {
        status: "error",
        message: built.error === "no_key" ? KEY_NOT_FOUND : "This key has no signing secret yet: roll one first.",
      };
    }
    const attribute = built.url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    return { status: "built", url: built.url, metaTag: `<meta property="og:image" content="${attribute}" />` };
  },
);
