import { Fragment } from "react";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/formats";

/** "`image/png`, `image/jpeg` or `application/pdf`": the media types of these output formats (lib/formats.ts). */
export function MediaTypes({
  formats,
  conjunction = "or",
}: {
  formats: readonly OutputFormat[];
  conjunction?: string;
}) {
  return (
    <>
      {formats.map((format, i) => (
        <Fragment key={format}>
          {i === 0 ? "" : i === formats.length - 1 ? ` ${conjunction} ` : ", "}
          <code>{OUTPUT_FORMATS[format].mime}</code>
        </Fragment>
      ))}
    </>
  );
}
