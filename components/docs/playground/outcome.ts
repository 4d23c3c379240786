/** What a playground request came back with, read from a fetch Response. */

export interface ResponseFacts {
  status: number;
  contentType: string;
  cache?: string;
  renderTime?: string;
  imageSize?: string;
  rateRemaining?: string;
  rateLimit?: string;
  requestId?: string;
}

interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  param?: string;
}

export type Outcome =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "binary"; objectUrl: string; facts: ResponseFacts }
  | { kind: "json"; body: Record<string, unknown>; facts: ResponseFacts }
  | { kind: "problem"; problem: Problem; facts: ResponseFacts }
  | { kind: "network"; message: string };

function factsOf(response: Response): ResponseFacts {
  const h = (name: string) => response.headers.get(name) ?? undefined;
  return {
    status: response.status,
    contentType: (h("content-type") ?? "").split(";")[0],
    cache: h("x-cache"),
    renderTime: h("x-render-time"),
    imageSize: h("x-image-size"),
    rateRemaining: h("ratelimit-remaining"),
    rateLimit: h("ratelimit-limit"),
    requestId: h("x-request-id"),
  };
}

export async function readOutcome(response: Response): Promise<Outcome> {
  const facts = factsOf(response);
  if (!response.ok) {
    const problem: Problem = facts.contentType.endsWith("json")
      ? await response.json().catch(() => ({}))
      : { status: response.status, detail: (await response.text()).slice(0, 500) };
    return { kind: "problem", problem, facts };
  }
  if (facts.contentType === "application/json") return { kind: "json", body: await response.json(), facts };
  // The content endpoint's Markdown answer (response=markdown, D24): shown like its JSON's markdown.
  if (facts.contentType === "text/markdown") return { kind: "json", body: { markdown: await response.text() }, facts };
  return { kind: "binary", objectUrl: URL.createObjectURL(await response.blob()), facts };
}
