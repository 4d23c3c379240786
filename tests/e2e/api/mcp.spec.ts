/**
 * The MCP server through the production server (D25): `next start` bundles the route, the SDK and
 * the endpoints' modules in its own way, so the SDK's own Client and Streamable HTTP transport
 * drive /mcp of the built app — the tool list, a screenshot that decodes to its size, a page's
 * Markdown, an OG image, a job to its end, a bad argument, the plan gate and a private target as
 * tool errors with their codes, a refused key, and each call's row in the request log with one
 * render counted.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { displayApiKey, generateApiKey, hashApiKey } from "../../../lib/keys/format";
import { createAccount, e2e, signInByEmail, sql, uniqueEmail, type PlanId } from "../support";

const mcpUrl = new URL("/mcp", e2e.appUrl);
const page = `${e2e.fixturesUrl}/`;

async function accountWithKey(plan: PlanId): Promise<{ userId: string; apiKey: string }> {
  const userId = await createAccount(uniqueEmail(`mcp-${plan}`), plan);
  const apiKey = generateApiKey();
  await sql(`INSERT INTO api_keys (id, user_id, name, hash, display) VALUES ($1, $2, 'mcp', $3, $4)`, [
    `key${userId}`,
    userId,
    hashApiKey(apiKey),
    displayApiKey(apiKey),
  ]);
  return { userId, apiKey };
}

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: "glance-e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }),
  );
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

function answerOf(result: CallToolResult): Record<string, unknown> {
  const text = result.content.find((c) => c.type === "text" && c.text.startsWith("{"));
  if (!text || text.type !== "text") throw new Error(`no JSON answer: ${JSON.stringify(result).slice(0, 400)}`);
  return JSON.parse(text.text) as Record<string, unknown>;
}

async function imageSize(result: CallToolResult): Promise<[number?, number?]> {
  const image = result.content.find((c) => c.type === "image");
  if (!image || image.type !== "image") throw new Error(`no image: ${JSON.stringify(result).slice(0, 400)}`);
  const meta = await sharp(Buffer.from(image.data, "base64")).metadata();
  return [meta.width, meta.height];
}

test.describe("MCP server", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("an agent's calls through the production server", async () => {
    const { userId, apiKey } = await accountWithKey("business");
    const client = await connect(apiKey);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        ["get_job", "og_image", "og_templates", "page_markdown", "page_metadata", "screenshot", "start_job"].sort(),
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
    const redirectUrl = `http://127.0.0.1:${e2e.appPort + 8}/callback`;
    const state: { info?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string; go?: URL } = {};
    const provider: OAuthClientProvider = {
      redirectUrl,
      clientMetadata: { client_name: "E2E agent", redirect_uris: [redirectUrl], token_endpoint_auth_method: "none" },
      clientInformation: () => state.info,
      saveClientInformation: (info) => void (state.info = info),
      tokens: () => state.tokens,
      saveTokens: (tokens) => void (state.tokens = tokens),
      redirectToAuthorization: (url) => void (state.go = url),
      saveCodeVerifier: (verifier) => void (state.verifier = verifier),
      codeVerifier: () => state.verifier!,
    };
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: "e2e", version: "1" }).connect(first)).rejects.toThrow(/unauthorized/i);
    expect(state.go?.href).toMatch(new RegExp(`^${e2e.appUrl}/oauth/authorize\\?`));

    // The person: signed out, the consent page sends them through sign-in and back.
    const email = uniqueEmail("mcp-oauth");
    await page.goto(state.go!.href);
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
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    const metadata = await call(client, "page_metadata", { url: `${e2e.fixturesUrl}/` });
    expect(answerOf(metadata).metadata).toMatchObject({ title: "Glance e2e fixture" });
    const userId = (await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]))[0].id;
    const [{ renders }] = await sql<{ renders: number }>("SELECT renders FROM monthly_usage WHERE user_id = $1", [
      userId,
    ]);
    expect(Number(renders)).toBe(1);

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
});
