/**
 * How to start the production server (scripts/server.ts) from another process: the e2e harness,
 * its specs and the benchmark spawn it the way `npm start` does.
 */
import path from "node:path";

export function serverCommand(
  root: string,
  options: { port: number; hostname?: string },
): { command: string; args: string[] } {
  const args = ["--import", "tsx", path.join(root, "scripts/server.ts"), "--port", String(options.port)];
  if (options.hostname) args.push("--hostname", options.hostname);
  return { command: process.execPath, args };
}
