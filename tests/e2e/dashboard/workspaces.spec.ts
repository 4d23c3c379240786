/**
 * Workspaces through the production server (D28): a person creates a team, a second person is a
 * viewer of it, switches to it, sees its key but cannot create one; made developer, they can at
 * once, and connect an MCP agent to the team by OAuth (the SDK's own client); removed through the
 * dialog that lists their keys, their next action is refused, the team's key page is a 404 for
 * them, their key answers 401 and the agent's access and refresh tokens are refused (issue 43).
 * The member joins by the invitation e-mail (the harness's SMTP listener) and its link.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect, test, type Page } from "@playwright/test";
import { PERMISSION_GATES } from "@/lib/auth/roles";
import { mcpStatus as mcpStatusOn, OAuthAgent } from "@/tests/support/mcp-oauth-agent";
import {
  apiGet,
  createKeyInDashboard,
  e2e,
  mailsTo,
  signInByEmail,
  sql,
  uniqueEmail,
  userIdOf,
  waitForHydration,
} from "../support";
import { linkTo } from "../support/mime";

async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(email)) link = linkTo(mail, `${e2e.appUrl}/invite/`) ?? link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Switches workspace; the switch stays on the page it was made from when every workspace has it (#51). */
async function switchTo(page: Page, name: string, lands = "/dashboard"): Promise<void> {
  await page.getByLabel("Workspace").selectOption({ label: name });
  await page.getByTestId("workspace-switcher").getByRole("button", { name: "Switch" }).click();
  await expect(page).toHaveURL(`${e2e.appUrl}${lands}`);
  await expect(page.getByTestId("workspace-switcher").getByRole("button", { name: "Switch" })).toBeEnabled();
  // The page answers acting for that workspace (the select is rendered anew for it).
  await expect(page.getByLabel("Workspace").locator("option:checked")).toHaveText(name);
}

async function teamIdByName(name: string): Promise<string> {
  const rows = await sql<{ id: string }>("SELECT id FROM users WHERE kind = 'team' AND name = $1", [name]);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/**
 * An MCP agent (the SDK's client) that `page`'s signed-in person connects to `workspace` on the
 * consent page; its redirect URI is answered by the test, never contacted.
 */
async function connectAgent(page: Page, workspace: string): Promise<{ tokens: () => OAuthTokens; clientId: string }> {
  const mcpUrl = new URL("/mcp", e2e.appUrl);
  const agent = new OAuthAgent(`http://127.0.0.1:${e2e.appPort + 8}/callback`, "Team agent");
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent });
  await expect(new Client({ name: "e2e", version: "1" }).connect(first)).rejects.toThrow(/unauthorized/i);
  await page.goto(agent.authorizationUrl!.href);
  await page.getByLabel("Workspace").selectOption({ label: workspace });
  const callback = new Promise<URL>((resolve) =>
    page.route(`${agent.redirectUrl}**`, (route) => {
      resolve(new URL(route.request().url()));
      return route.fulfill({ status: 200, contentType: "text/plain", body: "back in the agent" });
    }),
  );
  await page.getByRole("button", { name: "Allow" }).click();
  await first.finishAuth((await callback).searchParams.get("code")!);
  const client = new Client({ name: "e2e", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: agent }));
  expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  await client.close();
  return { tokens: () => agent.saved!, clientId: agent.info!.client_id };
}

/** tools/list on /mcp with an access token: the answer's status. */
const mcpStatus = (accessToken: string) => mcpStatusOn(e2e.appUrl, accessToken);

