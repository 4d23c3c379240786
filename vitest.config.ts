import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Vitest runs the files it has no timings for (every run on a fresh clone, as in CI) largest
 * first. A file whose size says nothing of its length then starts late and keeps one worker busy
 * while the other has nothing left to do (D38): such files are named here and start first within
 * their project; the rest keep vitest's order. net/isolated.test.ts is 50 lines that run the
 * specs of tests/integration/net/isolated one after the other in a vitest of their own: minutes.
 */
const LONG_BUT_SMALL = ["tests/integration/net/isolated.test.ts"];
const startsFirst = (file: TestSpecification) => LONG_BUT_SMALL.some((p) => file.moduleId === path.join(root, p));

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((file, i) => [file, i]));
    // Stable: a named file moves ahead of the files of its own project only.
    return [...sorted].sort((a, b) => {
      if (a.project.name === b.project.name && startsFirst(a) !== startsFirst(b)) return startsFirst(a) ? -1 : 1;
      return position.get(a)! - position.get(b)!;
    });
  }
}

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // `server-only` throws outside React Server Components; tests import server modules directly.
      "server-only": path.join(root, "tests/support/empty.ts"),
    },
  },
  test: {
    sequence: { sequencer: LongFilesFirst },
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
