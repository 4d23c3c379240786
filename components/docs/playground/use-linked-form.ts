"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { initialValues } from "./query";
import { linkQuery, sharedQuery, valuesFromQuery } from "./share";
import type { EndpointName, FormValues, ParamField, TemplateInfo } from "./types";

const never = () => () => {};

/**
 * The playground's form values, linked to the page URL (D22): until the visitor edits the form it
 * shows what the page's query describes (a shared link, an "Open in playground" link) or the
 * page's starting form; once hydrated, the page URL follows the form (debounced replaceState, so
 * typing adds no history entries). The server render and the first client render show the
 * starting form; the link's values follow right after hydration, without a mismatch.
 */
export function useLinkedForm(
  endpoint: EndpointName,
  fields: readonly ParamField[],
  startingTemplate: TemplateInfo | undefined,
  templates: readonly TemplateInfo[],
) {
  const search = useSyncExternalStore(
    never,
    () => window.location.search,
    () => "",
  );
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const starting = useMemo(
    () => initialValues(endpoint, fields, startingTemplate),
    [endpoint, fields, startingTemplate],
  );
  const startingQuery = useMemo(
    () => linkQuery(fields, starting, startingTemplate),
    [fields, starting, startingTemplate],
  );
  const linked = useMemo(
    () => valuesFromQuery(endpoint, fields, new URLSearchParams(search), startingTemplate),
    [endpoint, fields, search, startingTemplate],
  );
  const [edited, setEdited] = useState<FormValues | null>(null);
  const values = edited ?? linked ?? starting;
  const update = (change: (current: FormValues) => FormValues) => setEdited((current) => change(current ?? values));

  const template = templates.find((t) => t.name === values.template);
  const shareable = sharedQuery(fields, values, template, startingQuery);
  // An account template named by a link is not known until the list loads: leave the URL alone meanwhile.
  const urlReady = hydrated && (endpoint !== "og" || template !== undefined);
  useEffect(() => {
    if (!urlReady) return;
    const timer = setTimeout(() => {
      const { pathname, search: current, hash } = window.location;
      const next = `${pathname}${shareable ? `?${shareable}` : ""}${hash}`;
      if (next !== `${pathname}${current}${hash}`) window.history.replaceState(null, "", next);
    }, 300);
    return () => clearTimeout(timer);
  }, [shareable, urlReady]);

  return { values, update, template };
}
