import type { HTMLAttributes } from "react";
import { cn } from "./cn";

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...rest }: DivProps) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...rest} />;
}

export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cn("p-5 sm:p-6", className)} {...rest} />;
}
