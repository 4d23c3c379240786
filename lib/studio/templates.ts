/**
 * The studio's side of an account's OG templates (D21): save (compile, check defaults, keep every
 * version), list, read, restore, delete. /v1/og reads them through lib/og/account/templates.ts,
 * whose per-instance reuse each change here clears. Every function takes the account's user id:
 * another account's template is never found.
 */
import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/vocabulary/errors";
import {
  catalogVariables,
  defaultsOf,
  examplesOf,
  forgetAccountTemplate,
  TEMPLATE_NAME,
} from "@/lib/og/account/templates";
import { compileTemplate, TemplateError, type CompiledTemplate } from "@/lib/og/account/compile";
import type { BrandNames } from "@/lib/og/account/brand-refs";
import { findTemplate, type OgTemplateInfo, type OgVariable } from "@/lib/og/catalog";
import { validateVariables } from "@/lib/og/variables";
import { getDb } from "@/lib/db";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export const STUDIO_ACCOUNT_LIMITS = { templates: 50, versionsKept: 50, descriptionMaxChars: 200 } as const;

/** What a save was refused for, written for the person editing; `line` when the source is at fault. */
export class StudioError extends BrandedError {
  static readonly brand: string = "glance.StudioError";
  constructor(
    message: string,
    readonly line?: number,
    readonly field: "name" | "source" | "description" = "source",
  ) {
    super(message);
    this.name = "StudioError";
  }
}

export interface TemplateSummary {
  name: string;
  description: string;
  version: number;
  updatedAt: Date;
  variables: OgVariable[];
}

/**
 * Compiles and checks a source against the account's brand-kit names: TemplateError → StudioError
 * with its line; bad defaults too.
 */
export function checkSource(source: string, brand?: BrandNames): CompiledTemplate {
  let compiled: CompiledTemplate;
  try {
    compiled = compileTemplate(source, brand);
  } catch (error) {
    if (error instanceof TemplateError) throw new StudioError(error.message, error.line);
    throw error;
  }
  const info: OgTemplateInfo = {
    name: "draft",
    description: "",
    variables: catalogVariables(compiled.variables).map((v) => ({ ...v, required: false })),
  };
  for (const [what, values] of [
    ["default", defaultsOf(compiled.variables)],
    ["example", examplesOf(compiled.variables)],
  ] as const) {
    try {
      validateVariables(info, values);
    } catch (error) {
      if (error instanceof ApiError && error.param) {
        const declared = compiled.variables.find((v) => v.name === error.param);
        throw new StudioError(
          `Line ${declared?.line ?? 1}: the ${what} of ${error.param} is invalid: ${error.message}`,
          declared?.line,
        );
      }
      throw error;
    }
  }
  return compiled;
}

function checkName(name: string): void {
  if (!TEMPLATE_NAME.test(name))
    throw new StudioError(
      "A template name is 1–48 lowercase letters, digits and hyphens, starting with a letter or digit.",
      undefined,
      "name",
    );
  if (findTemplate(name))
    throw new StudioError(`"${name}" is a built-in template; choose another name.`, undefined, "name");
}

/** Saves a new version (creating the template on its first save); returns the version number. */
export async function saveTemplate(
  userId: string,
  input: { name: string; source: string; description?: string },
): Promise<number> {
  checkName(input.name);
  const description = (input.description ?? "").trim();
  if (description.length > STUDIO_ACCOUNT_LIMITS.descriptionMaxChars)
    throw new StudioError(
      `The description is longer than ${STUDIO_ACCOUNT_LIMITS.descriptionMaxChars} characters.`,
      undefined,
      "description",
    );
  const { brandNames } = await import("./brand-kit");
  const compiled = checkSource(input.source, await brandNames(userId));
  const db = await getDb();
  const version = await db.$transaction(async (tx) => {
    const existing = await tx.ogTemplate.findUnique({ where: { userId_name: { userId, name: input.name } } });
    if (!existing) {
      if ((await tx.ogTemplate.count({ where: { userId } })) >= STUDIO_ACCOUNT_LIMITS.templates) {
        throw new StudioError(
          `An account can keep ${STUDIO_ACCOUNT_LIMITS.templates} templates; delete one first.`,
          undefined,
          "name",
        );
      }
      const created = await tx.ogTemplate.create({
        data: { userId, name: input.name, description, currentVersion: 1 },
      });
      await tx.ogTemplateVersion.create({
        data: {
          templateId: created.id,
          version: 1,
          source: input.source,
          compiled: compiled as unknown as Prisma.InputJsonValue,
        },
      });
      return 1;
    }
    const next = existing.currentVersion + 1;
    await tx.ogTemplate.update({
      where: { id: existing.id },
      data: { currentVersion: next, description: input.description === undefined ? existing.description : description },
    });
    await tx.ogTemplateVersion.create({
      data: {
        templateId: existing.id,
        version: next,
        source: input.source,
        compiled: compiled as unknown as Prisma.InputJsonValue,
      },
    });
    await tx.ogTemplateVersion.deleteMany({
      where: { templateId: existing.id, version: { lte: next - STUDIO_ACCOUNT_LIMITS.versionsKept } },
    });
    return next;
  });
  forgetAccountTemplate(userId, input.name);
  return version;
}

export async function listTemplates(userId: string): Promise<TemplateSummary[]> {
  const db = await getDb();
  const rows = await db.ogTemplate.findMany({
    where: { userId },
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { version: "desc" }, take: 1 } },
  });
  return rows.map((row) => ({
    name: row.name,
    description: row.description,
    version: row.currentVersion,
    updatedAt: row.updatedAt,
    variables: catalogVariables(
      (row.versions[0]?.compiled as unknown as CompiledTemplate | undefined)?.variables ?? [],
    ),
  }));
}

export interface TemplateDetail {
  name: string;
  description: string;
  version: number;
  source: string;
  versions: Array<{ version: number; createdAt: Date }>;
}

/** The template with its current source and version list; null when this account has none by that name. */
export async function getTemplate(userId: string, name: string, version?: number): Promise<TemplateDetail | null> {
  const db = await getDb();
  const row = await db.ogTemplate.findUnique({
    where: { userId_name: { userId, name } },
    include: { versions: { orderBy: { version: "desc" }, select: { version: true, createdAt: true, source: true } } },
  });
  if (!row) return null;
  const shown = row.versions.find((v) => v.version === (version ?? row.currentVersion));
  if (!shown) return null;
  return {
    name: row.name,
    description: row.description,
    version: shown.version,
    source: shown.source,
    versions: row.versions.map(({ version: v, createdAt }) => ({ version: v, createdAt })),
  };
}

/** Restoring saves the old source again as the newest version: history only grows. */
export async function restoreVersion(userId: string, name: string, version: number): Promise<number> {
  const old = await getTemplate(userId, name, version);
  if (!old) throw new StudioError(`There is no version ${version} of ${name}.`, undefined, "name");
  return saveTemplate(userId, { name, source: old.source });
}

export async function deleteTemplate(userId: string, name: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.ogTemplate.deleteMany({ where: { userId, name } });
  forgetAccountTemplate(userId, name);
  return count > 0;
}
