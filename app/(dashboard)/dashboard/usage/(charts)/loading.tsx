import { PageSkeleton } from "@/components/dashboard/skeleton";

export default function Loading() {
  return <PageSkeleton title="usage" />;
}
