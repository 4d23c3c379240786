/**
 * The embedded database (D12 default): PGlite — Postgres compiled to WASM — stored under
 * DATA_DIR/db and served on a loopback Postgres-protocol socket. Only one process may open the
 * PGlite files, so the first process to need the database (normally the server) owns it and
 * publishes its port in server.json; every other process (the admin command while the server
 * runs, a second worker) connects to that socket like to any Postgres. That is what keeps the
 * operator from being locked out by a running server.
 */
import { rmSync } from "node:fs";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

interface ServerInfo {
  port: number;
  pid: number;
}

// Next bundles instrumentation and each route separately, so one process can hold several copies
// of this module; the owned server must be shared through globalThis, or a second copy would wait
// for a lock its own process holds.
const OWNED = Symbol.for("glance.embeddedDb.owned");
const shared = globalThis as { [OWNED]?: Promise<string> };

function embeddedUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** Returns a connection string for the embedded database, starting it in this process if no other owns it. */
export async function embeddedDatabaseUrl(dataDir: string, preferredPort = 0): Promise<string> {
  const dir = path.join(dataDir, "db");
  await mkdir(dir, { recursive: true });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const running = await runningServer(dir);
    if (running) return embeddedUrl(running.port);
    if (shared[OWNED]) return shared[OWNED];
    if (await tryLock(dir)) {
      shared[OWNED] = startOwnedServer(dir, preferredPort);
      return shared[OWNED];
    }
    if (Date.now() > deadline)
      throw new Error(`embedded database at ${dir} is locked by another process that never came up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runningServer(dir: string): Promise<ServerInfo | undefined> {
  let info: ServerInfo;
  try {
    info = JSON.parse(await readFile(path.join(dir, "server.json"), "utf8")) as ServerInfo;
  } catch {
    return undefined;
  }
  if (info.pid === process.pid) return shared[OWNED] ? info : undefined;
  if (!isAlive(info.pid)) return undefined;
  return (await canConnect(info.port)) ? info : undefined;
}

async function tryLock(dir: string): Promise<boolean> {
  const lockPath = path.join(dir, "owner.lock");
  try {
    const handle = await open(lockPath, "wx");
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(await readFile(lockPath, "utf8").catch(() => "0"));
    if (holder && holder !== process.pid && !isAlive(holder)) {
      await rm(lockPath, { force: true }); // stale: its owner died without cleaning up
      return tryLock(dir);
    }
    return false;
  }
}

async function startOwnedServer(dir: string, preferredPort: number): Promise<string> {
  const [{ PGlite }, { EmbeddedPgServer }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@/lib/db/embedded-server"),
  ]);
  const db = await PGlite.create(path.join(dir, "pgdata"));
  const port = await new EmbeddedPgServer(db).listen(preferredPort);
  await writeFile(path.join(dir, "server.json"), JSON.stringify({ port, pid: process.pid } satisfies ServerInfo));
  const cleanup = () => {
    // Synchronous best effort on exit: the next process must not wait for a dead owner.
    try {
      rmSync(path.join(dir, "server.json"), { force: true });
      rmSync(path.join(dir, "owner.lock"), { force: true });
    } catch {}
  };
  process.once("exit", cleanup);
  return embeddedUrl(port);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
