/**
 * The production topology under test: the images built from the repository's Dockerfile (with
 * this machine's extra CA certificates as the build secret `build_ca`, which the images do not
 * keep), on stand-in base images where no registry is reachable (tests/docker/stand-ins), and
 * compose.yaml brought up with docker-compose plus the test's additions (compose.test.yaml).
 * Ports come from E2E_PORT (+90 the load balancer, +91 the test site), so two runs on one
 * machine stay apart; the project name too.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { COMPOSE, DOCKER } from "./engine";

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const LOCAL_CA_DIR = "/usr/local/share/ca-certificates";
const base = Number(process.env.E2E_PORT || 3900) + 90;

export const stack = {
  project: `glance-stack-${base}`,
  lbUrl: `http://127.0.0.1:${base}`,
  siteUrl: `http://127.0.0.1:${base + 1}`,
  /** The page every render here loads: the site container, an allowed private origin. */
  page: "http://site:8080/page",
};

/** Runs a command; a failure carries the end of its output. */
export async function sh(
  file: string,
  args: string[],
  options: { timeout?: number; env?: Record<string, string> } = {},
) {
  try {
    const { stdout } = await exec(file, args, {
      cwd: ROOT,
      timeout: options.timeout ?? 120_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...options.env },
    });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    const tail = `${e.stdout ?? ""}\n${e.stderr ?? ""}`.trim().split("\n").slice(-40).join("\n");
    throw new Error(
      `${path.basename(file)} ${args.slice(0, 3).join(" ")} failed: ${e.message.split("\n")[0]}\n${tail}`,
    );
  }
}

/** This machine's extra CA certificates (Debian's local CA folder, as update-ca-certificates reads it). */
async function localCaPems(): Promise<string[]> {
  const files = await readdir(LOCAL_CA_DIR, { recursive: true }).catch(() => [] as string[]);
  return Promise.all(files.filter((f) => f.endsWith(".crt")).map((f) => readFile(path.join(LOCAL_CA_DIR, f), "utf8")));
}

/** The bodies of the build secret's certificates, to check that no image kept them. */
export async function buildCaCertificates(): Promise<string[]> {
  const pems = await localCaPems();
  return pems.flatMap((pem) => [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END/g)].map((m) => m[1]));
}

/** Stand-in base images, then the app and browserless images exactly as the Dockerfile builds them. */
export async function buildImages(): Promise<void> {
  await sh("bash", ["tests/docker/stand-ins/build.sh"], { timeout: 900_000 });
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-docker-build-"));
  try {
    const pems = await localCaPems();
    const ca = path.join(dir, "build-ca.pem");
    await writeFile(ca, pems.join("\n"));
    const secret = pems.length > 0 ? ["--secret", `id=build_ca,src=${ca}`] : [];
    const build = (target: string, tag: string) =>
      sh(DOCKER, ["build", "--progress=plain", ...secret, "--target", target, "-t", tag, "."], {
        timeout: 1_500_000,
        env: { DOCKER_BUILDKIT: "1" },
      });
    await build("app", "glance:latest");
    await build("browserless", "glance-browserless:latest");
    // The images the tags left behind (each build of changed sources); the build cache stays.
    await sh(DOCKER, ["image", "prune", "--force"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let envFile: string | undefined;

/** docker-compose on compose.yaml and the test's additions, with this run's settings. */
function compose(args: string[], timeout = 300_000): Promise<string> {
  if (!envFile) throw new Error("stack not configured");
  return sh(
    COMPOSE,
    [
      "--project-name",
      stack.project,
      "--file",
      "compose.yaml",
      "--file",
      "tests/docker/compose.test.yaml",
      "--env-file",
      envFile,
      // docker-compose 1.x takes deploy.replicas from here (compose 2 reads it itself).
      "--compatibility",
      ...args,
    ],
    { timeout },
  );
}

/** Writes the settings an operator's .env would hold (fresh secrets each run) and starts the stack. */
export async function up(): Promise<void> {
  const secret = () => randomBytes(24).toString("hex");
  envFile = path.join(await mkdtemp(path.join(os.tmpdir(), "glance-stack-")), ".env");
  const settings = {
    APP_URL: stack.lbUrl,
    AUTH_SECRET: secret(),
    CACHE_SECRET: secret(),
    URL_SIGNING_SECRET: secret(),
    POSTGRES_PASSWORD: secret(),
    REDIS_PASSWORD: secret(),
    BROWSERLESS_TOKEN: secret(),
    NET_GUARD_TOKEN: secret(),
    ALLOW_PRIVATE_ORIGINS: "http://site:8080",
    GLANCE_LISTEN: stack.lbUrl.replace("http://", ""),
    SITE_LISTEN: stack.siteUrl.replace("http://", ""),
  };
  await writeFile(
    envFile,
    Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n") + "\n",
  );
  await compose(["down", "--volumes", "--remove-orphans", "--timeout", "5"]).catch(() => "");
  try {
    await compose(["up", "--detach", "--no-build"], 600_000);
  } catch (error) {
    const logs = await compose(["logs", "--tail", "30"]).catch(() => "");
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}

export async function down(): Promise<void> {
  if (!envFile) return;
  await compose(["down", "--volumes", "--remove-orphans", "--timeout", "10"]).catch(() => "");
  await rm(path.dirname(envFile), { recursive: true, force: true });
}

/** The containers of one service, by replica number. */
export async function containers(service: string): Promise<string[]> {
  const ids = (await compose(["ps", "--quiet", service])).split("\n").filter(Boolean);
  const names = await Promise.all(ids.map((id) => sh(DOCKER, ["inspect", "--format", "{{.Name}}", id])));
  return names.map((n) => n.trim().replace(/^\//, "")).sort();
}

export async function inspect(container: string, format: string): Promise<string> {
  return (await sh(DOCKER, ["inspect", "--format", format, container])).trim();
}

/** Waits until every container of `service` reports healthy (its image's or compose's HEALTHCHECK). */
export async function healthy(service: string, timeoutMs: number): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const names = await containers(service);
    const states = await Promise.all(names.map((n) => inspect(n, "{{.State.Health.Status}}")));
    if (names.length > 0 && states.every((s) => s === "healthy")) return names;
    if (Date.now() > until) throw new Error(`${service}: ${names.map((n, i) => `${n} ${states[i]}`).join(", ")}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * fetch() run by Node inside a container (the app's network view): what the test cannot reach
 * from the host, such as one replica on its own. Answers status, headers and the body (base64).
 */
export async function fetchInside(
  container: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const script = `const [url, init] = JSON.parse(process.argv[1]);
    fetch(url, init).then(async (r) => process.stdout.write(JSON.stringify({ status: r.status,
      headers: Object.fromEntries(r.headers), body: Buffer.from(await r.arrayBuffer()).toString("base64") })),
      (e) => { console.error(e); process.exit(1); });`;
  const out = await sh(DOCKER, ["exec", container, "node", "-e", script, JSON.stringify([url, init])], {
    timeout: 120_000,
  });
  const parsed = JSON.parse(out) as { status: number; headers: Record<string, string>; body: string };
  return { ...parsed, body: Buffer.from(parsed.body, "base64") };
}
