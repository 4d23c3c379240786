import { cn, buttonClasses } from "@/components/ui";
import Link from "next/link";
import { cardClass } from "@/components/dashboard/styles";

export default function DashboardNotFound() {
  return (
    <div className={cn(cardClass, "mx-auto max-w-lg px-6 py-12 text-center")}>
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-xl font-bold text-slate-900">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is nothing here, or it belongs to another account.</p>
      <Link href="/dashboard/keys" className={buttonClasses({ variant: "outline" }, "mt-6")}>
        Back to your API keys
      </Link>
    </div>
  );
}
