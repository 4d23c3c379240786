"use client";
/**
 * The OG studio editor (D21): template code on the left, a live preview on the right (debounced,
 * rendered by the server with the /v1/og engines), sample values as a query string, three sizes,
 * save with errors that name the line, version history with restore, and a built-in to start from.
 */
import Link from "next/link";
import { cn, buttonClasses } from "@/components/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { cardClass, linkClass } from "@/components/dashboard/styles";
// UTC, labelled, like every other time in the dashboard (#35 point 8), not the browser's zone.
import { formatDateTime } from "@/components/dashboard/format";
import { SourceEditor } from "./source-editor";
import type { BrandKitNames } from "./template-names";

const SIZES = ["1200×630", "1080×1080", "1600×900"] as const;
const DEBOUNCE_MS = 500;
// The toolbars' fields: the label's text above its input or select.
const FIELD = "flex flex-col text-sm font-medium text-slate-700";
const CONTROL = "mt-1 rounded-md border border-slate-300 px-2 py-1";

interface Detail {
  name: string;
  version: number;
  source: string;
  versions: Array<{ version: number; createdAt: string }>;
}

async function call(body: Record<string, unknown>): Promise<Response> {
  return fetch("/api/og-studio", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** What the server refused, and the line of the source at fault when it names one (StudioError). */
interface Refusal {
  message: string;
  line: number | null;
}

async function refusalOf(res: Response): Promise<Refusal> {
  const data = (await res.json().catch(() => ({}))) as { error?: string; detail?: string; line?: number | null };
  return { message: data.error ?? data.detail ?? `The server answered ${res.status}.`, line: data.line ?? null };
}

export function StudioEditor({
  templates,
  starters,
  brandKit,
}: {
  templates: Array<{ name: string; version: number }>;
  starters: Record<string, string>;
  brandKit: BrandKitNames;
}) {
  const [list, setList] = useState(templates);
  const [name, setName] = useState("");
  const [source, setSource] = useState(starters.default ?? "");
  const [values, setValues] = useState("");
  const [size, setSize] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<Refusal | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<Refusal | null>(null);
  const [versions, setVersions] = useState<Detail["versions"]>([]);
  const latest = useRef(0);
  // The newest complaint with a line is drawn on that line in the editor (D33 point 8).
  const errorAtLine = saveError?.line ? saveError : previewError?.line ? previewError : null;

  // Live preview: the newest draft wins; older answers arriving late are dropped.
  useEffect(() => {
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      const res = await call({
        action: "preview",
        source,
        size,
        values: Object.fromEntries(new URLSearchParams(values)),
      });
      if (ticket !== latest.current) return;
      if (!res.ok) {
        setPreviewError(await refusalOf(res));
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      setPreviewError(null);
      setPreview((old) => {
        if (old) URL.revokeObjectURL(old);
        return url;
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, values, size]);

  const load = useCallback(async (templateName: string, version?: number) => {
    const res = await call({ action: "load", name: templateName, ...(version ? { version } : {}) });
    if (!res.ok) return setSaveError(await refusalOf(res));
    const detail = (await res.json()) as Detail;
    setName(detail.name);
    setSource(detail.source);
    setVersions(detail.versions);
    setSaveError(null);
  }, []);

  async function save() {
    setStatus(null);
    const res = await call({ action: "save", name, source });
    if (!res.ok) return setSaveError(await refusalOf(res));
    const { version } = (await res.json()) as { version: number };
    setSaveError(null);
    setStatus(`Saved ${name} as version ${version}.`);
    setList((old) =>
      [...old.filter((t) => t.name !== name), { name, version }].sort((a, b) => a.name.localeCompare(b.name)),
    );
    await load(name);
  }

  async function restore(version: number) {
    const res = await call({ action: "restore", name, version });
    if (!res.ok) return setSaveError(await refusalOf(res));
    const restored = (await res.json()) as { version: number };
    setStatus(`Restored version ${version} as version ${restored.version}.`);
    await load(name);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className={cn(cardClass, "flex flex-col gap-3 p-5")} aria-label="Template code">
        <div className="flex flex-wrap items-end gap-3">
          <label className={FIELD}>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} className={CONTROL} placeholder="my-card" />
          </label>
          <label className={FIELD}>
            Open
            <select className={CONTROL} value="" onChange={(e) => e.target.value && load(e.target.value)}>
              <option value="">Your templates…</option>
              {list.map((t) => (
                <option key={t.name} value={t.name}>{`${t.name} (v${t.version})`}</option>
              ))}
            </select>
          </label>
          <label className={FIELD}>
            Start from a built-in
            <select
              className={CONTROL}
              value=""
              onChange={(e) => e.target.value && setSource(starters[e.target.value])}
            >
              <option value="">Duplicate…</option>
              {Object.keys(starters).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={buttonClasses({ variant: "primary" })} onClick={save}>
            Save
          </button>
        </div>
        <SourceEditor
          value={source}
          onChange={(text) => {
            setSource(text);
            // A save's complaint was about the text as it was; the live preview judges the new one.
            setSaveError(null);
          }}
          error={errorAtLine}
          brandKit={brandKit}
        />
        {saveError && (
          <p role="alert" className="text-sm text-red-700">
            {saveError.message}
          </p>
        )}
        {status && (
          <p role="status" className="text-sm text-emerald-700">
            {status}
          </p>
        )}
        {versions.length > 0 && (
          <div>
            <h2 className="text-sm font-semibold text-slate-900">Version history</h2>
            <ul className="mt-1 text-sm">
              {versions.map((v) => (
                <li key={v.version} className="flex items-center gap-2">
                  <span>{`v${v.version} · ${formatDateTime(new Date(v.createdAt))}`}</span>
                  <button
                    type="button"
                    className={buttonClasses({ variant: "ghost" })}
                    onClick={() => restore(v.version)}
                  >
                    {`Restore v${v.version}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <section className={cn(cardClass, "flex flex-col gap-3 p-5")} aria-label="Preview">
        <div className="flex flex-wrap items-end gap-3">
          <label className={cn(FIELD, "grow")}>
            Sample values (query string)
            <input
              value={values}
              onChange={(e) => setValues(e.target.value)}
              className={CONTROL}
              placeholder="title=Hello&accent=%23ff0000"
            />
          </label>
          <label className={FIELD}>
            Size
            <select className={CONTROL} value={size} onChange={(e) => setSize(Number(e.target.value))}>
              {SIZES.map((s, i) => (
                <option key={s} value={i}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>
        {previewError && (
          <p role="alert" aria-label="Preview error" className="text-sm text-red-700">
            {previewError.message}
          </p>
        )}
        {/* A blob: URL of the server's PNG; next/image has nothing to optimise here. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {preview && <img src={preview} alt="Template preview" className="w-full rounded-md border border-slate-200" />}
        {name && (
          <p className="text-xs text-slate-600" data-testid="template-usage">
            {`Use it: GET /v1/og?template=${name}&… with your API key from your server. In a public page (og:image, <img>), never the key: `}
            <Link href="/dashboard/keys" className={linkClass}>
              build a signed URL
            </Link>
            .
          </p>
        )}
      </section>
    </div>
  );
}
