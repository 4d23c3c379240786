/**
 * Target-safety tests that name non-loopback addresses or resolve names run in a loopback-only
 * network namespace (support/namespace.ts); this file starts that run and reports each spec.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTestCertificates, TLS_DIR_ENV } from "./support/certs";
import { runIsolatedSpecs, type InnerRun } from "./support/namespace";

const specDir = path.join(path.dirname(new URL(import.meta.url).pathname), "isolated");
// ISOLATED_SPECS=guard-proxy.spec.ts,fleet.spec.ts runs only those (a quicker loop while working on one).
const only = (process.env.ISOLATED_SPECS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const specs = readdirSync(specDir)
  .filter((f) => f.endsWith(".spec.ts") && (only.length === 0 || only.includes(f)))
  .sort();

let run: InnerRun;

beforeAll(async () => {
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), "glance-net-tls-"));
  const { caFile } = makeTestCertificates(tlsDir);
  run = await runIsolatedSpecs(900_000, only, { NODE_EXTRA_CA_CERTS: caFile, [TLS_DIR_ENV]: tlsDir });
}, 920_000);

describe("target safety in a loopback-only network namespace", () => {
  it.each(specs)("%s passes", (spec) => {
    const mine = run.results.filter((r) => r.file.endsWith(`isolated/${spec}`));
    const failed = mine.filter((r) => r.status !== "passed");
    const detail = failed.map((r) => `✗ ${r.fullName}\n${r.failureMessages.join("\n").slice(0, 2000)}`).join("\n\n");
    expect(mine.length, `no results for ${spec}; inner run output:\n${run.output.slice(-6000)}`).toBeGreaterThan(0);
    expect(failed.length, detail).toBe(0);
  });

  it("the inner run exited cleanly", () => {
    expect(run.exitCode, run.output.slice(-6000)).toBe(0);
  });
});
