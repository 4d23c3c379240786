/**
 * The content endpoint's answers from its stored result (D24): JSON with one field per format
 * plus the cache facts every render answer has (D7), or — for formats=markdown alone with
 * response=markdown or Accept: text/markdown — the Markdown itself.
 */
import "server-only";
import type { EndpointAnswer, StoredView } from "@/lib/results/render-job";
import type { ContentDocument, ContentResult } from "./schema";

/** Accept: text/markdown (any parameters or weight above zero) asks for the Markdown itself. */
export function acceptsMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  return accept.split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return type === "text/markdown" && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function contentAnswer(
  view: StoredView,
  options: { describe: Record<string, string>; markdown: boolean },
): EndpointAnswer {
  const document = JSON.parse(view.stored.bytes.toString("utf8")) as ContentDocument;
  if (options.markdown) {
    return {
      kind: "file",
      bytes: Buffer.from(document.markdown ?? "", "utf8"),
      contentType: "text/markdown; charset=utf-8",
      fileName: "content.md",
    };
  }
  const shot = view.attachment("screenshot");
  const body: ContentResult = {
    ...options.describe,
    ...document,
    // The render stores its viewport screenshot as a PNG (handler.ts): the only kind the answer names.
    ...(shot?.ext === "png"
      ? { screenshot: { url: shot.url, width: shot.width, height: shot.height, format: shot.ext, size: shot.size } }
      : {}),
    resultUrl: view.fileUrl,
    cachedAt: view.hit ? view.stored.cachedAt : null,
    expiresAt: view.stored.expiresAt,
    renderTime: view.stored.metadata.renderMs,
  };
  return { kind: "json", body };
}
