"use server";
/**
 * Signed-URL actions on a key (D15): roll its signing secret (shown once), set its restrictions,
 * build a signed OG URL. Each re-checks origin and session and touches only the user's own keys.
 */
import { revalidatePath } from "next/cache";
import { RENDER_ENDPOINTS, isRenderEndpoint } from "@/lib/endpoints";
import { ApiError } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { actionUser } from "@/lib/auth/action-user";
import { log } from "@/lib/log";
import { ogEndpoint } from "@/lib/og/endpoint";
import { MAX_EXPIRY_SECONDS } from "@/lib/signing/names";
import { rollSigningSecret } from "./service";
import { MAX_KEY_RENDER_CAP, setKeyLimits, signedUrlForKey } from "./signed-urls";

const KEY_NOT_FOUND = "No active key with this id exists in your account.";

const signedInUser = () => actionUser("your keys");

export type RollSecretState =
  { status: "idle" } | { status: "rolled"; secret: string } | { status: "error"; message: string };
export type KeyLimitsState = { status: "idle" } | { status: "saved" } | { status: "error"; message: string };
export type BuildUrlState =
  { status: "idle" } | { status: "built"; url: string; metaTag: string } | { status: "error"; message: string };

function keyIdOf(formData: FormData): string | null {
  const keyId = formData.get("keyId");
  return typeof keyId === "string" && keyId.length > 0 && keyId.length <= 64 ? keyId : null;
}

export async function rollSecretAction(_prev: RollSecretState, formData: FormData): Promise<RollSecretState> {
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error };
  const keyId = keyIdOf(formData);
  const secret = keyId ? await rollSigningSecret(who.user.id, keyId) : null;
  if (!secret) return { status: "error", message: KEY_NOT_FOUND };
  log.info("signing secret rolled", { userId: who.user.id, apiKeyId: keyId });
  revalidatePath("/dashboard", "layout");
  return { status: "rolled", secret };
}

export async function keyLimitsAction(_prev: KeyLimitsState, formData: FormData): Promise<KeyLimitsState> {
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error };
  const keyId = keyIdOf(formData);
  if (!keyId) return { status: "error", message: KEY_NOT_FOUND };
  const endpoints = formData.getAll("endpoints").filter(isRenderEndpoint);
  if (endpoints.length === 0) return { status: "error", message: "Allow at least one endpoint (or revoke the key)." };
  const capText = String(formData.get("cap") ?? "").trim();
  if (capText !== "" && !/^\d{1,8}$/.test(capText))
    return { status: "error", message: "The render cap is a whole number of renders, or empty for none." };
  const cap = capText === "" ? null : Number(capText);
  if (cap !== null && cap > MAX_KEY_RENDER_CAP)
    return { status: "error", message: `The render cap is at most ${MAX_KEY_RENDER_CAP.toLocaleString("en-US")}.` };
  const saved = await setKeyLimits(who.user.id, keyId, {
    allowedEndpoints: endpoints.length === RENDER_ENDPOINTS.length ? [] : endpoints,
    monthlyRenderCap: cap,
  });
  if (!saved) return { status: "error", message: KEY_NOT_FOUND };
  revalidatePath("/dashboard", "layout");
  return { status: "saved" };
}

const EXPIRY_CHOICES: Record<string, number | undefined> = {
  never: undefined,
  "1d": 86_400,
  "30d": 30 * 86_400,
  "366d": MAX_EXPIRY_SECONDS,
};

/** Builds a signed /v1/og URL from the builder's form: template, `var:<name>` fields, expiry. */
export async function buildSignedUrlAction(_prev: BuildUrlState, formData: FormData): Promise<BuildUrlState> {
  const who = await signedInUser();
  if ("error" in who) return { status: "error", message: who.error };
  const keyId = keyIdOf(formData);
  if (!keyId) return { status: "error", message: KEY_NOT_FOUND };
  const params: Record<string, string> = { template: String(formData.get("template") ?? "") };
  for (const [name, value] of formData) {
    if (name.startsWith("var:") && typeof value === "string" && value.trim() !== "")
      params[name.slice(4)] = value.trim();
  }
  const query = new URLSearchParams(params);
  try {
    // The endpoint's own schema and validation: the builder never signs a URL the API would refuse with a 400.
    const parsed = parseQuery(query, ogEndpoint.params, { extras: ogEndpoint.extras });
    await ogEndpoint.validate(parsed.params, {
      ...parsed,
      caller: { userId: who.user.id, plan: who.user.plan, apiKeyId: keyId },
    });
  } catch (error) {
    if (error instanceof ApiError) return { status: "error", message: error.message };
    throw error;
  }
  const expiry = String(formData.get("expiry") ?? "never");
  if (!(expiry in EXPIRY_CHOICES)) return { status: "error", message: "Pick an expiry from the list." };
  const seconds = EXPIRY_CHOICES[expiry];
  const expires = seconds === undefined ? undefined : Math.floor(Date.now() / 1000) + seconds - 60;
  const built = await signedUrlForKey(who.user.id, keyId, "/v1/og", params, expires);
  if ("error" in built) {
    return {
      status: "error",
      message: built.error === "no_key" ? KEY_NOT_FOUND : "This key has no signing secret yet: roll one first.",
    };
  }
  const attribute = built.url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return { status: "built", url: built.url, metaTag: `<meta property="og:image" content="${attribute}" />` };
}
