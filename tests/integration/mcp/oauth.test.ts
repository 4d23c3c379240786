/**
 * OAuth for MCP clients that cannot hold a key (D25), with the SDK's own client-side OAuth
 * (StreamableHTTPClientTransport with an OAuthClientProvider) against the real routes over HTTP:
 * discovery from the 401's resource_metadata, dynamic registration, the consent decision of a
 * signed-in user (session cookie, same origin), the code exchanged with PKCE, tool calls with the
 * token counted for the account, a refresh when the access token expires, and a disconnect from
 * the dashboard that stops the client at its next request. Plus the refusals on the way; OAuth by
 * the book (issue 43) is oauth-by-the-book.test.ts.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { watchHttpObjects } from "@/tests/support/http-watch";
import { answerOf, mcpHarness } from "./harness";
import { signedInOAuth, TestProvider, tokenRequest } from "./oauth-client";

const h = mcpHarness();
const oauth = signedInOAuth(h);
const { app, decide, authorize } = oauth;

describe("discovery", () => {
  it("a 401 names the resource metadata, which names this app as the authorization server", async () => {
    const response = await fetch(h.mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    const metadataUrl = `${h.app.origin}/.well-known/oauth-protected-resource/mcp`;
    expect(response.headers.get("www-authenticate")).toBe(`Bearer realm="glance", resource_metadata="${metadataUrl}"`);
    const resource = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${h.app.origin}/mcp`, authorization_servers: [h.app.origin] });
    const server = (await (await fetch(`${h.app.origin}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(server).toMatchObject({
      issuer: h.app.origin,
      authorization_endpoint: `${h.app.origin}/oauth/authorize`,
      token_endpoint: `${h.app.origin}/oauth/token`,
      registration_endpoint: `${h.app.origin}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    });
  });

  it("on another host name (#51) OAuth discovery names APP_URL's /mcp; an API key works there", async () => {
    const elsewhere = new URL(h.mcpUrl);
    elsewhere.hostname = "localhost"; // the route server is APP_URL at 127.0.0.1
    const transport = new StreamableHTTPClientTransport(elsewhere, { authProvider: new TestProvider() });
    await expect(new Client({ name: "oauth-test", version: "1.0.0" }).connect(transport)).rejects.toThrow(
      `This server's MCP address is ${h.app.origin}/mcp (its APP_URL): connect your MCP client there`,
    );
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server"]) {
      const metadata = await fetch(new URL(path, elsewhere));
      expect(metadata.status, path).toBe(421);
      expect(((await metadata.json()) as { error_description: string }).error_description).toContain(
        `connect your MCP client to ${h.app.origin}/mcp`,
      );
    }
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const auth = { authorization: `Bearer ${oauth.account.apiKey}` };
    expect((await fetch(elsewhere, { method: "POST", headers: { ...headers, ...auth }, body })).status).toBe(200);
  });
});

describe("a tool call (D35)", () => {
  it("runs its endpoint with the caller the /mcp request authenticated: no credential of its own, no Request, no Response", async () => {
    const { authenticateMcp } = await import("@/lib/mcp/auth");
    const { ogImageTool } = await import("@/lib/mcp/tools/render");
    const mcp = new Request(h.mcpUrl, { headers: { authorization: `Bearer ${oauth.account.apiKey}` } });
    const caller = await authenticateMcp(mcp, new URL(mcp.url));
    const watch = watchHttpObjects();
    let result: Awaited<ReturnType<typeof ogImageTool.run>>;
    try {
      // The credential stays on the /mcp request: the tool is handed only who it acts for.
      result = await ogImageTool.run(
        { template: "default", variables: { title: "Once" } },
        { caller, signal: mcp.signal },
      );
    } finally {
      watch.restore();
    }
    expect(answerOf(result)).toMatchObject({ template: "default", format: "png" });
    expect([watch.built, watch.read()]).toEqual([[], 0]);
  });
});

describe("the SDK's OAuth client", () => {
  it("registers, is allowed by the signed-in user, and calls tools for that account", async () => {
    const provider = new TestProvider();
    const client = await authorize(provider);
    expect(provider.info?.client_id).toMatch(/^glmcp_/);
    expect(provider.saved).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const { MCP_TOOLS } = await import("@/lib/mcp/tools");
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    const before = await h.renders(oauth.account.userId);
    // The /mcp request is the only one: the tool call inside builds none for /v1 (D35).
    const watch = watchHttpObjects((url) => new URL(url).pathname.startsWith("/v1/"));
    const result = (await client
      .callTool({ name: "screenshot", arguments: { url: h.fx.url("basic.html"), width: 300, height: 200 } })
      .finally(() => watch.restore())) as CallToolResult;
    expect(watch.built).toEqual([]);
    expect(answerOf(result)).toMatchObject({ width: 300, height: 200 });
    expect(await h.renders(oauth.account.userId)).toBe(before + 1);
    // The request log marks it as an MCP agent's call over OAuth, never the docs playground (#51).
    const via = "SELECT via FROM usage_events WHERE user_id = $1 AND endpoint = 'screenshot'";
    await expect.poll(async () => (await h.sql(via, [oauth.account.userId])).map((r) => r.via)).toEqual(["mcp-oauth"]);
    await client.close();
  });

  it("refreshes an expired access token by itself, and a disconnect stops it at the next request", async () => {
    const provider = new TestProvider();
    const client = await authorize(provider);
    const first = provider.saved!.access_token;
    await h.sql("UPDATE oauth_grants SET access_expires_at = now() - interval '1 second' WHERE user_id = $1", [
      oauth.account.userId,
    ]);
    const listing = (await client.callTool({ name: "og_templates", arguments: {} })) as CallToolResult;
    expect(listing.isError).toBeFalsy();
    expect(provider.saved!.access_token).not.toBe(first);

    const { listGrants, deleteGrant } = await import("@/lib/keys/oauth-grants");
    const apps = await listGrants(oauth.account.userId);
    expect(apps.map((a) => a.clientName)).toEqual(["Test agent", "Test agent"]);
    for (const app of apps) expect(await deleteGrant(oauth.account.userId, app.id)).toBe(true);
    await expect(client.callTool({ name: "og_templates", arguments: {} })).rejects.toThrow();
    const old = await fetch(h.mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(old.status).toBe(401);
    expect(old.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });
});

describe("workspaces (D28)", () => {
  it("a token acts for the team chosen on the consent page, only where the person may make keys", async () => {
    const { createTeam } = await import("@/lib/workspaces/members");
    const { listGrants } = await import("@/lib/keys/oauth-grants");
    const team = await createTeam(oauth.account.userId, "MCP team");
    const client = await authorize(new TestProvider(), team);
    const [mine, theirs] = [await h.renders(oauth.account.userId), await h.renders(team)];
    const result = (await client.callTool({
      name: "screenshot",
      arguments: { url: h.fx.url("basic.html"), width: 320, height: 200 },
    })) as CallToolResult;
    expect(answerOf(result)).toMatchObject({ width: 320, height: 200 });
    expect([await h.renders(oauth.account.userId), await h.renders(team)]).toEqual([mine, theirs + 1]);
    expect((await listGrants(team)).map((a) => a.clientName)).toEqual(["Test agent"]);
    await client.close();

    // A viewer may not connect an application to a workspace, nor may anyone to one they are not in.
    const other = await h.account("pro");
    const viewed = await createTeam(other.userId, "Viewed team");
    await h.sql("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      viewed,
      oauth.account.userId,
    ]);
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(h.mcpUrl, { authProvider: provider });
    await expect(new Client({ name: "x", version: "1" }).connect(transport)).rejects.toThrow(/unauthorized/i);
    for (const workspace of [viewed, other.userId]) {
      const refused = await decide(provider.authorizationUrl!, "allow", {}, workspace);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: "access_denied" });
    }
    expect(await listGrants(viewed)).toEqual([]);
  });
});

describe("refusals", () => {
  it("deny sends access_denied back; another site's post and a post without a session get no code", async () => {
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(h.mcpUrl, { authProvider: provider });
    await expect(new Client({ name: "x", version: "1" }).connect(transport)).rejects.toThrow(/unauthorized/i);
    const url = provider.authorizationUrl!;
    const denied = new URL((await decide(url, "deny")).headers.get("location")!);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect((await decide(url, "allow", { origin: "https://evil.example" })).status).toBe(403);
    const anonymous = await decide(url, "allow", { cookie: "" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/signin\?callbackUrl=%2Foauth%2Fauthorize%3F/);
  });

  it("a code is used once, only with its verifier", async () => {
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(h.mcpUrl, { authProvider: provider });
    await expect(new Client({ name: "x", version: "1" }).connect(transport)).rejects.toThrow(/unauthorized/i);
    const answer = await decide(provider.authorizationUrl!, "allow");
    const code = new URL(answer.headers.get("location")!).searchParams.get("code")!;
    const exchange = (verifier: string) =>
      tokenRequest(app(), {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: provider.info!.client_id,
        redirect_uri: provider.redirectUrl,
      });
    const wrong = await exchange("x".repeat(43));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("invalid_grant");
    // The failed attempt used the code up: even the right verifier gets nothing now.
    expect(((await (await exchange(provider.verifier!)).json()) as { error: string }).error).toBe("invalid_grant");
  });
});
