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
          {copy && (
            <CopyButton
              value={code}
              variant="ghost"
              className="h-7 text-slate-300 hover:bg-slate-800 hover:text-white"
            />
          )}
        </div>
      )}
      <pre className={cn("overflow-x-auto p-4 text-[13px] leading-relaxed", wrap && "whitespace-pre-wrap [overflow-wrap:anywhere]")}>
        <code>{children ?? code}</code>
      </pre>
    </div>
  );
}
