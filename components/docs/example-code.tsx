"use client";

import { OriginCode, type OriginCodeProps } from "./origin-code";
import { PlaygroundLink } from "./playground-link";

/**
 * A docs code example that is not an API call of the SDKs (HTML, a string to sign); one that
 * shows a GET /v1/screenshot or /v1/og request gets an "Open in playground" link (D22). API
 * requests are ApiExampleTabs (./api-examples), curl beside both SDKs.
 */
export function ExampleCode({ code, caption, className, wrap }: OriginCodeProps) {
  return (
    <div className={className} data-example>
      <OriginCode code={code} caption={caption} wrap={wrap} />
      <PlaygroundLink code={code} />
    </div>
  );
}
