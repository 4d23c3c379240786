/**
 * Invitations (D28) with the real mail path: the invitation e-mail goes over SMTP to a real
 * listener, its link's token is what accepts; decline, expiry, revocation, a second answer, the
 * wrong address, an address with no account yet (it signs in first, like anyone), and the last
 * owner who cannot leave or be demoted, plus ownership transfer. Next's request scope is stood in
 * for as in roles.test.ts (./support.ts); the database and the SMTP exchange are real.
 */
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSmtpCapture, type CapturedSmtpMessage } from "@/tests/support/smtp-capture";
import { testEnvironment } from "@/tests/support/test-env";
import { APP_URL, actAs as actAsIn, form, person, redirectOf, scope } from "./support";

vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let smtp: SMTPServer;
const received: CapturedSmtpMessage[] = [];
let team: string;
let owner: { id: string; token: string };

/** A dashboard request by `who`, in the team workspace unless another is named. */
const actAs = (who: { token: string }, workspace = team) => actAsIn(who, workspace);

/** Invites `email` as `role` through the action and returns the token from the e-mail's link. */
async function invite(email: string, role = "developer"): Promise<string> {
  const before = received.length;
  await actAs(owner);
  const { inviteMemberAction } = await import("@/lib/workspaces/invitation-actions");
  expect(await inviteMemberAction({ status: "idle" }, form({ email, role }))).toEqual({ status: "sent", email });
  await expect.poll(() => received.length).toBe(before + 1);
  const mail = received[before];
  expect(mail.rcpt).toEqual([email]);
  const unfolded = mail.raw.replace(/=\r?\n/g, "");
  const link = unfolded.match(/http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]+)/);
  expect(link, unfolded).not.toBeNull();
  return link![1];
}

async function role(userId: string): Promise<string | null> {
  const { getDb } = await import("@/lib/db");
  const row = await (
    await getDb()
  ).workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId: team, userId } },
  });
  return row?.role ?? null;
}

beforeAll(async () => {
  smtp = createSmtpCapture((message) => received.push(message));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});
// Registered before the environment, so it runs after the environment's clean-up, as before.
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

testEnvironment(() => ({
  extra: {
    APP_URL,
    EMAIL_SERVER: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    EMAIL_FROM: "Glance <team@glance.test>",
  },
}));

beforeAll(async () => {
  owner = await person("owner@example.test");
  const { createTeam } = await import("@/lib/workspaces/members");
  team = await createTeam(owner.id, "Acme");
});

