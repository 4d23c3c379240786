import { buttonClasses } from "@/components/ui";
import { keepKeysAction } from "@/lib/billing/actions";

import { keysToKeep, type KeepKeysErrorCode } from "@/lib/accounts/plan-change";
import type { ApiKeySummary } from "@/lib/keys/service";
import { PLANS, type PlanId } from "@/lib/plans";

/**
 * After a move to a plan with fewer keys (D18): the newest keys beyond its limit are paused, and
 * the customer chooses here which keys stay active. Nothing is revoked.
 */
function keepKeysMessage(code: KeepKeysErrorCode, plan: PlanId, unrevoked: number): string {
  const { name, maxApiKeys } = PLANS[plan];
  switch (code) {
    case "none-chosen":
      return "Choose at least one key to keep.";
    case "too-many":
      return `The ${name} plan allows ${maxApiKeys} active keys: choose at most ${maxApiKeys}.`;
    case "too-few": {
      const keep = keysToKeep(unrevoked, plan);
      return `The ${name} plan has room for ${keep} active ${keep === 1 ? "key" : "keys"}: keep ${keep}. Only a key beyond the plan's limit is paused.`;
    }
    case "not-yours":
      return "Some of the chosen keys do not exist or are revoked.";
  }
}

export function PausedKeys({ keys, plan, error }: { keys: ApiKeySummary[]; plan: PlanId; error?: KeepKeysErrorCode }) {
  const live = keys.filter((k) => !k.revokedAt);
  const paused = live.filter((k) => k.pausedAt).length;
  if (paused === 0) return null;
  const { name, maxApiKeys } = PLANS[plan];
  const keep = keysToKeep(live.length, plan);
  return (
    <section
      role="alert"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
      aria-labelledby="paused-title"
      data-testid="paused-keys"
    >
      <h2 id="paused-title" className="text-lg font-semibold text-amber-900">
        {paused} {paused === 1 ? "key is" : "keys are"} paused
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        The {name} plan allows {maxApiKeys} active keys, so the newest beyond that answer 401 api_key_paused. Nothing
        was revoked: choose which {keep} {keep === 1 ? "key stays" : "keys stay"} active.
      </p>
      {error && (
        <p className="mt-2 text-sm font-medium text-red-700" data-testid="keep-error">
          {keepKeysMessage(error, plan, live.length)}
        </p>
      )}
      <form action={keepKeysAction} className="mt-3 space-y-1">
        {live.map((k) => (
          <label key={k.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="keep" value={k.id} defaultChecked={!k.pausedAt} />
            {k.name} <code className="text-xs text-slate-500">{k.display}</code>
          </label>
        ))}
        <button type="submit" className={buttonClasses({ variant: "primary" }, "mt-3")}>
          Keep these keys
        </button>
      </form>
    </section>
  );
}
