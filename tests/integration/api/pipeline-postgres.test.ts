import { definePipelineSuite } from "./pipeline-suite";

// Production shape: Postgres from DATABASE_URL, counters in Redis from REDIS_URL.
definePipelineSuite("Postgres + Redis", { database: "postgres", store: "redis" });
