/**
 * The app's server modules import "server-only", which resolves to an empty module only under the
 * react-server condition (how Next runs them). `tsx bench/<name>.ts` lacks it, so a benchmark
 * calls this first: it re-runs the same file with the condition and exits with its status.
 * Benchmarks import the app's modules dynamically, after this call.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function rerunUnderReactServer(entryUrl: string): void {
  if (process.execArgv.some((arg) => arg.includes("react-server"))) return;
  const child = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", fileURLToPath(entryUrl), ...process.argv.slice(2)],
    {
      stdio: "inherit",
      cwd: ROOT,
    },
  );
  process.exit(child.status ?? 1);
}
