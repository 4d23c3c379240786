"use client";

import { useState } from "react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { Tabs } from "@/components/ui";

/**
 * The content endpoint's Markdown in the playground (D24): rendered (GFM, with react-markdown,
 * which never renders raw HTML from the page and drops javascript: links) or raw, as the API sent it.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  const [view, setView] = useState<"rendered" | "raw">("rendered");
  return (
    <Tabs
      label="Markdown"
      value={view}
      onChange={setView}
      tabs={[
        { value: "rendered", label: "Markdown, rendered" },
        { value: "raw", label: "Markdown, raw" },
      ]}
    >
      {view === "rendered" ? (
        <div
          data-testid="markdown-rendered"
          className="prose-docs max-h-[32rem] overflow-auto rounded-lg border border-slate-200 p-4 text-sm [overflow-wrap:anywhere]"
        >
          <Markdown
            remarkPlugins={[remarkGfm]}
            components={{
              // The page's links open elsewhere; its images stay their alt text (no third-party loads here).
              a: ({ href, children }) => (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {children}
                </a>
              ),
              img: ({ alt }) => <span className="text-slate-500">[{alt || "image"}]</span>,
            }}
          >
            {markdown}
          </Markdown>
        </div>
      ) : (
        <pre
          tabIndex={0}
          data-testid="markdown-raw"
          className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-950 p-4 text-[13px] leading-relaxed text-slate-100 [overflow-wrap:anywhere]"
        >
          {markdown}
        </pre>
      )}
    </Tabs>
  );
}
