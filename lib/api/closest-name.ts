/**
 * "Did you mean …?" for a misspelt parameter or OG variable (#35 point 6; the errors page
 * promises the closest name, D1). Names are compared case- and separator-insensitively
 * (`fullpage`, `full_page` → `fullPage`), then by optimal-string-alignment distance, so a swap of
 * two neighbouring letters (`widht` → `width`, `titel` → `title`) counts as one edit. Twenty lines
 * of dynamic programming over names of a few dozen characters did not justify a dependency (D33).
 */

const loose = (s: string) => s.toLowerCase().replace(/[-_]/g, "");

/** Edits (insert, delete, substitute, swap neighbours) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known name closest to `name`, or undefined when none is close enough to be a typo: at most
 * two edits, and fewer than half the name's letters (so `a` never suggests `url`).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const wanted = loose(name);
  if (wanted.length > 64) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, loose(candidate));
    if (distance === 0) return candidate;
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= 2 && best.distance * 2 < wanted.length ? best.name : undefined;
}
