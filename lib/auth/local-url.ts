/**
 * Keeps user-supplied return paths on our own site: only a local path ("/dashboard/keys") is
 * accepted, never "//evil.example" or "https://…", so sign-in can't be turned into an open redirect.
 */
export function safeReturnPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length > 512) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}
