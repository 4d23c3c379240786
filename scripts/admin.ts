/**
 * Operator command (D12): npm run admin -- <command> [options]
 *   create-user     --email E [--plan P] [--name N]
 *   set-plan        --email E | --workspace ID_OR_SLUG   --plan free|starter|pro|business
 *   create-key      --email E | --workspace ID_OR_SLUG   [--name N]   prints the key once
 *   revoke-key      --key sk_live_…
 *   roll-key        --key <key id> | sk_live_…   a new secret for the same key, printed once (D5)
 *   list-keys       [--email E | --workspace ID_OR_SLUG]
 *   list-workspaces [--email E]              ids, slugs, plans and owners
 *   create-connector --email E | --workspace ID_OR_SLUG  [--name N]   the token alone on the last line (D42)
 *   revoke-connector --token ct_live_…
 * A workspace is a person's (named by their e-mail) or a team's (by its id or its slug, the name
 * in lower case with hyphens); each has its own plan (D18, D28).
 * Works while the server runs, on the embedded default too: the embedded database is reached
 * through the server's socket when the server owns it (lib/db/embedded.ts).
 */
import { parseArgs } from "node:util";
import { getDb, disconnectDb } from "@/lib/db";
import { changePlan } from "@/lib/accounts/plan-change";
import { recordAudit } from "@/lib/audit/audit-log";
import { createConnector, isWellFormedConnectorToken, revokeConnectorByToken } from "@/lib/keys/connectors";
import { isWellFormedApiKey } from "@/lib/keys/format";
import { rollApiKey } from "@/lib/keys/roll";
import { createApiKey, listApiKeys, revokeApiKeyByPlaintext } from "@/lib/keys/service";
import { isPlanId, PLAN_IDS } from "@/lib/plans";
import { workspaceSlug } from "@/lib/workspaces/slug";

const USAGE = `usage: npm run admin -- <command> [options]
  create-user     --email EMAIL [--plan ${PLAN_IDS.join("|")}] [--name NAME]
  set-plan        (--email EMAIL | --workspace ID_OR_SLUG) --plan ${PLAN_IDS.join("|")}
  create-key      (--email EMAIL | --workspace ID_OR_SLUG) [--name NAME]
  revoke-key      --key sk_live_...
  roll-key        --key KEY_ID|sk_live_...
  list-keys       [--email EMAIL | --workspace ID_OR_SLUG]
  create-connector (--email EMAIL | --workspace ID_OR_SLUG) [--name NAME]
  revoke-connector --token ct_live_...
  list-workspaces [--email EMAIL]
A team is named by its id or slug (see list-workspaces); a person's workspace by their e-mail.`;

class UsageError extends Error {}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
}

