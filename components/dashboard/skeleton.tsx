import { Skeleton } from "@/components/ui";

/** Placeholder blocks while a dashboard page loads; announced once as "Loading". */
export function PageSkeleton({ title }: { title: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading {title}…</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="mt-6 h-64" />
    </div>
  );
}
