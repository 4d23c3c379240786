"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * The origin serving the page (for absolute URLs in code samples). Static pages render with
 * `fallback` on the server and switch to window.location.origin when hydrated, without a mismatch.
 */
export function useOrigin(fallback: string): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => fallback,
  );
}
