/**
 * Every permission's UI gate exists (issue 49 point 5): each page PERMISSION_GATES names for a
 * permission draws `<RoleLimit permission=…>` for it, so a member without it is told before
 * submitting anything. Forgetting the page's gate fails here; forgetting to name the pages does
 * not compile (the table is typed by the permissions).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSION_GATES, PERMISSIONS, type GatedPermission } from "@/lib/auth/roles";

const DASHBOARD = path.join(process.cwd(), "app/(dashboard)/dashboard");

/** Route path → page file, with route groups ("(list)") left out of the path as Next.js does. */
function dashboardPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(DASHBOARD, { recursive: true, encoding: "utf8" })) {
    if (path.basename(entry) !== "page.tsx") continue;
    const segments = path
      .dirname(entry)
      .split(path.sep)
      .filter((s) => s !== "." && !/^\(.*\)$/.test(s));
    pages.set(["/dashboard", ...segments].join("/"), path.join(DASHBOARD, entry));
  }
  return pages;
}

describe("permission gates", () => {
  const pages = dashboardPages();
  const gated = Object.keys(PERMISSION_GATES) as GatedPermission[];

  it("covers every permission but the one every member has", () => {
    expect(new Set([...gated, "read"])).toEqual(new Set(Object.keys(PERMISSIONS)));
  });

  it.each(gated)("%s: each of its pages draws its RoleLimit", (permission) => {
    for (const route of PERMISSION_GATES[permission].pages) {
      const file = pages.get(route);
      expect(file, `${route} is not a dashboard page`).toBeDefined();
      const gate = new RegExp(`<RoleLimit[^>]*permission="${permission.replace(".", "\\.")}"`);
      expect(readFileSync(file!, "utf8"), `${route} has no RoleLimit for ${permission}`).toMatch(gate);
    }
  });
});
