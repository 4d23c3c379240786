"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";

type State =
  { kind: "idle" } | { kind: "loading" } | { kind: "image"; src: string } | { kind: "problem"; message: string };

/**
 * The no-signup demo (D22): one public URL, captured by /api/demo/screenshot at 1280 × 800 with
 * cookie banners and ads removed. The server's limits answer as problem+json; their detail is shown.
 */
export function TryUrl() {
  const [url, setUrl] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const objectUrl = useRef<string | null>(null);
  useEffect(() => () => void (objectUrl.current && URL.revokeObjectURL(objectUrl.current)), []);

  async function capture(event: FormEvent) {
    event.preventDefault();
    setState({ kind: "loading" });
    try {
      const response = await fetch(`/api/demo/screenshot?url=${encodeURIComponent(url.trim())}`, { cache: "no-store" });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({}))) as { detail?: string };
        return setState({ kind: "problem", message: problem.detail ?? `The capture failed (${response.status}).` });
      }
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = URL.createObjectURL(await response.blob());
      setState({ kind: "image", src: objectUrl.current });
    } catch {
      setState({ kind: "problem", message: "The server could not be reached. Check your connection and try again." });
    }
  }

  return (
    <div className="space-y-4" data-testid="try-url">
      <form onSubmit={capture} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field htmlFor="try-url" label="A public page" className="flex-1">
          <Input
            id="try-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-describedby="try-url-hint"
            required
          />
        </Field>
        <Button type="submit" size="lg" disabled={state.kind === "loading" || url.trim() === ""}>
          {state.kind === "loading" ? "Capturing…" : "Capture"}
        </Button>
      </form>
      <p id="try-url-hint" className="text-sm text-slate-500">
        Captured at 1280 × 800 as WebP with cookie banners and ads removed. A few tries an hour, no key needed.
      </p>
      <div aria-live="polite">
        {state.kind === "problem" && (
          <Alert tone="warning" title="No capture">
            <span data-testid="try-url-problem">{state.message}</span>
          </Alert>
        )}
        {state.kind === "image" && (
          // eslint-disable-next-line @next/next/no-img-element -- a capture made just now, from an object URL
          <img
            src={state.src}
            alt={`Capture of ${url}`}
            data-testid="try-url-image"
            className="w-full rounded-lg border border-slate-200"
          />
        )}
      </div>
    </div>
  );
}
