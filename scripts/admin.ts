/**
 * Operator command (D12): npm run admin -- <command> [options]
 *   create-user --email E [--plan P] [--name N]
 *   set-plan    --email E --plan free|starter|pro|business
 *   create-key  --email E [--name N]        prints the key once
 *   revoke-key  --key sk_live_…
 *   roll-key    --key <key id> | sk_live_…   a new secret for the same key, printed once (D5)
 *   list-keys   [--email E]
 * Works while the server runs, on the embedded default too: the embedded database is reached
 * through the server's socket when the server owns it (lib/db/embedded.ts).
 */
import { parseArgs } from "node:util";
import { getDb, disconnectDb } from "@/lib/db";
import { changePlan } from "@/lib/billing/plan-change";
import { isWellFormedApiKey } from "@/lib/keys/format";
import { rollApiKey } from "@/lib/keys/roll";
import { createApiKey, listApiKeys, revokeApiKeyByPlaintext } from "@/lib/keys/service";
import { isPlanId, PLAN_IDS } from "@/lib/plans";

const USAGE = `usage: npm run admin -- <command> [options]
  create-user --email EMAIL [--plan ${PLAN_IDS.join("|")}] [--name NAME]
  set-plan    --email EMAIL --plan ${PLAN_IDS.join("|")}
  create-key  --email EMAIL [--name NAME]
  revoke-key  --key sk_live_...
  roll-key    --key KEY_ID|sk_live_...
  list-keys   [--email EMAIL]`;

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

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: "string" }, plan: { type: "string" }, name: { type: "string" }, key: { type: "string" } },
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
      const email = required(values.email, "email");
      const plan = planFrom(required(values.plan, "plan"))!;
      const user = await userByEmail(email);
      // Keys beyond a lower plan's limit are paused, not revoked (D18).
      await changePlan(user.id, plan);
      console.log(`user ${user.email} is now on plan ${plan}`);
      return;
    }
    case "create-key": {
      const user = await userByEmail(required(values.email, "email"));
      const { key, apiKey, signingSecret } = await createApiKey(user.id, values.name);
      console.log(`created key "${apiKey.name}" (${apiKey.id}) for ${user.email}`);
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
      const users = values.email
        ? [await userByEmail(values.email)]
        : await db.user.findMany({ orderBy: { createdAt: "asc" } });
      for (const user of users) {
        for (const k of await listApiKeys(user.id)) {
          const status = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
          const used = k.lastUsedAt ? k.lastUsedAt.toISOString() : "never";
          console.log(
            `${user.email}\t${user.plan}\t${k.display}\t${k.publicId}\t${k.name}\t${status}\tlast used ${used}\t${k.id}`,
          );
        }
      }
      return;
    }
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
