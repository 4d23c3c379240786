// Next.js calls register() once when a server instance starts.
export async function register() {
  // The Node.js server only: the edge runtime has no database or file system.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootstrap } = await import("@/lib/bootstrap");
  await bootstrap();
  // In-flight renders finish on SIGTERM; new ones get 503 + Retry-After (README "Running several instances").
  const { installGracefulShutdown } = await import("@/lib/shutdown");
  installGracefulShutdown();
}
