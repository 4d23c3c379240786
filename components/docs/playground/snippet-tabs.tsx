"use client";

import { useState } from "react";
import { CodeBlock, Tabs } from "@/components/ui";
import { snippet, SNIPPET_LABELS, type SnippetLanguage, type SnippetRequest } from "./snippets";

const LANGUAGES: SnippetLanguage[] = [
  "curl",
  "javascript",
  "python",
  "sdk-typescript",
  "sdk-python",
  "sdk-go",
  "sdk-php",
  "sdk-ruby",
  "sdk-java",
];

/** curl / JavaScript / Python versions of one request, and the SDKs' (D29, D37), each copyable. */
export function SnippetTabs({ request, caption }: { request: SnippetRequest; caption?: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const code = snippet(language, request);
  return (
    <Tabs
      label="Code sample language"
      tabs={LANGUAGES.map((value) => ({ value, label: SNIPPET_LABELS[value] }))}
      value={language}
      onChange={setLanguage}
    >
      <CodeBlock code={code} caption={caption ?? SNIPPET_LABELS[language]} wrap className="[&_pre]:max-h-96">
        <span data-testid="snippet" data-language={language}>
          {code}
        </span>
      </CodeBlock>
    </Tabs>
  );
}
