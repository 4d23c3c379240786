/**
 * The browsing tools and saved logins (D43) with the official SDK's client over real HTTP, real
 * Chromium and PostgreSQL: an agent signs in through a login form on a local site with
 * browser_open / browser_snapshot / browser_type / browser_click, saves the login as a profile,
 * and a screenshot with profile= then shows the signed-in page (its HttpOnly cookie and its local
 * storage both came), while the same URL without it is the signed-out page (the cache keys on the
 * profile). Another workspace can use neither the profile nor the session; the row is sealed.
 */
import sharp from "sharp";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "@/tests/support/api";
import { type LoginSite, startLoginSite } from "@/tests/support/login-site";
import { answerOf, imageOf, mcpHarness, problemOfTool, texts } from "./harness";

let site: LoginSite | undefined;
beforeAll(async () => {
  site = await startLoginSite();
});
afterAll(async () => site?.close());

const h = mcpHarness({ moreOrigins: () => [site!.origin] });
let alice: TestAccount;
let other: TestAccount;
let client: Client;
let otherClient: Client;

beforeAll(async () => {
  alice = await h.account("business");
  other = await h.account("business");
  client = await h.connect(alice.apiKey);
  otherClient = await h.connect(other.apiKey);
}, 60_000);

const call = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** The reference of the element whose outline line starts with `label`. */
function ref(snapshot: string, label: RegExp): string {
  const line = snapshot.split("\n").find((l) => label.test(l));
  const found = line && /\[ref=(e\d+)\]/.exec(line)?.[1];
  if (!found) throw new Error(`no element ${label} in\n${snapshot}`);
  return found;
}

/** The colour in the middle of a PNG: the account page is green signed in, red signed out. */
async function middle(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map((v) => v!.toString(16).padStart(2, "0")).join("");
}

describe("an agent signs in with the browsing tools and renders with the saved profile", () => {
  let sessionId: string;

  it("opens a session on the login form, types, clicks, and is signed in", async () => {
    const opened = await call(client, "browser_open", { url: `${site!.origin}/login` });
    expect(opened.isError).toBeFalsy();
    sessionId = String(answerOf(opened).sessionId);
    expect(sessionId).toMatch(/^bs_/);
    const form = texts(opened).join("\n");
    expect(form).toContain("# Sign in to Fixture");
    const user = ref(form, /text input "Username/);
    const password = ref(form, /password input "Password/);
    const submit = ref(form, /button "Sign in"/);

    // The same references again in a fresh snapshot: they name the same elements.
    const again = texts(await call(client, "browser_snapshot", { sessionId })).join("\n");
    expect(ref(again, /text input "Username/)).toBe(user);

    const typed = texts(await call(client, "browser_type", { sessionId, ref: user, text: "alice" })).join("\n");
    expect(typed).toContain('value "alice"');
    const secret = texts(await call(client, "browser_type", { sessionId, ref: password, text: "correct-horse" }));
    expect(secret.join("\n")).not.toContain("correct-horse"); // a password field shows only that it is filled
    const after = texts(await call(client, "browser_click", { sessionId, ref: submit })).join("\n");
    expect(after).toContain("Signed in as alice");
    expect(after).toContain("prefs: from-login");

    const look = imageOf(await call(client, "browser_screenshot", { sessionId }));
    expect(look.mimeType).toBe("image/png");
    expect(await middle(look.data)).toBe("00c853");

    // The live session is a session of the workspace, like a CDP client's (D39).
    const rows = await h.sql<{ user_id: string; started_at: Date | null; ended_at: Date | null }>(
      "SELECT user_id, started_at, ended_at FROM browser_sessions WHERE id = $1",
      [sessionId],
    );
    expect(rows).toEqual([{ user_id: alice.userId, started_at: expect.any(Date), ended_at: null }]);
  }, 60_000);

  it("another workspace cannot drive or read the session", async () => {
    expect(problemOfTool(await call(otherClient, "browser_snapshot", { sessionId }))).toMatchObject({
      code: "session_not_found",
      status: 404,
    });
  });

  it("saves the login as a profile that shows names and origins, never values", async () => {
    const saved = answerOf(await call(client, "browser_save_profile", { sessionId, name: "fixture-alice" }));
    expect(saved).toEqual({
      name: "fixture-alice",
      origins: [site!.origin],
      cookieDomains: ["127.0.0.1"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const closed = answerOf(await call(client, "browser_close", { sessionId }));
    expect(closed).toEqual({ sessionId, closed: true });
    expect(problemOfTool(await call(client, "browser_snapshot", { sessionId }))).toMatchObject({
      code: "session_not_live",
    });
  }, 30_000);

  it("a screenshot with profile= starts signed in; without it the same URL is signed out", async () => {
    const url = `${site!.origin}/account`;
    const signedIn = await call(client, "screenshot", { url, width: 400, height: 300, profile: "fixture-alice" });
    expect(signedIn.isError).toBeFalsy();
    expect(await middle(imageOf(signedIn).data)).toBe("00c853");
    // Not the profile's cached result: the cache key holds the profile.
    const signedOut = await call(client, "screenshot", { url, width: 400, height: 300 });
    expect(await middle(imageOf(signedOut).data)).toBe("d50000");

    const page = texts(await call(client, "page_markdown", { url, profile: "fixture-alice" })).join("\n");
    expect(page).toContain("Signed in as alice");
    expect(page).toContain("prefs: from-login"); // local storage restored for the origin
  }, 60_000);

  it("another workspace naming the profile gets profile_not_found, as for a name that does not exist", async () => {
    const url = `${site!.origin}/account`;
    const refused = problemOfTool(await call(otherClient, "screenshot", { url, profile: "fixture-alice" }));
    expect(refused).toMatchObject({ code: "profile_not_found", status: 404, param: "profile" });
    const unknown = problemOfTool(await call(client, "screenshot", { url, profile: "nobody" }));
    expect(unknown).toMatchObject({ code: "profile_not_found", status: 404 });
  });

  it("keeps the profile sealed in the database, readable only for its own workspace", async () => {
    const [row] = await h.sql<{ state: string; user_id: string }>(
      "SELECT state, user_id FROM browser_profiles WHERE name = 'fixture-alice'",
    );
    expect(row!.user_id).toBe(alice.userId);
    expect(row!.state).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const clear of ["sid", "from-login", "prefs", "127.0.0.1"]) expect(row!.state).not.toContain(clear);
    const { unseal } = await import("@/lib/secrets/sealed");
    const opened = JSON.parse(await unseal(row!.state, "browser-profile", alice.userId)) as {
      cookies: Array<{ name: string; httpOnly: boolean }>;
    };
    expect(opened.cookies).toEqual([expect.objectContaining({ name: "sid", httpOnly: true })]);
    await expect(unseal(row!.state, "browser-profile", other.userId)).rejects.toThrow();
  });
});
