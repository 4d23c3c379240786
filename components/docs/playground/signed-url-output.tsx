"use client";

import Link from "next/link";
import { CodeBlock } from "@/components/ui";
import type { EndpointName } from "./types";

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/**
 * The signed URL the playground made in the browser (D15), and the HTML that embeds it: what a
 * customer pastes into a public page. It carries the key's public id and a signature, no secret.
 */
export function SignedUrlOutput({
  endpoint,
  url,
  problem,
}: {
  endpoint: EndpointName;
  url: string | null;
  problem: string | null;
}) {
  const html =
    url &&
    (endpoint === "og"
      ? `<meta property="og:image" content="${attribute(url)}" />`
      : `<img src="${attribute(url)}" alt="" />`);
  return (
    <section aria-label="Signed URL" className="space-y-3" data-testid="signed-output">
      <h3 className="text-sm font-semibold text-slate-900">The signed URL</h3>
      <p className="text-xs text-slate-500">
        Signed in this page with Web Crypto over the{" "}
        <Link href="/docs/signed-urls" className="font-medium text-brand-700 hover:underline">
          canonical form
        </Link>
        ; the Render button fetches exactly this URL, with no key and no cookie. It is safe to publish: a changed
        parameter fails with 403 invalid_signature.
      </p>
      {url ? (
        <>
          <CodeBlock code={url} caption="URL" wrap>
            <span data-testid="playground-signed-url">{url}</span>
          </CodeBlock>
          {html && (
            <CodeBlock code={html} caption={endpoint === "og" ? "Meta tag" : "Image tag"} wrap>
              <span data-testid="playground-signed-html">{html}</span>
            </CodeBlock>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600" data-testid="signed-url-missing">
          {problem ?? "Signing…"}
        </p>
      )}
    </section>
  );
}
