import { DocsSearch } from "@/components/docs/search/docs-search";
import { DocsSidebar } from "@/components/docs/sidebar";
import { SiteFooter } from "@/components/site/footer";
import { SiteHeader } from "@/components/site/header";

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:flex lg:gap-10 lg:px-8">
        <DocsSidebar />
        <main id="main" className="min-w-0 flex-1 pb-24 pt-8 lg:pt-10">
          <DocsSearch />
          {children}
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
