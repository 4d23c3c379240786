"use client";

import { useEffect, useState } from "react";

export type SessionState =
  { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; email?: string; name?: string };

// One question per page load, shared by the header, the mobile menu and the playground, so they
// never disagree and an action can wait for the answer (#35 point 7). A later mount after this
// long asks again (a sign-out in another tab).
const REUSE_MS = 10_000;
let shared: { at: number; answer: Promise<SessionState> } | undefined;

/** Whether the visitor is signed in: the shared answer of Auth.js's session endpoint. Any failure counts as signed out. */
export function readSession(): Promise<SessionState> {
  if (!shared || Date.now() - shared.at > REUSE_MS) {
    const answer = fetch("/api/auth/session", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { user?: { email?: string; name?: string } } | null): SessionState =>
        body?.user ? { status: "signed-in", email: body.user.email, name: body.user.name } : { status: "signed-out" },
      )
      .catch((): SessionState => ({ status: "signed-out" }));
    shared = { at: Date.now(), answer };
  }
  return shared.answer;
}

/**
 * Whether the visitor is signed in, read in the browser. Marketing and docs pages stay static
 * (fast, cacheable); only the header links, calls to action and the playground's auth mode depend
 * on this. "loading" until the answer: callers show neither state meanwhile.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    void readSession().then((answer) => void (current && setState(answer)));
    return () => void (current = false);
  }, []);
  return state;
}
