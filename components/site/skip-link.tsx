import { cn } from "@/components/ui";

/**
 * The first focusable thing on a page: hidden until focused, then a link past the header to
 * #main. `className` places and sizes it for the header it sits in.
 */
export function SkipLink({ className }: { className: string }) {
  return (
    <a
      href="#main"
      className={cn(
        "sr-only focus:not-sr-only focus:absolute focus:z-50 focus:rounded-md focus:bg-white focus:shadow",
        className,
      )}
    >
      Skip to content
    </a>
  );
}
