import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // `server-only` throws outside React Server Components; tests import server modules directly.
      "server-only": path.join(root, "tests/support/empty.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Unit tests take milliseconds to a second here; the margin is for a CI machine shared
        // with other jobs (it has run three times slower than this one).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 15_000 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: Chromium-heavy files must not pile up.
          maxWorkers: 2,
          globalSetup: ["tests/support/global-setup.ts"],
          // next-auth imports "next/server" without an extension, which Node's ESM resolver
          // refuses (next has no exports map); through Vite's resolver it loads as under Next.
          server: { deps: { inline: ["next-auth"] } },
        },
      },
      {
        extends: true,
        // The image and compose topology (tests/docker): one file, minutes of building first;
        // scripts/test.sh runs it beside the other steps.
        test: {
          name: "docker",
          include: ["tests/docker/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 1_800_000,
        },
      },
    ],
  },
});
