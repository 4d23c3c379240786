/**
 * Rate limits count in fixed one-minute windows (lib/api/rate-limit.ts). A test that sends a
 * loop of requests and expects them counted in one window first waits out the last seconds of
 * the current one, so the count cannot restart half-way.
 */
export async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
