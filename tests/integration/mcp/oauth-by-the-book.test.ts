/**
 * OAuth for MCP clients by the book (issue 43; OAuth 2.1, RFC 9700, the MCP authorization spec;
 * D25), with the SDK's own client against the real routes over HTTP: errors shown on our page
 * rather than an open redirect, redirect URIs refused at registration, the token request's
 * redirect_uri, a replayed refresh token or authorization code revoking its grant.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { mcpHarness, postMcp } from "./harness";
import { authorizationUrl, pkce, register, signedInOAuth, TestProvider, tokenRequest } from "./oauth-client";

const h = mcpHarness();
const { app, decide, authorize } = signedInOAuth(h);

describe("by the book (OAuth 2.1, RFC 9700)", () => {
  const errorOf = async (r: Response) => [r.status, ((await r.json()) as { error: string }).error];

  it("registration refuses userinfo, fragments and schemes other than https, loopback http and an app's own", async () => {
    const refused = [
      ...["https://glance.example@evil.example/cb", "https://user:pw@evil.example/cb", "https://@evil.example/cb"],
      ...[
        "https://app.example/cb#frag",
        "https://app.example/cb#",
        "http://evil.example/cb",
        "http://127.0.0.1.nip.io/",
      ],
      ...["view-source:https://evil.example/", "javascript:alert(1)//", "data:text/html,<script>alert(1)</script>"],
      ...[
        "file:///etc/passwd",
        "blob:https://evil.example/x",
        "ftp://evil.example/",
        "chrome://settings",
        "intent://x",
      ],
    ];
    for (const uri of refused)
      expect(await errorOf(await register(app(), [uri])), uri).toEqual([400, "invalid_redirect_uri"]);
    const allowed = [
      ...[
        "https://claude.ai/api/mcp/auth_callback",
        "http://127.0.0.1:33418/cb",
        "http://[::1]:8080/cb",
        "http://localhost:6274/cb",
      ],
      ...["cursor://anysphere.cursor-mcp/oauth/callback", "com.example.agent:/oauth/callback"],
    ];
    for (const uri of allowed) expect((await register(app(), [uri])).status, uri).toBe(201);
  });

  it("an error is shown on our page: nothing redirects to the client's URI until the user answers", async () => {
    const attacker = "https://attacker.example/phish";
    const { client_id } = (await (await register(app(), [attacker])).json()) as { client_id: string };
    const { checkAuthorizeRequest } = await import("@/lib/mcp/oauth/authorize");
    const bad = authorizationUrl(app(), client_id, attacker, pkce().challenge);
    bad.searchParams.set("response_type", "token");
    expect(await checkAuthorizeRequest(bad.searchParams)).toMatchObject({
      kind: "failed",
      error: "unsupported_response_type",
    });
    // Nor does the decision, for a signed-in user: the page offered no form for such a request.
    const posted = await decide(bad, "allow");
    expect([posted.status, posted.headers.get("location")]).toEqual([400, null]);
    // An unknown client, a URI it did not register, one stored under the older, looser rule: refused outright.
    await h.sql("UPDATE oauth_clients SET redirect_uris = redirect_uris || $2 WHERE id = $1", [
      client_id,
      ["javascript:x//"],
    ]);
    for (const [id, uri] of [
      ["glmcp_unknown", attacker],
      [client_id, `${attacker}/other`],
      [client_id, "javascript:x//"],
    ]) {
      const url = authorizationUrl(app(), id, uri, pkce().challenge);
      expect((await checkAuthorizeRequest(url.searchParams)).kind, uri).toBe("refused");
    }
  });

  it("the token request must repeat the authorization request's redirect_uri, when it named one", async () => {
    const redirect = "http://127.0.0.1:9/cb";
    const { client_id } = (await (await register(app(), [redirect])).json()) as { client_id: string };
    const { verifier, challenge } = pkce();
    const exchange = async (redirectUri: string | undefined, extra: Record<string, string>) => {
      const answer = await decide(authorizationUrl(app(), client_id, redirectUri, challenge), "allow");
      const code = new URL(answer.headers.get("location")!).searchParams.get("code")!;
      const form = { grant_type: "authorization_code", code, code_verifier: verifier, client_id, ...extra };
      return tokenRequest(app(), form);
    };
    expect(await errorOf(await exchange(redirect, {}))).toEqual([400, "invalid_grant"]);
    expect(await errorOf(await exchange(redirect, { redirect_uri: `${redirect}/x` }))).toEqual([400, "invalid_grant"]);
    expect((await exchange(redirect, { redirect_uri: redirect })).status).toBe(200);
    // Left out of the authorization request (the client registered one URI): not needed here either.
    expect((await exchange(undefined, {})).status).toBe(200);
  });

  it("a rotated refresh token presented again revokes the whole grant: its access and refresh tokens", async () => {
    const provider = new TestProvider();
    const client = await authorize(provider);
    const clientId = provider.info!.client_id;
    const stolen = provider.saved!.refresh_token!;
    // The client refreshes by itself once its access token expires: the stolen token is rotated away.
    await h.sql("UPDATE oauth_grants SET access_expires_at = now() - interval '1 second' WHERE client_id = $1", [
      clientId,
    ]);
    expect(((await client.callTool({ name: "og_templates", arguments: {} })) as CallToolResult).isError).toBeFalsy();
    const current = provider.saved!;
    expect(current.refresh_token).not.toBe(stolen);
    const refresh = (token: string) =>
      tokenRequest(app(), { grant_type: "refresh_token", refresh_token: token, client_id: clientId });
    expect(await (await refresh(stolen)).json()).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/already used/),
    });
    expect(await h.sql("SELECT id FROM oauth_grants WHERE client_id = $1", [clientId])).toEqual([]);
    expect((await postMcp(h, current.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(401);
    expect(await errorOf(await refresh(current.refresh_token!))).toEqual([400, "invalid_grant"]);
    await client.close();
  });

  it("an authorization code presented again revokes the grant it was exchanged for", async () => {
    const redirect = "http://127.0.0.1:9/cb";
    const { client_id } = (await (await register(app(), [redirect])).json()) as { client_id: string };
    const { verifier, challenge } = pkce();
    const code = async () => {
      const answer = await decide(authorizationUrl(app(), client_id, redirect, challenge), "allow");
      return new URL(answer.headers.get("location")!).searchParams.get("code")!;
    };
    const exchange = (value: string, clientId = client_id) =>
      tokenRequest(app(), {
        grant_type: "authorization_code",
        code: value,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: redirect,
      });
    const [stolen, other] = [await code(), await code()];
    const tokens = (await (await exchange(stolen)).json()) as { access_token: string; refresh_token: string };
    const untouched = (await (await exchange(other)).json()) as { access_token: string };
    const list = (token: string) => postMcp(h, token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await list(tokens.access_token)).status).toBe(200);
    // The code again (under any client_id: whoever holds it has its secret): refused, and what it gave ends.
    expect(await (await exchange(stolen, "glmcp_someone_else")).json()).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/already exchanged/),
    });
    expect((await list(tokens.access_token)).status).toBe(401);
    const refresh = { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id };
    expect(await errorOf(await tokenRequest(app(), refresh))).toEqual([400, "invalid_grant"]);
    // The same client's other connection, from another code, goes on; an unknown code is only refused.
    expect((await list(untouched.access_token)).status).toBe(200);
    expect(await (await exchange("glmcp_code_unknown")).json()).toMatchObject({
      error: "invalid_grant",
      error_description: "The code is unknown, used or expired.",
    });
  });
});
