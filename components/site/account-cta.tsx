"use client";

import Link from "next/link";
import { useSession } from "./use-session";

interface Target {
  href: string;
  label: string;
}

/**
 * A page's call to action that knows the visitor (#35 point 4): a visitor is invited to sign up,
 * a signed-in customer is sent to their dashboard instead. Marketing pages stay static; the
 * session is read in the browser (use-session.ts), and until it is known the visitor's link shows.
 */
export function AccountCta({ visitor, member, className }: { visitor: Target; member: Target; className?: string }) {
  const session = useSession();
  const target = session.status === "signed-in" ? member : visitor;
  return (
    <Link href={target.href} className={className} data-session={session.status}>
      {target.label}
    </Link>
  );
}
