/**
 * A local stand-in for GitHub's OAuth web flow and the two REST calls Auth.js makes. It checks
 * what GitHub checks (client id and secret, redirect URI, single-use codes, PKCE S256, bearer
 * token), so the app's real GitHub provider code runs end to end. The authorize page asks for a
 * login and e-mail, which lets a test choose who "GitHub" says is signing in.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

interface GitHubUser {
  id: number;
  login: string;
  email: string;
}

interface Grant {
  user: GitHubUser;
  redirectUri: string;
  challenge?: string;
  expires: number;
}

export interface GitHubStubOptions {
  clientId: string;
  clientSecret: string;
  /** Only redirect URIs under this origin are accepted. */
  appOrigin: string;
}

function userFor(login: string, email: string): GitHubUser {
  // A stable numeric id per login, like GitHub's.
  const id = parseInt(createHash("sha256").update(login).digest("hex").slice(0, 8), 16);
  return { id, login, email };
}

function html(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GitHub (test stub)</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">${body}</body></html>`;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return new URLSearchParams(text);
}

export function createGitHubStub(options: GitHubStubOptions): http.Server {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, GitHubUser>();

  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    try {
      if (url.pathname === "/login/oauth/authorize") {
        const q = req.method === "POST" ? await readBody(req) : url.searchParams;
        const clientId = q.get("client_id");
        const redirectUri = q.get("redirect_uri") ?? "";
        if (clientId !== options.clientId) return send(400, html("<p>Unknown client_id.</p>"), "text/html");
        if (!redirectUri.startsWith(`${options.appOrigin}/`))
          return send(400, html("<p>redirect_uri not allowed.</p>"), "text/html");
        if (req.method !== "POST") {
          const hidden = [...url.searchParams]
            .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
            .join("");
          return send(
            200,
            html(`<h1>Sign in to GitHub</h1><p>to continue to Glance (test stub)</p>
<form method="post">${hidden}
<p><label>Username <input name="login" required></label></p>
<p><label>Primary e-mail <input name="email" type="email" required></label></p>
<p><button type="submit">Authorize</button></p></form>`),
            "text/html",
          );
        }
        const login = q.get("login") ?? "";
        const email = q.get("email") ?? "";
        if (!login || !email) return send(400, html("<p>login and email are required.</p>"), "text/html");
        if (q.get("code_challenge") && q.get("code_challenge_method") !== "S256")
          return send(400, html("<p>PKCE must be S256.</p>"), "text/html");
        const code = randomBytes(16).toString("hex");
        grants.set(code, {
          user: userFor(login, email),
          redirectUri,
          challenge: q.get("code_challenge") ?? undefined,
          expires: Date.now() + 60_000,
        });
        const back = new URL(redirectUri);
        back.searchParams.set("code", code);
        if (q.get("state")) back.searchParams.set("state", q.get("state")!);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
        const body = await readBody(req);
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent)
          : [body.get("client_id"), body.get("client_secret")];
        if (id !== options.clientId || secret !== options.clientSecret)
          return send(401, { error: "incorrect_client_credentials" });
        const grant = grants.get(body.get("code") ?? "");
        grants.delete(body.get("code") ?? "");
        if (!grant || grant.expires < Date.now()) return send(400, { error: "bad_verification_code" });
        if (body.get("redirect_uri") !== grant.redirectUri) return send(400, { error: "redirect_uri_mismatch" });
        if (grant.challenge) {
          const verifier = body.get("code_verifier") ?? "";
          const computed = createHash("sha256").update(verifier).digest("base64url");
          if (computed !== grant.challenge)
            return send(400, { error: "bad_verification_code", error_description: "PKCE mismatch" });
        }
        const token = `gho_${randomBytes(18).toString("hex")}`;
        tokens.set(token, grant.user);
        return send(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      }

      if (url.pathname === "/api/user" || url.pathname === "/api/user/emails") {
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
        const user = token ? tokens.get(token) : undefined;
        if (!user) return send(401, { message: "Bad credentials" });
        if (url.pathname === "/api/user") {
          // Like most GitHub users, no public e-mail: the app must ask /user/emails.
          return send(200, {
            id: user.id,
            login: user.login,
            name: null,
            email: null,
            avatar_url: `https://avatars.example/${user.login}`,
          });
        }
        return send(200, [
          { email: `${user.login}@users.noreply.example`, primary: false, verified: true, visibility: null },
          { email: user.email, primary: true, verified: true, visibility: "private" },
        ]);
      }

      send(404, { message: "Not Found" });
    } catch {
      send(500, { message: "stub error" });
    }
  });
}
