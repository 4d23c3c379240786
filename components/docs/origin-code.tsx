"use client";

import { useOrigin } from "@/components/site/use-origin";
import { CodeBlock } from "@/components/ui";

const HOST_PLACEHOLDER = "https://YOUR_GLANCE_HOST";

/** A code block's code and how it is shown (ExampleCode takes the same). */
export interface OriginCodeProps {
  code: string;
  caption?: string;
  className?: string;
  wrap?: boolean;
}

/**
 * A code block whose examples point at the host serving these docs: pages stay static, and the
 * placeholder is swapped for window.location.origin once in the browser.
 */
export function OriginCode({ code, caption, className, wrap }: OriginCodeProps) {
  const shown = code.replaceAll(HOST_PLACEHOLDER, useOrigin(HOST_PLACEHOLDER));
  return <CodeBlock code={shown} caption={caption} className={className} wrap={wrap} />;
}
