/** D28's permission table is the code's (lib/auth/roles.ts): the decision record cannot drift from it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS, ROLES } from "@/lib/auth/roles";

const DECISION = path.join(process.cwd(), "docs/decisions/0028-workspaces.md");

describe("D28 permission table", () => {
  it("lists every permission with exactly the roles that have it", () => {
    const text = readFileSync(DECISION, "utf8");
    const table = text.slice(text.indexOf("<!-- permissions:start -->"), text.indexOf("<!-- permissions:end -->"));
    const lines = table.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Permission"));
    const header = table.split("\n").find((l) => l.startsWith("| Permission"))!;
    expect(
      header
        .split("|")
        .slice(3, -1)
        .map((c) => c.trim()),
    ).toEqual([...ROLES]);
    const documented = Object.fromEntries(
      lines.map((line) => {
        const cells = line
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim());
        return [cells[0], ROLES.filter((_, i) => cells[2 + i] === "✓")];
      }),
    );
    expect(documented).toEqual(Object.fromEntries(Object.entries(PERMISSIONS).map(([p, roles]) => [p, [...roles]])));
  });
});
