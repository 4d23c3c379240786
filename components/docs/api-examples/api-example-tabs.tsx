"use client";

import { useSyncExternalStore } from "react";
import { Tabs } from "@/components/ui";
import { OriginCode } from "../origin-code";
import { SNIPPET_LABELS } from "../playground/snippets";
import { PlaygroundLink } from "../playground-link";
import { type ApiExample, exampleCode, type ExampleLanguage } from "./build";

const LANGUAGES: ExampleLanguage[] = ["curl", "sdk-typescript", "sdk-python"];

/** The language chosen last: every example of the page (and the next) shows it. */
let chosen: ExampleLanguage = "curl";
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
function choose(language: ExampleLanguage) {
  chosen = language;
  for (const listener of listeners) listener();
}

/**
 * An API request of the docs as curl and through both SDKs (D29), in tabs; all three written
 * from one description (./build.ts). An answer shown under it is the same in every language.
 */
export function ApiExampleTabs({
  example,
  caption,
  className,
}: {
  example: ApiExample;
  caption?: string;
  className?: string;
}) {
  const language = useSyncExternalStore(
    subscribe,
    () => chosen,
    () => "curl" as const,
  );
  const code = exampleCode(example, language);
  return (
    <>
      <div className={className} data-example data-api-example>
        <Tabs
          label={caption ? `${caption}: language` : "Example language"}
          tabs={LANGUAGES.map((value) => ({ value, label: SNIPPET_LABELS[value] }))}
          value={language}
          onChange={choose}
        >
          <OriginCode code={code} caption={caption ?? SNIPPET_LABELS[language]} wrap />
        </Tabs>
        <PlaygroundLink code={exampleCode(example, "curl")} />
      </div>
      {example.answer && <OriginCode code={example.answer} caption="The answer" className={className} />}
    </>
  );
}
