/**
 * A team's slug: its name in lower case, letters and digits joined by hyphens ("Acme Inc." →
 * "acme-inc"). Not stored and not unique: the operator's admin command accepts it where it names
 * one team (npm run admin -- set-plan --workspace acme-inc), and the id otherwise (D18).
 */
export function workspaceSlug(name: string | null): string {
  return (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
