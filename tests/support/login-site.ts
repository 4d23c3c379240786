/**
 * A small site behind a login form (D43's tests): GET /login is the form, POST /login with
 * alice / correct-horse sets an HttpOnly session cookie and sends the browser to /account; the
 * form's script also keeps a preference in local storage as it submits. /account shows who is
 * signed in on a green page, or "Please sign in" on a red one, and the preference it finds in
 * local storage — so a capture tells, by colour and text, whether cookies and local storage came.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LoginSite {
  origin: string;
  close(): Promise<void>;
}

const LOGIN = `<!doctype html><html><head><title>Sign in</title></head><body>
<h1>Sign in to Fixture</h1>
<form method="post" action="/login" onsubmit="localStorage.setItem('prefs', 'from-login')">
  <label>Username <input name="username" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form></body></html>`;

function account(user: string | undefined): string {
  const color = user ? "#00c853" : "#d50000";
  const text = user ? `Signed in as ${user}` : "Please sign in";
  return `<!doctype html><html><head><title>Account</title>
<style>html,body{margin:0;height:100%;background:${color}}</style></head><body>
<h1 id="who">${text}</h1><p id="prefs"></p>
<script>document.getElementById("prefs").textContent = "prefs: " + (localStorage.getItem("prefs") || "none");</script>
</body></html>`;
}

/**
 * The site's pages as a request handler (the e2e fixture server mounts it): answers /login and
 * /account and returns true, or returns false for any other path.
 */
export function loginSiteHandler(): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const sessions = new Map<string, string>();
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://login.fixture");
    if (url.pathname !== "/login" && url.pathname !== "/account") return false;
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (url.pathname === "/login" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        if (form.get("username") !== "alice" || form.get("password") !== "correct-horse") {
          return void res.writeHead(303, { location: "/login?failed=1" }).end();
        }
        const id = randomBytes(16).toString("hex");
        sessions.set(id, "alice");
        res.writeHead(303, { location: "/account", "set-cookie": `sid=${id}; Path=/; HttpOnly; Max-Age=3600` }).end();
      });
      return true;
    }
    const html = url.pathname === "/login" ? LOGIN : account(sessions.get(sid ?? ""));
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
    return true;
  };
}

export async function startLoginSite(): Promise<LoginSite> {
  const answer = loginSiteHandler();
  const server = http.createServer((req, res) => {
    if (!answer(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
