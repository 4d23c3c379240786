/**
 * The MCP server through the production server (D25): `next start` bundles the route, the SDK and
 * the endpoints' modules in its own way, so the SDK's own Client and Streamable HTTP transport
 * drive /mcp of the built app — the tool list, a screenshot that decodes to its size, a page's
 * Markdown, an OG image, a job to its end, a bad argument, the plan gate and a private target as
 * tool errors with their codes, a refused key, and each call's row in the request log with one
 * render counted.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { generateApiKey } from "../../../lib/keys/format";
import { OAuthAgent } from "@/tests/support/mcp-oauth-agent";
import { e2e, signInByEmail, sql, uniqueEmail } from "../support";
import {
  accountWithKey,
  answerOf,
  authorizationRequest,
  call,
  connect,
  imageSize,
  mcpUrl,
  oauthErrorOf,
  postMcp,
  register,
  tokenRequest,
} from "./mcp-support";

const page = `${e2e.fixturesUrl}/`;

test.describe("MCP server", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("an agent's calls through the production server", async () => {
    const { userId, apiKey } = await accountWithKey("business");
    const client = await connect(apiKey);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          // Every tool, the browsing ones (D43) included.
          ..."crawl_site get_crawl get_job map_site og_image og_templates page_markdown page_metadata screenshot start_job".split(
            " ",
          ),
          ..."browser_open browser_navigate browser_snapshot browser_click browser_type browser_press".split(" "),
          ..."browser_scroll browser_screenshot browser_save_profile browser_close".split(" "),
        ].sort(),
      );

      const shot = await call(client, "screenshot", { url: page, width: 600, height: 300 });
      expect(shot.isError).toBeFalsy();
      expect(await imageSize(shot)).toEqual([600, 300]);
      const file = await fetch(String(answerOf(shot).imageUrl));
      expect(file.headers.get("content-type")).toBe("image/png");

      const markdown = await call(client, "page_markdown", { url: page });
      const first = markdown.content[0];
      expect(first.type === "text" && first.text).toBe(
        "# Hello from the fixture server\n\nA static page the end-to-end tests render through the API.",
      );

      const og = await call(client, "og_image", { template: "default", variables: { title: "From an agent" } });
      expect(await imageSize(og)).toEqual([1200, 630]);

      const job = answerOf(
        await call(client, "start_job", { endpoint: "screenshot", params: { url: page, width: 400 } }),
      );
      await expect
        .poll(async () => answerOf(await call(client, "get_job", { id: job.id })).status, { timeout: 60_000 })
        .toBe("succeeded");

      const bad = await call(client, "screenshot", { url: page, quality: 101 });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({ status: 400, code: "parameter_out_of_range", param: "quality" });
      const refused = await call(client, "screenshot", { url: "http://169.254.169.254/latest/meta-data/" });
      expect(refused.structuredContent).toMatchObject({ status: 400, code: "private_address" });

      // Each call is a row of the request log under its endpoint (get_job's polls aside, as many as it took).
      const rows = async () =>
        (
          await sql<{ endpoint: string; status: number; error_code: string | null }>(
            "SELECT endpoint, status, error_code FROM usage_events WHERE user_id = $1 ORDER BY id",
            [userId],
          )
        )
          .map((r) => `${r.endpoint} ${r.status} ${r.error_code ?? ""}`.trim())
          .filter((row) => row !== "jobs 200");
      await expect
        .poll(rows, { timeout: 15_000 })
        .toEqual([
          "screenshot 200",
          "content 200",
          "og 200",
          "jobs 202",
          "screenshot 400 parameter_out_of_range",
          "screenshot 400 private_address",
        ]);
      // One render each for the screenshot, the page, the OG image and the job.
      const [{ renders }] = await sql<{ renders: number }>("SELECT renders FROM monthly_usage WHERE user_id = $1", [
        userId,
      ]);
      expect(Number(renders)).toBe(4);
    } finally {
      await client.close();
    }
  });

  test("a Free key gets plan_upgrade_required for og_image; an unknown key is a 401 with a Bearer challenge", async () => {
    const { apiKey } = await accountWithKey("free");
    const client = await connect(apiKey);
    try {
      const og = await call(client, "og_image", { template: "default", variables: { title: "x" } });
      expect(og.structuredContent).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    } finally {
      await client.close();
    }
    const response = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${generateApiKey()}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(((await response.json()) as { code: string }).code).toBe("invalid_api_key");
  });

  test("an agent signs in with OAuth: the consent page, tools for the account, the docs' tool list, a disconnect", async ({
    page,
  }) => {
    // The agent's side, as the SDK runs it; its redirect URI is answered by the test, never contacted.
    const agent = new OAuthAgent(`http://127.0.0.1:${e2e.appPort + 8}/callback`, "E2E agent");
    const redirectUrl = agent.redirectUrl;
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent });
    await expect(new Client({ name: "e2e", version: "1" }).connect(first)).rejects.toThrow(/unauthorized/i);
    expect(agent.authorizationUrl?.href).toMatch(new RegExp(`^${e2e.appUrl}/oauth/authorize\\?`));

    // The person: signed out, the consent page sends them through sign-in and back.
    const email = uniqueEmail("mcp-oauth");
    await page.goto(agent.authorizationUrl!.href);
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Foauth%2Fauthorize/);
    const returnTo = new URL(page.url()).searchParams.get("callbackUrl")!;
    await signInByEmail(page, email);
    await page.goto(returnTo);
    await expect(page.getByRole("heading", { name: "Connect E2E agent to Glance?" })).toBeVisible();
    const callback = new Promise<URL>((resolve) =>
      page.route(`${redirectUrl}**`, (route) => {
        resolve(new URL(route.request().url()));
        return route.fulfill({ status: 200, contentType: "text/plain", body: "back in the agent" });
      }),
    );
    await page.getByRole("button", { name: "Allow" }).click();
    const back = await callback;
    await first.finishAuth(back.searchParams.get("code")!);

    const client = new Client({ name: "e2e", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent }));
    const { tools } = await client.listTools();
    const metadata = await call(client, "page_metadata", { url: `${e2e.fixturesUrl}/` });
    expect(answerOf(metadata).metadata).toMatchObject({ title: "Glance e2e fixture" });
    const userId = (await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]))[0].id;
    const [{ renders }] = await sql<{ renders: number }>("SELECT renders FROM monthly_usage WHERE user_id = $1", [
      userId,
    ]);
    expect(Number(renders)).toBe(1);
    // It browses with no key (D43): the session's row names its connected app.
    const sessionId = String(answerOf(await call(client, "browser_open", { url: `${e2e.fixturesUrl}/` })).sessionId);
    const opened = await sql("SELECT api_key_id, oauth_grant_id FROM browser_sessions WHERE id = $1", [sessionId]);
    expect(opened).toEqual([{ api_key_id: null, oauth_grant_id: expect.stringMatching(/^grant_/) }]);
    expect(answerOf(await call(client, "browser_close", { sessionId }))).toMatchObject({ closed: true });

    // The docs page lists the server's own tools.
    await page.goto("/docs/mcp");
    const listed = page.getByTestId("mcp-tools");
    for (const tool of tools) await expect(listed.locator(`#tool-${tool.name}`)).toContainText(tool.name);

    // The dashboard lists the connection beside the keys; Disconnect stops the agent at its next request.
    await page.goto("/dashboard/keys");
    const apps = page.getByTestId("connected-apps");
    await expect(apps).toContainText("E2E agent");
    await page.getByRole("button", { name: "Disconnect E2E agent" }).click();
    await expect(page.getByText("No app is connected.")).toBeVisible();
    await expect(call(client, "og_templates")).rejects.toThrow();
  });
  test("OAuth by the book: errors on our own page, the consent page's facts and headers, refused registrations", async ({
    page,
  }) => {
    for (const uri of [
      "https://glance.example@evil.example/",
      "https://a.example/cb#x",
      "view-source:https://evil.example/",
    ])
      expect(await oauthErrorOf(await register([uri])), uri).toEqual([400, "invalid_redirect_uri"]);
    const attacker = "https://attacker.example/phish";
    const { client_id } = (await (await register([attacker])).json()) as { client_id: string };
    // An error, an unregistered URI, an unknown client: answered on our page, with no Location to the attacker.
    const wrongType = authorizationRequest(client_id, attacker, "token").url;
    const unregistered = authorizationRequest(client_id, `${attacker}/other`).url;
    const unknown = authorizationRequest("glmcp_unknown", attacker).url;
    for (const url of [wrongType, unregistered, unknown]) {
      const answer = await fetch(url, { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")], url.search).toEqual([200, null]);
      expect(await answer.text()).toContain("This connection cannot go on");
    }
    // Signed in, the same: the browser stays on our page; only a link the person may follow names the client.
    await signInByEmail(page, uniqueEmail("mcp-by-the-book"));
    await page.goto(wrongType.href);
    expect(new URL(page.url()).origin).toBe(e2e.appUrl);
    await expect(page.getByText("Only response_type=code is supported.")).toBeVisible();
    await expect(page.getByRole("link", { name: "return to attacker.example" })).toBeVisible();

    // The consent page says the client is unverified, when it registered and where the browser goes; no frame may hold it.
    const consent = await page.goto(authorizationRequest(client_id, attacker).url.href);
    expect(consent!.headers()["x-frame-options"]).toBe("DENY");
    expect(consent!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect(page.getByTestId("client-facts")).toContainText("Not verified");
    await expect(page.getByTestId("client-facts")).toContainText("registered itself just now");
    await expect(page.getByText("your browser goes to attacker.example (a website)")).toBeVisible();
  });

  test("OAuth by the book: the token request's redirect_uri; a replayed refresh token or code revokes the grant", async ({
    page,
  }) => {
    const redirect = `http://127.0.0.1:${e2e.appPort + 8}/callback`;
    const { client_id } = (await (await register([redirect])).json()) as { client_id: string };
    await signInByEmail(page, uniqueEmail("mcp-tokens"));
    // The consent form as the signed-in browser posts it (same origin, the session cookie): a code.
    let lastForm: Record<string, string> = {};
    const exchange = async (extra: Record<string, string>) => {
      const { url, verifier } = authorizationRequest(client_id, redirect);
      const answer = await page.request.post("/oauth/decision", {
        form: { ...Object.fromEntries(url.searchParams), decision: "allow" },
        headers: { origin: e2e.appUrl },
        maxRedirects: 0,
      });
      const code = new URL(answer.headers()["location"]).searchParams.get("code")!;
      lastForm = { grant_type: "authorization_code", code, code_verifier: verifier, client_id, ...extra };
      return tokenRequest(lastForm);
    };
    expect(await oauthErrorOf(await exchange({}))).toEqual([400, "invalid_grant"]);
    expect(await oauthErrorOf(await exchange({ redirect_uri: `${redirect}/x` }))).toEqual([400, "invalid_grant"]);
    const first = (await (await exchange({ redirect_uri: redirect })).json()) as OAuthTokens;

    const refresh = (token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: token, client_id });
    const second = (await (await refresh(first.refresh_token!)).json()) as OAuthTokens;
    expect((await postMcp(second.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(200);
    // The first refresh token again, as a thief would present it: the whole grant goes.
    const replay = await refresh(first.refresh_token!);
    expect(await replay.json()).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/already used/),
    });
    expect((await postMcp(second.access_token, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(401);
    expect(await oauthErrorOf(await refresh(second.refresh_token!))).toEqual([400, "invalid_grant"]);

    // A code presented again, as a thief would: the connection it was exchanged for ends too.
    const third = (await (await exchange({ redirect_uri: redirect })).json()) as OAuthTokens;
    expect(await (await tokenRequest(lastForm)).json()).toMatchObject({
      error_description: expect.stringMatching(/already exchanged/),
    });
    expect((await postMcp(third.access_token, { jsonrpc: "2.0", id: 3, method: "tools/list" })).status).toBe(401);
  });

  test("a JSON-RPC batch counts each call against the address's and the account's windows", async () => {
    const { apiKey } = await accountWithKey("free"); // 10 requests a minute
    const list = { jsonrpc: "2.0", id: 0, method: "tools/list" };
    let single = await postMcp(apiKey, list);
    // Both windows turn over at the minute: start early in one, so the batch is counted in one.
    const reset = Number(single.headers.get("ratelimit-reset"));
    if (reset < 15) await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
    if (reset < 15) single = await postMcp(apiKey, list);
    const templates = { jsonrpc: "2.0", method: "tools/call", params: { name: "og_templates", arguments: {} } };
    const answer = await postMcp(
      apiKey,
      Array.from({ length: 12 }, (_, i) => ({ ...templates, id: i + 1 })),
    );
    const remaining = Number(single.headers.get("ratelimit-remaining"));
    expect(Number(answer.headers.get("ratelimit-remaining"))).toBe(remaining - 12);
    const results = (await answer.json()) as Array<{ result: CallToolResult }>;
    const refused = results
      .filter((r) => r.result.isError)
      .map((r) => (r.result.structuredContent as { code: string }).code);
    expect([results.length, ...refused]).toEqual([12, "rate_limited", "rate_limited"]);
  });
});
