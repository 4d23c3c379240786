/**
 * The dashboard's Profiles page (D43): a workspace's saved logins by name, sites and date — never
 * a value — and Delete for the roles with profiles.write; a viewer sees why not, and the action
 * refuses a viewer even from a page loaded while they could delete (the role is checked again).
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql, teamOfTwo } from "../support";

/** A profile row as the store writes it; its sealed state is never opened by the page. */
const addProfile = (workspace: string, name: string) =>
  sql(
    `INSERT INTO browser_profiles (id, user_id, name, state, origins, cookie_domains)
     VALUES ($1, $2, $3, 'v1.AAAA.BBBB.CCCC', ARRAY['https://app.example'], ARRAY['example'])`,
    [randomBytes(8).toString("hex"), workspace, name],
  );

test("owners delete a saved profile; a viewer is shown why not and refused by the action", async ({ browser }) => {
  const { owner, member, team, setRole } = await teamOfTwo(browser, "profiles", "developer");
  await addProfile(team, "acme-admin");
  await addProfile(team, "acme-viewer");

  await owner.goto("/dashboard/profiles");
  const rows = owner.getByTestId("profile-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("acme-admin");
  await expect(rows.first()).toContainText("https://app.example");
  expect(await owner.content()).not.toContain("v1.AAAA");
  await owner.getByRole("button", { name: "Delete acme-admin" }).click();
  await expect(rows).toHaveCount(1);
  expect(await sql("SELECT name FROM browser_profiles WHERE user_id = $1", [team])).toEqual([{ name: "acme-viewer" }]);

  // Loaded while a developer, then made a viewer: the form is still there, the action refuses.
  await member.goto("/dashboard/profiles");
  const remove = member.getByRole("button", { name: "Delete acme-viewer" });
  await expect(remove).toBeVisible();
  await setRole("viewer");
  await remove.click();
  // The action's refusal, in the row (Next's route announcer is an alert too).
  await expect(member.getByTestId("profile-row").getByRole("alert")).toContainText("you cannot");
  expect(await sql("SELECT name FROM browser_profiles WHERE user_id = $1", [team])).toEqual([{ name: "acme-viewer" }]);
  await member.reload();
  await expect(member.getByTestId("role-limit")).toContainText("delete profiles");
  await expect(member.getByRole("button", { name: "Delete acme-viewer" })).toHaveCount(0);
});
