"use client";
/**
 * The template source field (D33 point 8): a plain textarea as rendered by the server and until
 * the code editor (codemirror.ts, loaded with a dynamic import so no other page carries it) is
 * ready; then the editor takes its place and the textarea stays, hidden, with the same text (the
 * `source` field a form or a test reads). One of the two carries the label at any time.
 */
import { useEffect, useRef, useState } from "react";
import type { TemplateEditor } from "./codemirror";
import type { BrandKitNames } from "./template-names";

const LABEL = "Template source";

export function SourceEditor({
  value,
  onChange,
  error,
  brandKit,
}: {
  value: string;
  onChange: (text: string) => void;
  /** The server's last complaint about the source, with its line when it has one. */
  error: { line: number | null; message: string } | null;
  brandKit: BrandKitNames;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<TemplateEditor | null>(null);
  const [ready, setReady] = useState(false);
  // The editor reads these when it needs them; they are not reasons to rebuild it.
  const latest = useRef({ value, onChange, brandKit });
  useEffect(() => {
    latest.current = { value, onChange, brandKit };
  });

  useEffect(() => {
    let cancelled = false;
    void import("./codemirror").then(({ createTemplateEditor }) => {
      if (cancelled || !host.current) return;
      editor.current = createTemplateEditor({
        parent: host.current,
        text: latest.current.value,
        label: LABEL,
        onChange: (text) => latest.current.onChange(text),
        brandKit: () => latest.current.brandKit,
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    editor.current?.setText(value);
  }, [value, ready]);

  useEffect(() => {
    editor.current?.showError(error);
  }, [error, ready]);

  return (
    <>
      <div
        ref={host}
        data-editor={ready ? "code" : "loading"}
        className={ready ? "h-[28rem] min-w-0 overflow-hidden rounded-md border border-slate-300" : "hidden"}
      />
      <textarea
        name="source"
        aria-label={ready ? undefined : LABEL}
        hidden={ready}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
        className="h-[28rem] w-full rounded-md border border-slate-300 p-3 font-mono text-xs"
      />
    </>
  );
}
