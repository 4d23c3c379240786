import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/site/status-panel";

export const metadata: Metadata = { title: "Docs page not found" };

/** A missing docs page, inside the docs layout so the sidebar is there to find the right one. */
export default function DocsNotFound() {
  return <NotFoundPanel inDocs />;
}
