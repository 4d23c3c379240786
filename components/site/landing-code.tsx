"use client";

import { SnippetTabs } from "@/components/docs/playground/snippet-tabs";
import { KEY_PLACEHOLDER } from "@/components/docs/playground/snippets";
import { useOrigin } from "./use-origin";

/** The landing page's code sample: the same snippet generator the playground uses. */
export function LandingCode({ query, json = false, fileName }: { query: string; json?: boolean; fileName: string }) {
  const origin = useOrigin("https://your-glance-host");
  return <SnippetTabs request={{ url: `${origin}/v1/screenshot?${query}`, apiKey: KEY_PLACEHOLDER, json, fileName }} />;
}
