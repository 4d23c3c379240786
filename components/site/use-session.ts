"use client";

import { useEffect, useState } from "react";

export type SessionState =
  { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; email?: string; name?: string };

/**
 * Whether the visitor is signed in, read from Auth.js's session endpoint in the browser. Marketing
 * and docs pages stay static (fast, cacheable); only the header links and the playground's auth
 * mode depend on this. Any failure counts as signed out.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/auth/session", { signal: controller.signal, cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { user?: { email?: string; name?: string } } | null) => {
        setState(
          body?.user ? { status: "signed-in", email: body.user.email, name: body.user.name } : { status: "signed-out" },
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "signed-out" });
      });
    return () => controller.abort();
  }, []);
  return state;
}
