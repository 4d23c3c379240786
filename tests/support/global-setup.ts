/**
 * Integration tests need the real PostgreSQL and Redis of this machine. scripts/test.sh starts
 * them when they are down; here we only fail fast with a clear message if they are not there.
 */
import net from "node:net";

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.setTimeout(2000, () => (s.destroy(), resolve(false)));
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

export default async function setup() {
  for (const [name, port] of [
    ["PostgreSQL", 5432],
    ["Redis", 6379],
  ] as const) {
    if (!(await reachable(port)))
      throw new Error(`${name} is not reachable on 127.0.0.1:${port}; run scripts/services.sh`);
  }
}
