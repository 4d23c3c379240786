import { notFound } from "next/navigation";

/**
 * Every /docs/… path without a page of its own. Without it Next would answer with the root
 * not-found page; with it the docs 404 (../not-found.tsx) renders inside the docs layout, sidebar
 * included. Not a page of its own: the navigation test leaves catch-all segments out.
 */
export default function UnknownDocsPage(): never {
  notFound();
}
