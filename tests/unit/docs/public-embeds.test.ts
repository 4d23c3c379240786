/**
 * Issue 14: no example, docs page, dashboard text or README tells a customer to put a credential
 * in public HTML. An `<img src>` or `og:image` that points at Glance carries a signed URL
 * (`key_id` + `signature`), never `api_key` or an `sk_live_` key; and the docs' own embed examples
 * do show the signed form. A failure names the file and line.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "@/tests/support/source-files";

const root = path.resolve(__dirname, "../../..");
/** What customers read: pages, components, the server-side text they render, the README. */
const SCANNED_DIRS = ["app", "components", "lib"];
const TEXT_FILE = /\.(ts|tsx|md)$/;
const SKIPPED_DIRS = new Set(["node_modules", "filters"]);

const files = [
  ...SCANNED_DIRS.flatMap((d) => filesUnder(path.join(root, d), TEXT_FILE, SKIPPED_DIRS)),
  path.join(root, "README.md"),
];

/** An embed of a Glance URL: an <img src="…/v1/…"> or an og:image whose content is a /v1 URL (a tag may span lines). */
const EMBED =
  /(<img\b[^>]*?\bsrc=|property="og:image"[^>]*?\bcontent=)["'`{]?[^"'`\s>]*\/v1\/(og|screenshot)\?[^"'`\s>]*/g;
const CREDENTIAL = /api_key=|sk_live_|X-API-Key/i;

function embedsIn(file: string): Array<{ where: string; url: string }> {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(EMBED)].map((m) => ({
    where: `${path.relative(root, file)}:${text.slice(0, m.index).split("\n").length}`,
    url: m[0],
  }));
}

describe("public HTML never carries a key (issue 14)", () => {
  const embeds = files.flatMap(embedsIn);

  it("finds the docs' embed examples (so the scan looks where they are)", () => {
    const where = embeds.map((e) => e.where.split(":")[0]);
    expect(where).toEqual(
      expect.arrayContaining([
        "app/(docs)/docs/getting-started/page.tsx",
        "app/(docs)/docs/authentication/page.tsx",
        "app/(docs)/docs/signed-urls/page.tsx",
      ]),
    );
  });

  it("every <img src> or og:image of a Glance URL is signed and carries no API key", () => {
    const bad = embeds.filter((e) => CREDENTIAL.test(e.url) || !/key_id=/.test(e.url) || !/signature=/.test(e.url));
    expect(bad).toEqual([]);
  });

  it("the check does catch a key in an embed", () => {
    const probe = `<img src="https://YOUR_GLANCE_HOST/v1/og?api_key=sk_live_x&template=default">`;
    const [match] = [...probe.matchAll(EMBED)];
    expect(match && CREDENTIAL.test(match[0])).toBe(true);
  });
});
