/**
 * An account's OG templates as /v1/og renders them (D21): the lookup by name for the caller's
 * account, with a few seconds of reuse per instance. Only reads og_templates; the studio
 * (lib/studio/templates.ts) saves, lists and deletes them and calls forgetAccountTemplate on a
 * change, so a save in this process is seen at once. Every function takes the account's user id:
 * another account's template is never found.
 */
import "server-only";
import { getDb } from "@/lib/db";
import type { OgTemplateInfo, OgVariable } from "@/lib/og/catalog";
import type { LoadedBrand } from "./brand";
import type { CompiledTemplate } from "./compile";
import type { DeclaredVariable } from "./declarations";

export const TEMPLATE_NAME = /^[a-z0-9][a-z0-9-]{0,47}$/;

/** An account template as variable validation and the renderer see it. */
export interface AccountTemplate extends OgTemplateInfo {
  id: string;
  version: number;
  compiled: CompiledTemplate;
  defaults: Readonly<Record<string, string>>;
  /** The brand-kit assets it uses, loaded for this request by the validate step. */
  brand?: LoadedBrand;
}

/** Declared variables in the catalog's shape (GET /v1/og/templates, the playground, validation). */
export function catalogVariables(declared: readonly DeclaredVariable[]): OgVariable[] {
  return declared.map((v) => ({
    name: v.name,
    type: v.type,
    required: v.required,
    description: v.description || `${v.type} variable${v.default !== undefined ? ` (default: ${v.default})` : ""}.`,
    example: v.example ?? v.default ?? "",
  }));
}

/** Defaults as query values would be written (a list default separates its items with "|"). */
export function defaultsOf(declared: readonly DeclaredVariable[]): Record<string, string> {
  return valuesOf(declared, (v) => v.default);
}

/** What the studio's preview starts from: each variable's example, else its default. */
export function examplesOf(declared: readonly DeclaredVariable[]): Record<string, string> {
  return valuesOf(declared, (v) => v.example ?? v.default);
}

function valuesOf(
  declared: readonly DeclaredVariable[],
  pick: (v: DeclaredVariable) => string | undefined,
): Record<string, string> {
  return Object.fromEntries(
    declared.flatMap((v) => {
      const raw = pick(v);
      return raw === undefined ? [] : [[v.name, v.type === "list" ? raw.split("|").join("\n") : raw]];
    }),
  );
}

// Renders look templates up per request; a few seconds of reuse spares the database, and a save
// in this process is seen at once (other instances within CACHE_MS).
const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; template: AccountTemplate | null }>();
const cacheKey = (userId: string, name: string) => `${userId}\u0000${name}`;
/** Drops a template from this instance's reuse: its account saved or deleted it. */
export function forgetAccountTemplate(userId: string, name: string): void {
  cache.delete(cacheKey(userId, name));
}

/** The account's template by name for a render, or null (unknown here, whoever else has one). */
export async function findAccountTemplate(userId: string, name: string): Promise<AccountTemplate | null> {
  if (!TEMPLATE_NAME.test(name)) return null;
  const key = cacheKey(userId, name);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.template;
  const db = await getDb();
  const row = await db.ogTemplate.findUnique({ where: { userId_name: { userId, name } } });
  const current = row
    ? await db.ogTemplateVersion.findUnique({
        where: { templateId_version: { templateId: row.id, version: row.currentVersion } },
      })
    : null;
  let template: AccountTemplate | null = null;
  if (row && current) {
    const compiled = current.compiled as unknown as CompiledTemplate;
    template = {
      id: row.id,
      name: row.name,
      description: row.description,
      version: current.version,
      compiled,
      variables: catalogVariables(compiled.variables),
      defaults: defaultsOf(compiled.variables),
    };
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: Date.now(), template });
  return template;
}
