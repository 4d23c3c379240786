import Link from "next/link";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { ERROR_CODES, type ErrorCode } from "@/lib/vocabulary/errors";
import { headers as headerComponents } from "@/lib/api/openapi/responses";
import type { Schema } from "@/lib/api/openapi/types";

type JsonSchema = { type?: string | string[]; description?: string; enum?: string[]; anyOf?: JsonSchema[] };

/** "integer | null": a field's type as written by hand (a type list) or by zod (anyOf for a nullable). */
function typeOf(p: JsonSchema): string | undefined {
  if (p.enum) return p.enum.join(" | ");
  if (p.anyOf) return p.anyOf.map(typeOf).join(" | ");
  return Array.isArray(p.type) ? p.type.join(" | ") : p.type;
}

/**
 * The fields of a JSON metadata object (D7), read from the OpenAPI component schema so the docs
 * and /v1/openapi.json describe the same shape.
 */
export function MetadataTable({ name, schema }: { name: string; schema: Schema }) {
  const s = schema as { properties: Record<string, JsonSchema>; required: string[] };
  return (
    <Table label={`${name} fields`}>
      <THead>
        <TR>
          <TH>Field</TH>
          <TH>Type</TH>
          <TH>Meaning</TH>
        </TR>
      </THead>
      <TBody>
        {Object.entries(s.properties).map(([name, p]) => (
          <TR key={name}>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{name}</code>
            </TD>
            <TD className="whitespace-nowrap font-mono text-xs">
              {typeOf(p)}
              {!s.required.includes(name) && <span className="text-slate-500"> (optional)</span>}
            </TD>
            <TD>{p.description}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

const HEADER_NAMES: Record<string, string> = {
  XCache: "X-Cache",
  XRenderTime: "X-Render-Time",
  XImageSize: "X-Image-Size",
  ETag: "ETag",
  CacheControl: "Cache-Control",
  XTargetStatus: "X-Target-Status",
  RateLimitLimit: "RateLimit-Limit",
  RateLimitRemaining: "RateLimit-Remaining",
  RateLimitReset: "RateLimit-Reset",
  RetryAfter: "Retry-After",
  XQuotaLimit: "X-Quota-Limit",
  XQuotaRemaining: "X-Quota-Remaining",
  XQuotaReset: "X-Quota-Reset",
  XRequestId: "X-Request-Id",
};

/** A render endpoint's "Headers" section: its heading and the table of its response headers. */
export function ResponseHeaders() {
  return (
    <>
      <h3 id="headers">Headers</h3>
      <div className="not-prose">
        <HeadersTable />
      </div>
    </>
  );
}

/** Response headers of the render endpoints, from the OpenAPI header components. */
function HeadersTable() {
  const all = headerComponents() as Record<string, { description: string }>;
  return (
    <Table label="Response headers">
      <THead>
        <TR>
          <TH>Header</TH>
          <TH>Meaning</TH>
        </TR>
      </THead>
      <TBody>
        {Object.entries(all).map(([key, h]) => (
          <TR key={key}>
            <TD className="whitespace-nowrap">
              <code className="font-mono text-[13px] font-semibold text-slate-900">{HEADER_NAMES[key] ?? key}</code>
            </TD>
            <TD>{h.description}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** The error codes an endpoint can answer with, each linking to its entry on the errors page. */
export function ErrorCodeList({ codes }: { codes: readonly ErrorCode[] }) {
  return (
    <ul className="not-prose grid gap-2 sm:grid-cols-2">
      {codes.map((code) => (
        <li key={code} className="flex items-baseline gap-2 text-sm">
          <span className="w-9 shrink-0 font-mono text-xs text-slate-500">{ERROR_CODES[code].status}</span>
          <Link href={`/docs/errors#${code}`} className="font-mono text-[13px] text-brand-700 hover:underline">
            {code}
          </Link>
        </li>
      ))}
    </ul>
  );
}
