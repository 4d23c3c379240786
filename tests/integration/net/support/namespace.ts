/**
 * Runs the isolated specs (tests/integration/net/isolated/*.spec.ts) inside a fresh network
 * namespace that has nothing but loopback, so a bug in the boundary can never send a packet off
 * this machine. The namespace also gets a private mount namespace whose /etc/resolv.conf points
 * at the spec's own DNS server on 127.0.0.1:53, and extra private/metadata addresses on `lo`
 * (10.0.0.1, 169.254.169.254, …) so reaching them would hit the canary instead of nothing.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const NAMESPACE_MARKER = "GLANCE_NET_NAMESPACE";

/** Addresses added to `lo` inside the namespace; specs point attacks at them. */
export const LOOPBACK_ALIASES = ["10.0.0.1", "169.254.169.254", "192.168.1.1", "172.16.0.1", "100.64.0.1"];
export const LOOPBACK_ALIASES_V6 = ["fd00::1"];
/** A public address on `lo` too, standing in for a real public web server (www.public.test). */
export const STAND_IN_PUBLIC_IP = "203.0.114.10";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../../..");

interface InnerResult {
  file: string;
  fullName: string;
  status: string;
  failureMessages: string[];
}

export interface InnerRun {
  exitCode: number | null;
  output: string;
  results: InnerResult[];
}

/** Throws unless this process runs in the loopback-only namespace set up below. */
export function assertIsolated(): void {
  const ifaces = Object.keys(os.networkInterfaces());
  if (process.env[NAMESPACE_MARKER] !== "1" || ifaces.some((name) => name !== "lo")) {
    throw new Error(`refusing to run outside a loopback-only network namespace (interfaces: ${ifaces.join(", ")})`);
  }
}

/** Runs the isolated specs (only those named in `only`, or all when it is empty) in a fresh namespace. */
export async function runIsolatedSpecs(
  timeoutMs: number,
  only: string[],
  extraEnv: Record<string, string> = {},
): Promise<InnerRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-netns-"));
  const resolv = path.join(dir, "resolv.conf");
  const report = path.join(dir, "report.json");
  await writeFile(resolv, "nameserver 127.0.0.1\noptions timeout:1 attempts:1\n");
  const setup = [
    "set -e",
    "ip link set lo up",
    ...LOOPBACK_ALIASES.map((a) => `ip addr add ${a}/32 dev lo`),
    ...LOOPBACK_ALIASES_V6.map((a) => `ip -6 addr add ${a}/128 dev lo nodad`),
    `ip addr add ${STAND_IN_PUBLIC_IP}/32 dev lo`,
    `mount --bind ${resolv} /etc/resolv.conf`,
    'exec "$@"',
  ].join("\n");
  const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
  const args = [
    "--net",
    "--mount",
    "--propagation",
    "private",
    "--",
    "sh",
    "-c",
    setup,
    "sh",
    process.execPath,
    vitest,
    "run",
    "--config",
    "tests/integration/net/vitest.isolated.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...only.map((spec) => `tests/integration/net/isolated/${spec}`),
  ];
  const child = spawn("unshare", args, {
    cwd: root,
    env: { ...process.env, ...extraEnv, [NAMESPACE_MARKER]: "1", CI: "true", FORCE_COLOR: "0", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on("close", (code) => resolve(code));
    child.on("error", (err) => {
      output += `\nspawn failed: ${err.message}`;
      resolve(null);
    });
  });
  clearTimeout(timer);
  let results: InnerResult[] = [];
  try {
    const json = JSON.parse(await readFile(report, "utf8")) as {
      testResults: Array<{
        name: string;
        assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
      }>;
    };
    results = json.testResults.flatMap((file) =>
      file.assertionResults.map((a) => ({
        file: path.relative(root, file.name),
        fullName: a.fullName,
        status: a.status,
        failureMessages: a.failureMessages,
      })),
    );
  } catch {
    // No report: the output explains why (namespace setup failed, crash, timeout).
  }
  return { exitCode, output, results };
}