function planFrom(value: string | undefined) {
  if (value === undefined) return undefined;
  if (!isPlanId(value)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(", ")}`);
  return value;
}

async function userByEmail(email: string) {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!user) throw new UsageError(`no user with e-mail ${email}`);
  return user;
}

interface Workspace {
  id: string;
  email: string | null;
  name: string | null;
  kind: string;
  plan: string;
}

/** How the output names a workspace: a person's by e-mail, a team's by name and slug. */
function label(w: Workspace): string {
  return w.kind === "team" ? `team "${w.name}" (${workspaceSlug(w.name)}, ${w.id})` : `user ${w.email}`;
}

/** A workspace by id, or a team by its slug when exactly one team has it. */
async function workspaceByRef(ref: string): Promise<Workspace> {
  const db = await getDb();
  const byId = await db.user.findUnique({ where: { id: ref } });
  if (byId) return byId;
  const slug = workspaceSlug(ref);
  const teams = (await db.user.findMany({ where: { kind: "team" }, orderBy: { createdAt: "asc" } })).filter(
    (t) => slug !== "" && workspaceSlug(t.name) === slug,
  );
  if (teams.length === 1) return teams[0]!;
  if (teams.length === 0)
    throw new UsageError(`no workspace with id or slug ${ref} (npm run admin -- list-workspaces)`);
  throw new UsageError(
    `${teams.length} teams have the slug ${slug}: name one by id (${teams.map((t) => t.id).join(", ")})`,
  );
}

/** The workspace --email or --workspace names (exactly one of them). */
async function namedWorkspace(values: { email?: string; workspace?: string }): Promise<Workspace> {
  if (values.email && values.workspace) throw new UsageError("give --email or --workspace, not both");
  if (values.workspace) return workspaceByRef(values.workspace);
  if (values.email) return userByEmail(values.email);
  throw new UsageError("--email or --workspace is required");
}

async function listWorkspaces(email: string | undefined): Promise<void> {
  const db = await getDb();
  const rows = await db.user.findMany({
    where: email
      ? { OR: [{ email: email.toLowerCase() }, { members: { some: { user: { email: email.toLowerCase() } } } }] }
      : {},
    orderBy: { createdAt: "asc" },
    include: { members: { where: { role: "owner" }, include: { user: { select: { email: true } } } } },
  });
  for (const w of rows) {
    const owners = w.kind === "team" ? w.members.map((m) => m.user.email).join(",") : w.email;
    console.log(
      `${w.id}\t${w.kind}\t${w.kind === "team" ? workspaceSlug(w.name) : w.email}\t${w.plan}\t${w.name ?? ""}\towners ${owners}`,
    );
  }
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      workspace: { type: "string" },
      plan: { type: "string" },
      name: { type: "string" },
      key: { type: "string" },
      token: { type: "string" },
    },
    strict: true,
  });
  const db = await getDb();

  switch (command) {
    case "create-user": {
      const email = required(values.email, "email").toLowerCase();
      const plan = planFrom(values.plan) ?? "free";
      const user = await db.user.upsert({
        where: { email },
        create: { email, plan, name: values.name ?? null },
        // An existing user keeps their plan unless one is named (then it is set, as set-plan does).
        update: values.plan ? { plan } : {},
      });
      console.log(`user ${user.email} (${user.id}) on plan ${user.plan}`);
      return;
    }
    case "set-plan": {
      const plan = planFrom(required(values.plan, "plan"))!;
      const workspace = await namedWorkspace(values);
      // Keys beyond a lower plan's limit are paused, not revoked (D18). Only this workspace's
      // plan changes: a team's is its own, not its owner's.
      await changePlan(workspace.id, plan);
      console.log(`${label(workspace)} is now on plan ${plan}`);
      return;
    }
    case "create-key": {
      const workspace = await namedWorkspace(values);
      const { key, apiKey, signingSecret } = await createApiKey(workspace.id, values.name);
      console.log(`created key "${apiKey.name}" (${apiKey.id}) for ${label(workspace)}`);
      console.log("This is the only time the key and its signing secret are shown:");
      console.log(key);
      console.log(`public id (key_id of signed URLs): ${apiKey.publicId}`);
      console.log(`signing secret: ${signingSecret}`);
      return;
    }
    case "revoke-key": {
      const key = required(values.key, "key");
      if (!isWellFormedApiKey(key)) throw new UsageError("--key must be a full key (sk_live_ + 32 characters)");
      console.log((await revokeApiKeyByPlaintext(key)) ? "key revoked" : "no active key matches");
      return;
    }
    case "roll-key": {
      // The key's id (list-keys shows it) or its full plaintext (the one an operator was handed).
      const key = required(values.key, "key");
      const rolled = await rollApiKey(
        isWellFormedApiKey(key) ? { operator: true, plaintext: key } : { operator: true, keyId: key },
      );
      if (!rolled) {
        console.log("no active key matches");
        return;
      }
      console.log(`rolled key "${rolled.name}" (${rolled.id}): the old secret is refused from now on.`);
      console.log("This is the only time the new key is shown:");
      console.log(rolled.key);
      return;
    }
    case "list-keys": {
      const users =
        values.email || values.workspace
          ? [await namedWorkspace(values)]
          : await db.user.findMany({ orderBy: { createdAt: "asc" } });
      for (const user of users) {
        const owner = user.kind === "team" ? `team:${workspaceSlug(user.name)}` : user.email;
        for (const k of await listApiKeys(user.id)) {
          const status = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
          const used = k.lastUsedAt ? k.lastUsedAt.toISOString() : "never";
          console.log(
            `${owner}\t${user.plan}\t${k.display}\t${k.publicId}\t${k.name}\t${status}\tlast used ${used}\t${k.id}`,
          );
        }
      }
      return;
    }
    case "create-connector": {
      // The workspace's own (no maker): an operator's connector outlives every member (D42).
      const workspace = await namedWorkspace(values);
      const { token, connector } = await createConnector(workspace.id, values.name);
      await recordAudit(workspace.id, null, "connector.created", connector.id, { name: connector.name });
      console.log(`created connector "${connector.name}" (${connector.id}) for ${label(workspace)}`);
      console.log("This is the only time its token is shown:");
      console.log(token); // alone on the last line, for scripts: `| tail -n 1`
      return;
    }
    case "revoke-connector": {
      const token = required(values.token, "token");
      if (!isWellFormedConnectorToken(token))
        throw new UsageError("--token must be a full connector token (ct_live_…)");
      const revoked = await revokeConnectorByToken(token);
      if (revoked) await recordAudit(revoked.workspaceId, null, "connector.revoked", revoked.id);
      console.log(revoked ? "connector revoked" : "no active connector matches");
      return;
    }
    case "list-workspaces":
      return listWorkspaces(values.email);
    default:
      throw new UsageError(command ? `unknown command ${command}` : "no command given");
  }
}

run(process.argv.slice(2).filter((a) => a !== "--"))
  .then(() => disconnectDb())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    await disconnectDb();
    if (error instanceof UsageError) console.error(`error: ${error.message}\n\n${USAGE}`);
    else console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
