"use client";

import { useState } from "react";
import Markdown from "react-markdown";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { Tabs } from "@/components/ui";

/**
 * The content endpoint's Markdown in the playground (D24): rendered (GFM, with react-markdown;
 * the HTML tables the Markdown holds where GFM cannot say a table are parsed by rehype-raw and
 * cut to GitHub's allowed elements and attributes by rehype-sanitize, so no script, handler or
 * javascript: link of the page's runs here; styled by `.markdown-rendered` in app/globals.css)
 * or raw, as the API sent it.
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
          className="markdown-rendered max-h-[32rem] overflow-auto rounded-lg border border-slate-200 p-4 [overflow-wrap:anywhere]"
        >
          <Markdown
            remarkPlugins={[remarkGfm]}
            rehypePlugins={[rehypeRaw, rehypeSanitize]}
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
