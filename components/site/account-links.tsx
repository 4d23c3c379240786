"use client";

import Link from "next/link";
import { buttonClasses } from "@/components/ui";
import { DASHBOARD_HREF, SIGN_IN_HREF } from "./links";
import { useSession } from "./use-session";

/**
 * Header calls to action: "Sign in / Get started" for visitors, "Dashboard" once signed in, and
 * neither until the session is known (#35 point 4: a signed-in customer was offered "Sign in").
 * The empty box keeps the header from shifting when the answer arrives.
 */
export function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const session = useSession();
  const layout = stacked ? "flex flex-col gap-2" : "flex items-center gap-2";
  if (session.status === "loading") return <div className={layout} aria-hidden data-session="loading" />;
  if (session.status === "signed-in") {
    return (
      <div className={layout}>
        <Link href={DASHBOARD_HREF} className={buttonClasses({ size: "sm" }, stacked ? "w-full" : undefined)}>
          Dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className={layout}>
      <Link
        href={SIGN_IN_HREF}
        className={buttonClasses({ variant: "ghost", size: "sm" }, stacked ? "w-full" : undefined)}
      >
        Sign in
      </Link>
      <Link href={SIGN_IN_HREF} className={buttonClasses({ size: "sm" }, stacked ? "w-full" : undefined)}>
        Get started free
      </Link>
    </div>
  );
}
