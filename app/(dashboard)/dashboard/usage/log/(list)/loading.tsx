import { PageSkeleton } from "@/components/dashboard/skeleton";

// The list only: a request's own page ([id], outside this group) answers 404 before anything streams.
export default function Loading() {
  return <PageSkeleton title="usage" />;
}
