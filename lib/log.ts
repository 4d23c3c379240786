/**
 * JSON logs, one object per line, with the request id (D14). Secrets never reach a line:
 * values of key-like fields are replaced and `api_key` and `signature` query values are cut out
 * of any URL (a signed URL is no secret, but its signature is not for logs either, D15).
 */
import { env } from "@/lib/env";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SECRET_FIELD =
  /^(api_?key|x-api-key|authorization|cookie|set-cookie|password|secret|token|key|signature|signing_?secret)$/i;
const KEY_IN_TEXT = /((?:api_key|signature)=)[^&\s"]*/gi;
const RAW_KEY = /(sk_live_|ss_live_)[A-Za-z0-9_-]{4,}/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(KEY_IN_TEXT, "$1[redacted]").replace(RAW_KEY, "$1[redacted]");
  if (depth > 5 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? "[redacted]" : redact(v, depth + 1);
  return out;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[env().LOG_LEVEL]) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: redact(msg),
    ...(redact(fields) as object),
  });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
