"use client";

import { useEffect, useState } from "react";
import { buttonClass } from "@/components/dashboard/styles";

/** Copies `text` to the clipboard and says so in a live region. */
export function CopyButton({ text, label = "Copy", className }: { text: string; label?: string; className?: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <>
      <button type="button" onClick={copy} className={buttonClass("secondary", `shrink-0 whitespace-nowrap ${className ?? ""}`)}>
        {status === "copied" ? "Copied" : label}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {status === "copied" ? "Copied to the clipboard" : status === "failed" ? "Copying failed: select the text and copy it by hand" : ""}
      </span>
    </>
  );
}