describe("invitations", () => {
  it("are mailed, accepted once by the invited address, and make them a member with the role", async () => {
    const token = await invite("dev@example.test", "developer");
    expect(received.at(-1)!.raw).toMatch(/invited you to Acme on Glance/);
    const dev = await person("dev@example.test");
    const stranger = await person("stranger@example.test");
    const { answerInvitationAction } = await import("@/lib/workspaces/invitation-actions");
    await actAs(stranger, stranger.id);
    expect(await answerInvitationAction({}, form({ token, answer: "accept" }))).toEqual({
      error: "This invitation is for dev@example.test. Sign in with that address to answer it.",
    });
    await actAs(dev, dev.id);
    expect(await redirectOf(() => answerInvitationAction({}, form({ token, answer: "accept" })))).toBe("/dashboard");
    expect(await role(dev.id)).toBe("developer");
    const { workspaceCookieName } = await import("@/lib/auth/workspace");
    expect(scope.cookies.get(workspaceCookieName())).toBe(team);
    expect(await answerInvitationAction({}, form({ token, answer: "accept" }))).toEqual({
      error: expect.stringMatching(/no longer valid/),
    });
  });

  it("to an address with no account: it signs in (the account is made then) and accepts", async () => {
    const token = await invite("new@example.test", "viewer");
    const { getDb } = await import("@/lib/db");
    expect(await (await getDb()).user.findUnique({ where: { email: "new@example.test" } })).toBeNull();
    const { findInvitation } = await import("@/lib/workspaces/invitations");
    expect(await findInvitation(token)).toMatchObject({
      email: "new@example.test",
      role: "viewer",
      workspaceName: "Acme",
    });
    // Sign-in by e-mail creates the account through the adapter, as for anyone.
    const { glanceAdapter } = await import("@/lib/auth/adapter");
    const created = await glanceAdapter(await getDb()).createUser!({
      id: "x",
      email: "new@example.test",
      emailVerified: null,
    });
    const session = `tok_new`;
    await (
      await getDb()
    ).session.create({
      data: { sessionToken: session, userId: created.id, expires: new Date(Date.now() + 3_600_000) },
    });
    const { answerInvitationAction } = await import("@/lib/workspaces/invitation-actions");
    await actAs({ token: session }, created.id);
    await redirectOf(() => answerInvitationAction({}, form({ token, answer: "accept" })));
    expect(await role(created.id)).toBe("viewer");
  });

  it("can be declined, revoked, and expire; inviting again replaces the open one", async () => {
    const { answerInvitationAction, revokeInvitationAction } = await import("@/lib/workspaces/invitation-actions");
    const { findInvitation, pendingInvitations } = await import("@/lib/workspaces/invitations");
    const decliner = await person("decliner@example.test");
    const declined = await invite("decliner@example.test");
    await actAs(decliner, decliner.id);
    expect(await redirectOf(() => answerInvitationAction({}, form({ token: declined, answer: "decline" })))).toBe(
      "/dashboard?invitation=declined",
    );
    expect(await role(decliner.id)).toBeNull();
    expect(await findInvitation(declined)).toBeNull();

    const first = await invite("twice@example.test");
    const second = await invite("twice@example.test", "billing");
    expect(await findInvitation(first)).toBeNull();
    const open = (await pendingInvitations(team)).filter((i) => i.email === "twice@example.test");
    expect(open).toHaveLength(1);
    await actAs(owner);
    await revokeInvitationAction(form({ id: open[0]!.id }));
    expect(await findInvitation(second)).toBeNull();

    const later = await invite("late@example.test");
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await findInvitation(later, eightDays)).toBeNull();
    expect(await findInvitation(later)).not.toBeNull();
  });

  it("is refused for a member already in, and to roles that may not invite", async () => {
    const { inviteMemberAction } = await import("@/lib/workspaces/invitation-actions");
    await actAs(owner);
    expect(
      await inviteMemberAction({ status: "idle" }, form({ email: "owner@example.test", role: "admin" })),
    ).toMatchObject({
      status: "error",
      message: "owner@example.test is already a member of this workspace.",
    });
    expect(
      await inviteMemberAction({ status: "idle" }, form({ email: "x@example.test", role: "owner" })),
    ).toMatchObject({
      status: "error",
    });
    const dev = { token: "tok_dev@example.test" };
    await actAs(dev);
    expect(
      await inviteMemberAction({ status: "idle" }, form({ email: "y@example.test", role: "viewer" })),
    ).toMatchObject({
      status: "error",
      message: expect.stringMatching(/you cannot manage members/),
    });
  });
});

describe("owners", () => {
  it("the last owner cannot leave or be demoted; ownership can be transferred", async () => {
    const { changeRoleAction, leaveWorkspaceAction, transferOwnershipAction } =
      await import("@/lib/workspaces/actions");
    await actAs(owner);
    expect(await leaveWorkspaceAction({ status: "idle" })).toEqual({
      status: "error",
      message: "A workspace needs an owner: make someone else owner first.",
    });
    const { changeRole } = await import("@/lib/workspaces/members");
    await expect(changeRole(team, owner.id, "admin", true)).rejects.toThrow(/needs an owner/);
    const { getDb } = await import("@/lib/db");
    const dev = await (await getDb()).user.findUniqueOrThrow({ where: { email: "dev@example.test" } });
    expect(await transferOwnershipAction({ status: "idle" }, form({ userId: dev.id }))).toMatchObject({
      status: "done",
    });
    expect(await role(dev.id)).toBe("owner");
    expect(await role(owner.id)).toBe("admin");
    // Now an admin, the former owner cannot touch the owner.
    expect(await changeRoleAction({ status: "idle" }, form({ userId: dev.id, role: "viewer" }))).toEqual({
      status: "error",
      message: "Only an owner can make or change an owner.",
    });
    // And a personal workspace always keeps its person as owner.
    await expect(changeRole(owner.id, owner.id, "viewer", true)).rejects.toThrow(/personal workspace/);
  });
});
