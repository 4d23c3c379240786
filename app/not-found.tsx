import type { Metadata } from "next";
import { SiteFooter } from "@/components/site/footer";
import { SiteHeader } from "@/components/site/header";
import { NotFoundPanel } from "@/components/site/status-panel";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any URL no page matches (answered with HTTP 404). The root layout has no header or footer (the
 * route groups add them), so this page adds the site's own. /v1 paths never get here: they have
 * their own problem+json 404 (app/v1/[...path]/route.ts, proxy.ts).
 */
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <NotFoundPanel />
      </main>
      <SiteFooter />
    </>
  );
}
