"use client";

import { usePathname } from "next/navigation";

/**
 * The page the person is on, sent with the workspace switcher's form so the switch lands on the
 * same page of the other workspace (#51). Read in the browser: the dashboard layout that draws the
 * switcher is not drawn again on client-side navigation, so a path rendered into it would be stale.
 */
export function CurrentPathInput({ name }: { name: string }) {
  return <input type="hidden" name={name} value={usePathname() ?? "/dashboard"} />;
}
