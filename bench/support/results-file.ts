/**
 * bench/RESULTS.md holds one section per benchmark between HTML comment markers; a run replaces
 * only its own section and keeps everything else (other benchmarks, the prose around them).
 */
import { readFile, writeFile } from "node:fs/promises";

/** `heading`, when given, is written above the markers the first time the section is added. */
export async function replaceSection(file: string, name: string, markdown: string, heading?: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = await readFile(file, "utf8").catch(() => "# Benchmark results\n");
  const section = `${start}\n${markdown}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${heading ? `## ${heading}\n\n` : ""}${section}\n`;
  await writeFile(file, next);
}
