import Link from "next/link";
import { cn } from "@/components/ui";

/** The Glance mark: an aperture-like eye in the brand colour, with the word mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" aria-hidden className="size-7">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M5 16c3-5.5 6.8-8 11-8s8 2.5 11 8c-3 5.5-6.8 8-11 8s-8-2.5-11-8Z" fill="white" />
        <circle cx="16" cy="16" r="4.5" className="fill-brand-600" />
        <circle cx="17.6" cy="14.4" r="1.4" fill="white" />
      </svg>
      <span className="text-lg">Glance</span>
    </Link>
  );
}
