import { AccountLinks } from "./account-links";
import { MAIN_NAV } from "./links";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NavLink } from "./nav-link";
import { SkipLink } from "./skip-link";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <SkipLink className="focus:left-4 focus:top-3 focus:px-3 focus:py-2 focus:text-sm" />
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {MAIN_NAV.map((item) => (
              <NavLink key={item.href} href={item.href} label={item.label} />
            ))}
          </nav>
        </div>
        <div className="hidden md:block">
          <AccountLinks />
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
