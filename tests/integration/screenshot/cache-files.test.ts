import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineCacheSuite } from "./cache-suite";

// The embedded default: results as files under DATA_DIR.
defineCacheSuite("files under DATA_DIR", {
  env: async () => ({ database: "postgres" }),
  concurrency: 50,
  async assertStored(h, key) {
    const found: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.name.includes(key)) found.push(full);
      }
    };
    expect(existsSync(h.testEnv.dataDir)).toBe(true);
    await walk(h.testEnv.dataDir);
    expect(found.length).toBeGreaterThan(0);
  },
});