test("create a team, switch, act within a role, lose access on removal", async ({ browser }) => {
  // Two people, two sign-ins and a dozen round trips through the production server.
  test.setTimeout(180_000);
  const teamName = `Acme ${Date.now().toString(36)}`;
  const ownerEmail = uniqueEmail("owner");
  const memberEmail = uniqueEmail("member");
  const owner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();

  // The owner creates the team and a key in it; the key belongs to the team, not the person.
  await signInByEmail(owner, ownerEmail);
  await owner.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Team" }).click();
  await waitForHydration(owner, "[data-testid=create-team] input[name=name]");
  await owner.getByLabel("Team name").fill(teamName);
  await owner.getByRole("button", { name: "Create team" }).click();
  // The action answers with the team page acting for the new team.
  await expect(owner.getByLabel("Workspace").locator("option:checked")).toHaveText(teamName);
  const teamId = await teamIdByName(teamName);
  await expect(owner.getByLabel("Workspace")).toHaveValue(teamId);
  await expect(owner.getByTestId("member-row")).toHaveCount(1);
  // Room for the keys below (Free allows two): the plan is the team's, like everything else.
  await sql(`UPDATE users SET plan = 'business' WHERE id = $1`, [teamId]);
  const teamKey = await createKeyInDashboard(owner, "team key");
  const keyRows = await sql<{ id: string; user_id: string }>(
    "SELECT id, user_id FROM api_keys WHERE name = 'team key' AND user_id = $1",
    [teamId],
  );
  expect(keyRows).toHaveLength(1);
  expect((await apiGet("/v1/usage", teamKey)).status).toBe(200);

  // The member signs in to their own personal workspace, then is added to the team as viewer.
  await signInByEmail(member, memberEmail);
  await expect(member.getByLabel("Workspace")).toHaveValue(await userIdOf(memberEmail));
  await owner.goto("/dashboard/team");
  await waitForHydration(owner, "[data-testid=invite-member] input[name=email]");
  await owner.getByLabel("E-mail address").fill(memberEmail);
  await owner.getByLabel("Invite as").selectOption("viewer");
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  await expect(owner.getByTestId("invitation-row")).toContainText(memberEmail);
  await member.goto(await invitationLink(memberEmail));
  await waitForHydration(member, "[data-testid=invitation] button");
  await member.getByRole("button", { name: "Accept" }).click();
  // Joining answers with the dashboard acting for the team (the action, then the redirect's render).
  await expect(member).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(member.getByLabel("Workspace")).toHaveValue(teamId);
  // Back to their own workspace and to the team again with the switcher.
  await switchTo(member, "Personal");
  await member.goto("/dashboard/keys");
  await switchTo(member, teamName, "/dashboard/keys");
  await expect(member.getByTestId("workspace-role")).toHaveText("Viewer");
  await expect(member.getByRole("link", { name: "team key", exact: true })).toBeVisible();
  // A viewer is told what they cannot do and who can, instead of a form that fails (#51).
  await expect(member.getByTestId("role-limit")).toHaveText(
    "As viewer of this workspace you cannot create keys. Owners, admins and developers can: ask one of them to change your role on the Team page.",
  );
  await expect(member.getByRole("button", { name: "Create New Key" })).toHaveCount(0);
  await member.goto("/dashboard/monitors");
  await expect(member.getByTestId("role-limit")).toContainText("you cannot create, run, pause or delete monitors");
  await expect(member.getByRole("button", { name: /Watch|Create/ })).toHaveCount(0);
  const audit = await member.goto("/dashboard/team/audit");
  expect(audit?.status()).toBe(200);
  await expect(member.getByTestId("role-limit")).toContainText("you cannot read the audit log. Owners and admins can");
  // Every permission's gate on every page that names it (PERMISSION_GATES, issue 49): a viewer has none of them.
  for (const [permission, gate] of Object.entries(PERMISSION_GATES)) {
    for (const route of gate.pages) {
      await member.goto(route);
      // A page may say less than the permission does ("create connectors" for keys.write): the gate is what counts.
      await expect(member.locator(`[data-testid=role-limit][data-permission="${permission}"]`), route).toContainText(
        "As viewer of this workspace you cannot",
      );
    }
  }

  // The owner makes them developer: their very next request may create keys.
  await owner.goto("/dashboard/team");
  const row = owner.getByTestId("member-row").filter({ hasText: memberEmail });
  await waitForHydration(owner, "[data-testid=member-controls] select");
  await row.getByLabel(`Role of ${memberEmail}`).selectOption("developer");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(row.getByText("Role changed.")).toBeVisible();
  await expect(row.getByTestId("member-role")).toHaveText("Developer");
  // The select shows the role now saved, so a second click does not undo it (#51).
  await expect(row.getByLabel(`Role of ${memberEmail}`)).toHaveValue("developer");
  // The audit log names the member and the key, never their internal ids (#51).
  await owner.goto("/dashboard/team/audit");
  const roleRow = owner.getByTestId("audit-row").and(owner.locator("[data-action='member.role_changed']"));
  await expect(roleRow).toContainText(memberEmail);
  await expect(roleRow).not.toContainText(await userIdOf(memberEmail));
  await expect(owner.locator("[data-action='key.created']")).toContainText('key "team key" (sk_live_');
  const developerKey = await createKeyInDashboard(member, "developer key");
  expect(await sql("SELECT 1 FROM api_keys WHERE name = 'developer key' AND user_id = $1", [teamId])).toHaveLength(1);
  const developerKeyId = (
    await sql<{ id: string }>("SELECT id FROM api_keys WHERE name = 'developer key' AND user_id = $1", [teamId])
  )[0]!.id;
  expect((await apiGet("/v1/usage", developerKey)).status).toBe(200);
  // As developer they may also connect an agent to the team (D25).
  const agent = await connectAgent(member, teamName);
  expect(await mcpStatus(agent.tokens().access_token)).toBe(200);
  await member.goto("/dashboard/keys");
  await waitForHydration(member, "input[name=name]");

  // Removed through the dialog, which lists the key they made (revoked unless kept): the member's
  // next action is refused, the team's key page does not exist for them, and every credential
  // they held there stops — their key, the agent's access token and its refresh token.
  await owner.goto("/dashboard/team");
  await waitForHydration(owner, "[data-testid=member-controls] select");
  await owner
    .getByTestId("member-row")
    .filter({ hasText: memberEmail })
    .getByRole("button", { name: `Remove ${memberEmail}` })
    .click();
  const dialog = owner.getByTestId("remove-member-dialog");
  await expect(dialog.getByRole("heading", { name: `Remove ${memberEmail}?` })).toBeVisible();
  await expect(dialog.getByLabel(/Keep “developer key”/)).not.toBeChecked();
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(owner.getByTestId("member-row")).toHaveCount(1);
  // What ended is said above the table, the removed row having gone with its dialog (#51's walk).
  await expect(owner.getByTestId("removal-notice")).toContainText("Member removed: 1 of their keys revoked");
  const refused = await apiGet("/v1/usage", developerKey);
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toBe("Invalid or revoked API key.");
  expect(await mcpStatus(agent.tokens().access_token)).toBe(401);
  const refresh = await fetch(`${e2e.appUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: agent.tokens().refresh_token!,
      client_id: agent.clientId,
    }),
  });
  expect(((await refresh.json()) as { error?: string }).error).toBe("invalid_grant");
  await member.getByLabel("Key name").fill("after removal");
  await member.getByRole("button", { name: "Create New Key" }).click();
  await expect(member.getByText("You are no longer a member of that workspace")).toBeVisible();
  const response = await member.goto(`/dashboard/keys/${developerKeyId}`);
  expect(response?.status()).toBe(404);
  await member.goto("/dashboard");
  await expect(member.getByLabel("Workspace")).toHaveValue(await userIdOf(memberEmail));
  expect(await sql("SELECT 1 FROM api_keys WHERE name = 'after removal'")).toHaveLength(0);
});
