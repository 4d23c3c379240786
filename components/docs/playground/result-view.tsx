"use client";

import Link from "next/link";
import { Alert, Badge, Skeleton } from "@/components/ui";
import { MarkdownView } from "./markdown-view";
import type { Outcome, ResponseFacts } from "./outcome";

function Facts({ facts }: { facts: ResponseFacts }) {
  const items: Array<[string, string | undefined]> = [
    ["X-Cache", facts.cache],
    ["X-Render-Time", facts.renderTime && `${facts.renderTime} ms`],
    ["X-Image-Size", facts.imageSize && `${Number(facts.imageSize).toLocaleString("en-US")} B`],
    ["RateLimit-Remaining", facts.rateRemaining && `${facts.rateRemaining}/${facts.rateLimit ?? "?"}`],
  ];
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600" data-testid="response-facts">
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Status</dt>
        <dd>
          <Badge
            tone={facts.status < 300 ? "success" : facts.status < 500 ? "warning" : "danger"}
            data-testid="response-status"
          >
            {facts.status}
          </Badge>
        </dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="sr-only">Content-Type</dt>
        <dd className="font-mono">{facts.contentType || "—"}</dd>
      </div>
      {items
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="flex gap-1.5">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="font-mono" data-header={k}>
              {v}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** A recording the API returned (D26), played in a loop like the GIF of the same clip would be. */
function ResultVideo({ src, label }: { src: string; label: string }) {
  return (
    <video
      src={src}
      aria-label={label}
      data-testid="result-video"
      controls
      autoPlay
      muted
      loop
      playsInline
      className="w-full rounded-lg border border-slate-200 bg-slate-100"
    />
  );
}

/** A short sentence for screen readers when a request finishes (the pane itself is not live). */
export function resultAnnouncement(outcome: Outcome): string {
  switch (outcome.kind) {
    case "idle":
      return "";
    case "loading":
      return "Rendering…";
    case "network":
      return outcome.message;
    case "problem":
      return `Error ${outcome.facts.status}: ${outcome.problem.detail ?? outcome.problem.code ?? ""}`;
    default:
      return `Done: ${outcome.facts.status} ${outcome.facts.contentType}${outcome.facts.cache ? `, cache ${outcome.facts.cache}` : ""}.`;
  }
}

/** The preview pane: the image, PDF or JSON the API returned, or its problem+json error. */
export function ResultView({ outcome, alt }: { outcome: Outcome; alt: string }) {
  switch (outcome.kind) {
    case "idle":
      return (
        <div className="flex aspect-[16/10] items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 text-center text-sm text-slate-500">
          Press Render to send the request. The result appears here.
        </div>
      );
    case "loading":
      return (
        <div role="status" aria-label="Rendering" className="space-y-3">
          <Skeleton className="aspect-[16/10] w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      );
    case "network":
      return (
        <Alert tone="danger" title="The request did not complete">
          {outcome.message}
        </Alert>
      );
    case "problem": {
      const { problem, facts } = outcome;
      return (
        <div className="space-y-3" data-testid="result-problem">
          <Facts facts={facts} />
          <Alert tone="danger" title={`${facts.status} ${problem.title ?? ""}`.trim()}>
            <p>{problem.detail}</p>
            {problem.code && (
              <p className="mt-1">
                <Link href={`/docs/errors#${problem.code}`} className="font-mono">
                  {problem.code}
                </Link>
                {problem.param && (
                  <>
                    {" "}
                    · parameter <code className="font-mono">{problem.param}</code>
                  </>
                )}
              </p>
            )}
          </Alert>
        </div>
      );
    }
    case "json": {
      const { body } = outcome;
      const shot = body.screenshot as { url?: string } | undefined;
      // A comparison (/v1/diff) shows its diff image, not the new capture it is drawn over.
      const imageUrl =
        typeof body.diffImageUrl === "string"
          ? body.diffImageUrl
          : typeof body.imageUrl === "string"
            ? body.imageUrl
            : shot?.url;
      const isPdf = body.format === "pdf";
      const isVideo = body.format === "mp4" || body.format === "webm";
      return (
        <div className="space-y-3" data-testid="result-json">
          <Facts facts={outcome.facts} />
          {typeof body.markdown === "string" && <MarkdownView markdown={body.markdown} />}
          <pre
            tabIndex={0}
            className="max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-950 p-4 text-[13px] leading-relaxed text-slate-100 [overflow-wrap:anywhere]"
          >
            {JSON.stringify(outcome.body, null, 2)}
          </pre>
          {imageUrl && isVideo && <ResultVideo src={imageUrl} label={alt} />}
          {imageUrl && !isPdf && !isVideo && (
            // eslint-disable-next-line @next/next/no-img-element -- a stored result, not an app asset
            <img src={imageUrl} alt={alt} className="w-full rounded-lg border border-slate-200" />
          )}
        </div>
      );
    }
    case "binary": {
      const { facts, objectUrl } = outcome;
      return (
        <div className="space-y-3" data-testid="result-binary">
          <Facts facts={facts} />
          {facts.contentType.startsWith("video/") ? (
            <ResultVideo src={objectUrl} label={alt} />
          ) : facts.contentType === "application/pdf" ? (
            <div className="space-y-2">
              <iframe
                src={objectUrl}
                title="PDF preview"
                className="h-[28rem] w-full rounded-lg border border-slate-200"
              />
              <a
                href={objectUrl}
                download="screenshot.pdf"
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                Download the PDF
              </a>
            </div>
          ) : (
            <a href={objectUrl} target="_blank" rel="noreferrer" className="block">
              {/* eslint-disable-next-line @next/next/no-img-element -- a blob from the API, not an app asset */}
              <img
                src={objectUrl}
                alt={alt}
                data-testid="result-image"
                className="w-full rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0_25%,white_0_50%)] bg-[length:16px_16px]"
              />
            </a>
          )}
        </div>
      );
    }
  }
}
