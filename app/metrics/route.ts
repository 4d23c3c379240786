// Prometheus metrics of this instance (D40), for a scrape holding METRICS_TOKEN.
import { metricsRoute } from "@/lib/observability/metrics-route";

export const dynamic = "force-dynamic";
export const GET = metricsRoute;
