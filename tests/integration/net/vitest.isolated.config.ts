/**
 * Config for the specs that run inside the loopback-only network namespace (support/namespace.ts
 * spawns vitest with it). No global setup: Postgres and Redis are outside the namespace.
 */
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["tests/integration/net/isolated/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60_000,
    // As the integration project: a set-up (embedded database, browser, fixture servers) on two
    // loaded cores was seen past 60 s (watch.spec.ts).
    hookTimeout: 120_000,
    // One port-53 DNS server per namespace and two cores: one file at a time.
    fileParallelism: false,
  },
});
