/** The repo's own text files, for tests that read the source (decision record, public embeds). */
import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file under `dir` whose name matches `name`, skipping dot-folders and the `skip` folders. */
export function filesUnder(dir: string, name: RegExp, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, name, skip));
    else if (name.test(entry.name)) out.push(full);
  }
  return out;
}
