/**
 * Where the end-to-end environment listens. Everything derives from E2E_PORT (the app; 3900 by
 * default, as in CI), so playwright.config.ts, the harness and the tests agree without passing
 * state around, and two runs on different E2E_PORTs never collide.
 */
const E2E_PORT = Number(process.env.E2E_PORT || 3900);
if (!Number.isInteger(E2E_PORT) || E2E_PORT < 1024 || E2E_PORT > 65530)
  throw new Error(`bad E2E_PORT ${process.env.E2E_PORT}`);

const host = "127.0.0.1";

export const e2e = {
  appPort: E2E_PORT,
  appUrl: `http://${host}:${E2E_PORT}`,
  smtpPort: E2E_PORT + 1,
  /** Harness control API: captured mails. */
  controlUrl: `http://${host}:${E2E_PORT + 2}`,
  /** Local GitHub OAuth + REST stub. */
  githubUrl: `http://${host}:${E2E_PORT + 3}`,
  /** Static pages from tests/e2e/fixtures (and tests/fixtures under /shared/), an allowed private origin for rendering tests. */
  fixturesUrl: `http://${host}:${E2E_PORT + 4}`,
  /** A second app on the embedded default (no DATABASE_URL, no EMAIL_SERVER), started by its own spec. */
  localAppPort: E2E_PORT + 5,
  /** A stand-in for Stripe's API and its hosted Checkout / Portal pages (tests/support/stripe-stand-in.ts). */
  stripeUrl: `http://${host}:${E2E_PORT + 6}`,
  /** An S3-protocol server the storage spec starts (an allowed private origin, like the fixtures). */
  s3Port: E2E_PORT + 7,
  /** The render-errors spec's own app (its own queue size, browser and database; it is stopped by the spec). */
  renderAppPort: E2E_PORT + 8,
  /** That spec's target pages (slow, never-finishing, 404, redirects), an allowed private origin of its app. */
  renderTargetsPort: E2E_PORT + 9,
  /** Allowed as a private origin of the render-errors app, with nothing listening (target_unreachable). */
  renderClosedPort: E2E_PORT + 10,
  /** That spec's S3-protocol server. */
  renderS3Port: E2E_PORT + 11,
  /** The observability spec's own app (metrics and traces on, D40), stopped by the spec. */
  observeAppPort: E2E_PORT + 12,
  /** That spec's OTLP/HTTP receiver, the app's OTEL_EXPORTER_OTLP_ENDPOINT. */
  observeOtlpPort: E2E_PORT + 13,
  /** That spec's webhook receiver, an allowed private origin of its app. */
  observeHooksPort: E2E_PORT + 14,
  /** The crawl-site spec's site (Flask's Debian docs with its robots.txt and gzipped sitemaps), an allowed private origin of the app. */
  crawlSiteUrl: `http://${host}:${E2E_PORT + 15}`,
  databaseName: `glance_e2e_${E2E_PORT}`,
  databaseUrl: `postgres://postgres@${host}:5432/glance_e2e_${E2E_PORT}`,
  adminDatabaseUrl: `postgres://postgres@${host}:5432/test`,
  githubClientId: "glance-e2e-client",
  githubClientSecret: "glance-e2e-secret-0123456789",
  /** Billing is on in the e2e app (D18); tests sign webhook events with this secret. */
  stripeWebhookSecret: "whsec_glance_e2e",
  stripePrices: {
    STRIPE_PRICE_STARTER_MONTHLY: "price_e2e_starter_m",
    STRIPE_PRICE_STARTER_YEARLY: "price_e2e_starter_y",
    STRIPE_PRICE_PRO_MONTHLY: "price_e2e_pro_m",
    STRIPE_PRICE_PRO_YEARLY: "price_e2e_pro_y",
    STRIPE_PRICE_BUSINESS_MONTHLY: "price_e2e_business_m",
    STRIPE_PRICE_BUSINESS_YEARLY: "price_e2e_business_y",
  },
} as const;
