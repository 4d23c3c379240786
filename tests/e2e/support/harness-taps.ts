/**
 * Two taps of the harness (harness.ts) for specs that check what the server did rather than what it
 * answered, read through the harness's control server:
 *  - the app's output: the app logs at `info` (the lowest level it writes, so a spec can look for a
 *    secret in every line it writes); all of it is kept for `GET /server-output?from=<offset>`, and
 *    only lines at E2E_LOG_LEVEL (default warn) or above, and lines that are not JSON, are printed;
 *  - held pages: a fixture path `/hold/<name>` answers only once `POST /release?name=<name>` is
 *    sent, so a spec can keep renders (and the jobs they belong to) running for as long as it needs;
 *    the request headers each held page got are at `GET /held?name=<name>`.
 */
import type http from "node:http";
import type { Readable } from "node:stream";

const LEVELS: Record<string, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const printFrom = LEVELS[process.env.E2E_LOG_LEVEL ?? "warn"] ?? LEVELS.warn;

/** The level the app is started with: everything it writes reaches the kept output. */
export const APP_LOG_LEVEL = "info";

let output = "";

/** Keeps everything `stream` writes and prints what is at the printed level or above. */
export function tapOutput(stream: Readable, print: NodeJS.WriteStream): void {
  let partial = "";
  stream.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (printed(line)) print.write(line + "\n");
  });
}

function printed(line: string): boolean {
  if (!line.startsWith("{")) return true;
  try {
    const level = (JSON.parse(line) as { level?: string }).level;
    return (LEVELS[level ?? ""] ?? LEVELS.error) >= printFrom;
  } catch {
    return true;
  }
}

const holds = new Map<string, { released: boolean; waiting: Array<() => void>; headers: http.IncomingHttpHeaders[] }>();

function holdOf(name: string) {
  let hold = holds.get(name);
  if (!hold) holds.set(name, (hold = { released: false, waiting: [], headers: [] }));
  return hold;
}

/** Answers a fixture request for `/hold/<name>` once it is released; false for any other path. */
export function answerHeld(pathname: string, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const name = /^\/hold\/([\w-]{1,64})$/.exec(pathname)?.[1];
  if (!name) return false;
  const hold = holdOf(name);
  hold.headers.push(req.headers);
  const answer = () => {
    const body = `<!doctype html><title>held ${name}</title><h1>Held page ${name}</h1>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  };
  if (hold.released) answer();
  else hold.waiting.push(answer);
  return true;
}

/** The control server's routes for both taps; false for any other path. */
export function answerTapControl(url: URL, method: string, res: http.ServerResponse): boolean {
  const json = (value: unknown) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
  if (url.pathname === "/server-output" && method === "GET") {
    const from = Math.max(0, Number(url.searchParams.get("from")) || 0);
    json({ text: output.slice(from), next: output.length });
    return true;
  }
  const name = url.searchParams.get("name") ?? "";
  if (url.pathname === "/release" && method === "POST") {
    const hold = holdOf(name);
    hold.released = true;
    for (const answer of hold.waiting.splice(0)) answer();
    json({ released: name });
    return true;
  }
  if (url.pathname === "/held" && method === "GET") {
    json(holds.get(name)?.headers ?? []);
    return true;
  }
  return false;
}
