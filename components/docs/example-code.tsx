"use client";

import { OriginCode } from "./origin-code";
import { playgroundLinkIn } from "./playground/share";

/**
 * A docs code example; one that shows a GET /v1/screenshot or /v1/og request gets an "Open in
 * playground" link that opens the form with the same parameters (D22). A full page load, not a
 * client navigation: the playground reads its starting values from the address it loads with.
 */
export function ExampleCode({
  code,
  caption,
  className,
  wrap,
}: {
  code: string;
  caption?: string;
  className?: string;
  wrap?: boolean;
}) {
  const href = playgroundLinkIn(code);
  return (
    <div className={className} data-example>
      <OriginCode code={code} caption={caption} wrap={wrap} />
      {href && (
        // <a>, not <Link>: a full load, so the playground starts from this address.
        <a
          href={href}
          className="mt-2 inline-flex text-sm font-medium text-brand-700 hover:underline"
          data-testid="open-in-playground"
        >
          Open in playground →
        </a>
      )}
    </div>
  );
}
