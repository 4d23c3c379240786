// Next.js calls register() once when a server instance starts.
export async function register() {
  // The Node.js server only: the edge runtime has no database or file system.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Traces (D40): the OpenTelemetry SDK, loaded only when an OTLP endpoint is configured, and
  // started before anything else so the first requests are traced too.
  const { env } = await import("@/lib/env");
  if (env().OTEL_EXPORTER_OTLP_ENDPOINT) (await import("@/lib/observability/tracing-sdk")).startTracing();
  const { bootstrap } = await import("@/lib/bootstrap");
  await bootstrap();
  // Live browser sessions (D39): scripts/server.ts hands WebSocket upgrades to this handler.
  const { installSessionEndpoint } = await import("@/lib/sessions/connect");
  installSessionEndpoint();
  // Connectors for private sites (D42): their /v1/connector upgrade and the guard's routes.
  const { installConnectorEndpoint } = await import("@/lib/connectors/endpoint");
  installConnectorEndpoint();
  // In-flight renders finish on SIGTERM; new ones get 503 + Retry-After (README "Running several instances").
  const { installGracefulShutdown } = await import("@/lib/shutdown");
  installGracefulShutdown();
}
