import type { ReactNode } from "react";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

/** Monospace block for code, keys and commands, with an optional copy button and caption. */
export function CodeBlock({
  code,
  caption,
  copy = true,
  className,
  children,
  wrap = false,
}: {
  code: string;
  caption?: ReactNode;
  copy?: boolean;
  className?: string;
  /** Pre-rendered (e.g. highlighted) content to show instead of the raw code. */
  children?: ReactNode;
  /** Wrap long lines (e.g. URLs in narrow columns) instead of scrolling sideways. */
  wrap?: boolean;
}) {
  return (
    <div className={cn("overflow-hidden rounded-lg border border-slate-800 bg-slate-950 text-slate-100", className)}>
      {(caption || copy) && (
        <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-1.5">
          <span className="text-xs font-medium text-slate-400">{caption}</span>
          {copy && <CopyButton value={code} variant="inverse" className="h-7" />}
        </div>
      )}
      {/* Focusable, so a keyboard can scroll a long line into view (WCAG 2.1.1; axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className={cn(
          "overflow-x-auto p-4 text-[13px] leading-relaxed focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400",
          wrap && "whitespace-pre-wrap [overflow-wrap:anywhere]",
        )}
      >
        <code>{children ?? code}</code>
      </pre>
    </div>
  );
}
