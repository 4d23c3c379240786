/**
 * Pages that change on request, for the comparison tests (D27): a white page with one box whose
 * colour and place the test sets, an optional clock whose text changes on every load, and a height.
 * Served on loopback; a test allows the origin through ALLOW_PRIVATE_ORIGINS.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

interface PageState {
  /** The box, in CSS px from the page's top-left corner. */
  box: { x: number; y: number; width: number; height: number; color: string };
  /** A .clock element at the top-left whose text differs on every load. */
  clock: boolean;
  /** The document's height in CSS px. */
  height: number;
  /** Loads are held, unanswered, until release(name) (a run to interrupt). */
  hold: boolean;
  /** Answered as Cloudflare's challenge would be: 403, cf-mitigated: challenge, its form (D23). */
  challenge: boolean;
}

export interface ChangingPages {
  origin: string;
  /** The URL of the page `name`; its state is `state(name)`. */
  url(name: string): string;
  state(name: string): PageState;
  /** Page loads so far, per name. */
  loads: Map<string, number>;
  /** Loads of `name` waiting unanswered. */
  held(name: string): number;
  /** Stops holding `name` and answers the loads waiting. */
  release(name: string): void;
  close(): Promise<void>;
}

const DEFAULT: PageState = {
  box: { x: 100, y: 120, width: 200, height: 50, color: "#2563eb" },
  clock: false,
  height: 300,
  hold: false,
  challenge: false,
};

const CHALLENGE = `<!doctype html><html><head><title>Just a moment...</title></head><body>
<h2 id="challenge-running">Checking if the site connection is secure</h2>
<div id="challenge-stage"></div><form id="challenge-form" action="/?__cf_chl_f_tk=x" method="POST"></form>
</body></html>`;

function html(state: PageState, serial: number): string {
  const { box } = state;
  const clock = state.clock
    ? `<div class="clock" style="position:absolute;left:10px;top:10px;width:120px;height:30px;font:20px monospace;background:#fde68a">${String(serial).padStart(6, "0")}</div>`
    : "";
  return `<!doctype html><html><head><style>html,body{margin:0;background:#fff}</style></head><body>
<div style="position:relative;height:${state.height}px">
${clock}<div style="position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;background:${box.color}"></div>
</div></body></html>`;
}

export async function startChangingPages(): Promise<ChangingPages> {
  const states = new Map<string, PageState>();
  let served = 0; // across all pages: no two loads show the same clock
  const waiting = new Map<string, Array<() => void>>();
  const loads = new Map<string, number>();
  const state = (name: string) => {
    let s = states.get(name);
    if (!s) states.set(name, (s = structuredClone(DEFAULT)));
    return s;
  };
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://pages").pathname.slice(1);
    const s = state(name);
    const load = (loads.get(name) ?? 0) + 1;
    loads.set(name, load);
    const answer = () => {
      if (res.destroyed) return;
      if (s.challenge)
        return void res
          .writeHead(403, { "content-type": "text/html", "cf-mitigated": "challenge", server: "cloudflare" })
          .end(CHALLENGE);
      res.writeHead(200, { "content-type": "text/html" }).end(html(s, ++served));
    };
    if (!s.hold) return answer();
    const queue = waiting.get(name) ?? [];
    queue.push(answer);
    waiting.set(name, queue);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name) => `${origin}/${name}`,
    state,
    loads,
    held: (name) => (waiting.get(name) ?? []).length,
    release(name) {
      state(name).hold = false;
      for (const answer of waiting.get(name) ?? []) answer();
      waiting.delete(name);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
