/**
 * Every operation of the OpenAPI document as the Go, PHP, Ruby and Java SDKs call it (D37): its
 * method and path, whether its options go in a JSON body or the query, what it answers (a file,
 * JSON or nothing), and each option's name with its JSON type, written as a table in each
 * language. The clients send any operation by its operationId from this table and check an
 * option's name and type before sending; scripts/sdk-sources.ts puts the tables beside the
 * TypeScript and Python ones, and tests/unit/sdks/generated.test.ts fails while a copy differs.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking the JSON document
type Json = any;

/** string, integer, number, boolean, array, object, any, or a union such as "array|string". */
type ParamType = string;

export interface SdkOperation {
  id: string;
  method: string;
  path: string;
  /** The path's {placeholders}, in order. */
  pathParams: string[];
  /** Whether the options are a JSON body (true) or query parameters (false). */
  body: boolean;
  /** What a success answers: a rendered file, JSON, or no content. */
  answer: "file" | "json" | "none";
  params: Array<[string, ParamType]>;
}

/** Query parameters of signed URLs and of authentication: the SDKs set these themselves. */
const NOT_OPTIONS = new Set(["api_key", "key_id", "expires", "signature"]);

function typeOf(schema: Json): ParamType {
  if (!schema) return "any";
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.filter((t: string) => t !== "null").join("|") || "any";
  const variants: Json[] | undefined = schema.oneOf ?? schema.anyOf;
  if (variants) {
    const types = [...new Set(variants.map(typeOf).flatMap((t) => t.split("|")))].sort();
    return types.includes("any") ? "any" : types.join("|");
  }
  if (schema.enum) return "string";
  return "any";
}

function answerOf(operation: Json): SdkOperation["answer"] {
  const ok = Object.entries<Json>(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
  const types = Object.keys(ok?.[1]?.content ?? {});
  if (types.length === 0) return "none";
  return types.every((t) => t.includes("json")) ? "json" : "file";
}

/** The document's operations (HEAD included: a customer may ask whether a result is cached). */
export function sdkOperations(doc: Json): SdkOperation[] {
  const out: SdkOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, operation] of Object.entries<Json>(item)) {
      if (!operation?.operationId) continue;
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      const query = (operation.parameters ?? []).filter((p: Json) => p.in === "query");
      const params: Array<[string, ParamType]> = schema
        ? Object.entries<Json>(schema.properties ?? {}).map(([name, s]) => [name, typeOf(s)])
        : query.map((p: Json) => [p.name, typeOf(p.schema)]);
      out.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        body: Boolean(schema),
        answer: answerOf(operation),
        params: params.filter(([name]) => !NOT_OPTIONS.has(name)),
      });
    }
  return out;
}

const q = (text: string) => JSON.stringify(text);

export function goSource(ops: SdkOperation[], events: string[], header: string): string {
  const lines = [`// ${header}`, "", "package glance", ""];
  lines.push("// operationList: every operation of the OpenAPI document (operations indexes it by operationId).");
  lines.push("var operationList = []operation{");
  for (const op of ops) {
    const params = op.params.map(([n, t]) => `{${q(n)}, ${q(t)}}`).join(", ");
    const pathParams = op.pathParams.map(q).join(", ");
    lines.push(
      `\t{id: ${q(op.id)}, method: ${q(op.method)}, path: ${q(op.path)}, pathParams: []string{${pathParams}}, body: ${op.body}, answer: ${q(op.answer)}, params: []param{${params}}},`,
    );
  }
  lines.push("}", "", "// WebhookEvents: the event types a delivery's type may name.");
  lines.push(`var WebhookEvents = []string{${events.map(q).join(", ")}}`, "");
  return lines.join("\n");
}

export function phpSource(ops: SdkOperation[], events: string[], header: string): string {
  const lines = ["<?php", "", `// ${header}`, "", "declare(strict_types=1);", "", "namespace Glance;", ""];
  lines.push("/** Every operation of the OpenAPI document, by its operationId. */", "final class Operations", "{");
  lines.push("    public const ALL = [");
  for (const op of ops) {
    lines.push(`        '${op.id}' => [`);
    lines.push(`            'method' => '${op.method}',`, `            'path' => '${op.path}',`);
    lines.push(`            'pathParams' => [${op.pathParams.map((p) => `'${p}'`).join(", ")}],`);
    lines.push(`            'body' => ${op.body},`, `            'answer' => '${op.answer}',`);
    lines.push(`            'params' => [${op.params.map(([n, t]) => `'${n}' => '${t}'`).join(", ")}],`);
    lines.push("        ],");
  }
  lines.push("    ];", "", "    /** The event types a webhook delivery's type may name. */");
  lines.push(`    public const WEBHOOK_EVENTS = [${events.map((e) => `'${e}'`).join(", ")}];`, "}", "");
  return lines.join("\n");
}

export function rubySource(ops: SdkOperation[], events: string[], header: string): string {
  const lines = ["# frozen_string_literal: true", "", `# ${header}`, "", "module Glance"];
  lines.push("  # Every operation of the OpenAPI document, by its operationId.", "  OPERATIONS = {");
  for (const op of ops) {
    lines.push(`    ${q(op.id)} => {`);
    lines.push(
      `      method: ${q(op.method)}, path: ${q(op.path)}, path_params: [${op.pathParams.map(q).join(", ")}],`,
    );
    lines.push(`      body: ${op.body}, answer: ${q(op.answer)},`);
    lines.push(`      params: { ${op.params.map(([n, t]) => `${q(n)} => ${q(t)}`).join(", ")} }`);
    lines.push("    },");
  }
  lines.push("  }.freeze", "", "  # The event types a webhook delivery's type may name.");
  lines.push(`  WEBHOOK_EVENTS = [${events.map(q).join(", ")}].freeze`, "end", "");
  return lines.join("\n");
}

export function javaSource(ops: SdkOperation[], events: string[], header: string): string {
  const lines = [
    `// ${header}`,
    "",
    "package dev.glance.sdk;",
    "",
    "import java.util.List;",
    "import java.util.Map;",
    "",
  ];
  lines.push("/** Every operation of the OpenAPI document, by its operationId. */", "final class Operations {");
  lines.push("  private Operations() {}", "", "  static final Map<String, Operation> ALL =", "      Map.ofEntries(");
  ops.forEach((op, i) => {
    const params = op.params.map(([n, t]) => `${q(n)}, ${q(t)}`).join(", ");
    const end = i === ops.length - 1 ? "));" : "),";
    lines.push(`          Map.entry(${q(op.id)}, new Operation(${q(op.method)}, ${q(op.path)},`);
    lines.push(`              List.of(${op.pathParams.map(q).join(", ")}), ${op.body}, ${q(op.answer)},`);
    lines.push(`              Operation.params(${params}))${end}`);
  });
  lines.push("", "  /** The event types a webhook delivery's type may name. */");
  lines.push(`  static final List<String> WEBHOOK_EVENTS = List.of(${events.map(q).join(", ")});`, "}", "");
  return lines.join("\n");
}
