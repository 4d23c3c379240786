import type { Metadata } from "next";
import { formatDateTime, formatRelative } from "@/components/dashboard/format";
import { cardClass } from "@/components/dashboard/styles";
import { Alert, Badge, Button, cn } from "@/components/ui";
import { requireUser } from "@/lib/auth/session";
import { getCurrentWorkspace } from "@/lib/auth/workspace";
import {
  AUTHORIZE_FIELDS,
  checkAuthorizeRequest,
  connectableWorkspaces,
  type AuthorizeCheck,
} from "@/lib/mcp/oauth/authorize";
import { redirectDestination } from "@/lib/mcp/oauth/redirect-uris";

export const metadata: Metadata = { title: "Connect an application" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** An authorization request we cannot go on with, on our own page (D25): never a redirect by itself. */
function CannotGoOn({ check }: { check: Exclude<AuthorizeCheck, { kind: "ok" }> }) {
  const back = check.kind === "failed" ? redirectDestination(check.location) : undefined;
  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">This connection cannot go on</h1>
      <Alert tone="danger" className="mt-6">
        {check.message}
      </Alert>
      {check.kind === "failed" && back && (
        <p className="mt-4 text-sm text-slate-600">
          If you started this from <strong>{check.client.name}</strong> (not verified by Glance), you can tell it so:{" "}
          <a href={check.location} rel="noreferrer" className="font-medium text-brand-700 underline">
            return to <span className="font-mono">{back.where}</span>
          </a>{" "}
          ({back.note}). Otherwise, close this page.
        </p>
      )}
    </div>
  );
}

/**
 * The consent page of the MCP authorization flow (D25): the signed-in user lets an MCP client act
 * for their account, or declines. The decision is posted to /oauth/decision with the request's own
 * parameters, checked again there. Every client registered itself, so the page says it is not
 * verified, when it registered and where the answer sends the browser. It cannot be framed (its
 * headers, next.config.ts): a page that grants access must not be clicked through in a frame.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Search }) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_FIELDS) {
    const value = raw[name];
    if (typeof value === "string") params.set(name, value);
  }
  const check = await checkAuthorizeRequest(params);
  if (check.kind !== "ok") return <CannotGoOn check={check} />;
  const user = await requireUser(`/oauth/authorize?${params}`);
  const destination = redirectDestination(check.redirectUri);
  // The token acts for one workspace (D28): the current one when the person may connect apps there.
  const [choices, current] = await Promise.all([connectableWorkspaces(user.id), getCurrentWorkspace()]);
  const preselected = choices.find((w) => w.id === current?.id) ?? choices[0];
  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Connect {check.client.name} to Glance?</h1>
      <div className="mt-3 text-sm text-slate-600" data-testid="client-facts">
        <Badge tone="warning">Not verified</Badge> Glance has not verified this application: anyone can register one
        under any name. It registered itself{" "}
        <time dateTime={check.client.createdAt.toISOString()}>{formatRelative(check.client.createdAt)}</time> (
        {formatDateTime(check.client.createdAt)}). Allow it only if you just asked it to connect to Glance.
      </div>
      <p className="mt-3 text-sm text-slate-600">
        <strong>{check.client.name}</strong> wants to use Glance as <strong>{user.email ?? user.name}</strong>: take
        screenshots, read pages, render OG images and run jobs for the workspace you choose, counted against its monthly
        renders like requests with its API keys.
      </p>
      <p className="mt-3 text-sm text-slate-600">
        When you answer, your browser goes to <code className="font-mono">{destination.where}</code> ({destination.note}
        ). You can disconnect it at any time on that workspace&apos;s API Keys page.
      </p>
      <form method="post" action="/oauth/decision" className="mt-6 flex flex-wrap gap-3">
        {[...params].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="block w-full text-sm font-medium text-slate-700">
          Workspace
          <select
            name="workspace"
            defaultValue={preselected?.id}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {choices.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" name="decision" value="allow">
          Allow
        </Button>
        <Button type="submit" name="decision" value="deny" variant="outline">
          Deny
        </Button>
      </form>
    </div>
  );
}
