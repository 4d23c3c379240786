import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cardClass } from "@/components/dashboard/styles";
import { Alert, Button, cn } from "@/components/ui";
import { requireUser } from "@/lib/auth/session";
import { AUTHORIZE_FIELDS, checkAuthorizeRequest } from "@/lib/mcp/oauth/authorize";
import { PLANS } from "@/lib/plans";

export const metadata: Metadata = { title: "Connect an application" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The consent page of the MCP authorization flow (D25): the signed-in user lets an MCP client act
 * for their account, or declines. The decision is posted to /oauth/decision with the request's own
 * parameters, checked again there.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Search }) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_FIELDS) {
    const value = raw[name];
    if (typeof value === "string") params.set(name, value);
  }
  const check = await checkAuthorizeRequest(params);
  if (check.kind === "redirect") redirect(check.location);
  if (check.kind === "refused") {
    return (
      <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">This connection cannot go on</h1>
        <Alert tone="danger" className="mt-6">
          {check.message}
        </Alert>
      </div>
    );
  }
  const user = await requireUser(`/oauth/authorize?${params}`);
  const redirectHost = new URL(check.redirectUri).host || check.redirectUri;
  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Connect {check.client.name} to Glance?</h1>
      <p className="mt-3 text-sm text-slate-600">
        <strong>{check.client.name}</strong> wants to use Glance as <strong>{user.email ?? user.name}</strong> (
        {PLANS[user.plan].name} plan): take screenshots, read pages, render OG images and run jobs, counted against your
        monthly renders like requests with an API key.
      </p>
      <p className="mt-3 text-sm text-slate-600">
        After you allow it, you go back to <code className="font-mono">{redirectHost}</code>. You can disconnect it at
        any time on the API Keys page.
      </p>
      <form method="post" action="/oauth/decision" className="mt-6 flex gap-3">
        {[...params].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
