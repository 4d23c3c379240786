"use client";
/**
 * The brand kit's forms (D21, Brand kit): add a font, image or colour under a name templates use
 * as `brand:<name>`, and delete one. Files are checked on the server (parsed, size-capped, SVG
 * screened and rasterized); the refusal is shown next to the form that sent it.
 */
import { useActionState, useId } from "react";
import { deleteBrandAssetAction, saveBrandAssetAction, type BrandActionState } from "@/lib/studio/brand-actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Input } from "@/components/ui";

const COPY = {
  font: {
    accept: ".ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2",
    hint: "TTF, OTF, WOFF or WOFF2, at most 2 MB; variable fonts too.",
    button: "Upload font",
    example: "heading",
  },
  image: {
    accept: ".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml",
    hint: "PNG, JPEG or SVG, at most 2 MB. SVGs are converted to PNG.",
    button: "Upload image",
    example: "logo",
  },
  color: { accept: "", hint: "#rrggbb, rgb() or hsl().", button: "Save colour", example: "primary" },
} as const;

export function BrandAssetForm({ kind }: { kind: "font" | "image" | "color" }) {
  const [state, action] = useActionState<BrandActionState, FormData>(saveBrandAssetAction, { status: "idle" });
  const id = useId();
  const copy = COPY[kind];
  const typed = state.status === "error" ? state : undefined;
  return (
    <form action={action} className="space-y-3" data-testid={`brand-${kind}-form`}>
      <input type="hidden" name="kind" value={kind} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-900">
            Name
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            defaultValue={typed?.name}
            required
            pattern="[a-z][a-z0-9\-]{0,31}"
            placeholder={copy.example}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-name-hint`}
          />
          <p id={`${id}-name-hint`} className="text-sm text-slate-600">
            Lowercase letters, digits and hyphens.
          </p>
        </div>
        <div className="space-y-1.5">
          {kind === "color" ? (
            <>
              <label htmlFor={`${id}-value`} className="block text-sm font-medium text-slate-900">
                Colour
              </label>
              <Input
                id={`${id}-value`}
                name="value"
                defaultValue={typed?.value}
                required
                placeholder="#6366f1"
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${id}-value-hint`}
              />
            </>
          ) : (
            <>
              <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900">
                File
              </label>
              <input
                id={`${id}-file`}
                name="file"
                type="file"
                required
                accept={copy.accept}
                className="block w-full text-sm text-slate-700"
                aria-describedby={`${id}-value-hint`}
              />
            </>
          )}
          <p id={`${id}-value-hint`} className="text-sm text-slate-600">
            {copy.hint}
          </p>
        </div>
      </div>
      <SubmitButton variant="secondary" pendingLabel="Saving…">
        {copy.button}
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "saved" && <Alert tone="success">Saved as brand:{state.name}.</Alert>}
    </form>
  );
}

export function DeleteBrandAsset({ kind, name }: { kind: string; name: string }) {
  return (
    <form action={deleteBrandAssetAction}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="name" value={name} />
      <SubmitButton variant="ghost" pendingLabel="Deleting…" aria-label={`Delete ${kind} ${name}`}>
        Delete
      </SubmitButton>
    </form>
  );
}
