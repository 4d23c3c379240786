import Link from "next/link";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { Button, cn } from "@/components/ui";
import { disconnectAppAction } from "@/lib/mcp/oauth/actions";
import type { ConnectedApp } from "@/lib/keys/oauth-grants";

/** The MCP clients the account connected through OAuth (D25), beside its keys, each with Disconnect. */
export function ConnectedApps({ apps }: { apps: readonly ConnectedApp[] }) {
  const date = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "never");
  return (
    <section id="connected-apps" className={cn(cardClass, "mt-6 p-5 sm:p-6")} aria-labelledby="connected-apps-title">
      <h2 id="connected-apps-title" className="text-lg font-semibold text-slate-900">
        Connected apps
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">
        AI agents you allowed to use Glance with your account through sign-in instead of a key.{" "}
        <Link href="/docs/mcp" className={linkClass}>
          AI agents (MCP)
        </Link>
      </p>
      {apps.length === 0 ? (
        <p className="text-sm text-slate-500">No app is connected.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="connected-apps">
          {apps.map((app) => (
            <li key={app.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{app.clientName}</p>
                <p className="text-xs text-slate-500">
                  Connected {date(app.createdAt)} · last used {date(app.lastUsedAt)}
                </p>
              </div>
              <form action={disconnectAppAction}>
                <input type="hidden" name="grant" value={app.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Disconnect ${app.clientName}`}>
                  Disconnect
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
