"use client";

import { useEffect, useState } from "react";
import type { TemplateInfo } from "./types";

/**
 * The signed-in visitor's own OG templates (D21), fetched once from the playground's session
 * route; none for visitors, and none when the fetch fails (the built-in ones still work).
 */
export function useAccountTemplates(enabled: boolean): readonly TemplateInfo[] {
  const [templates, setTemplates] = useState<readonly TemplateInfo[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetch("/api/playground/og/templates", { signal: controller.signal, credentials: "same-origin" })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ templates: TemplateInfo[] }>) : { templates: [] },
      )
      .then((body) => setTemplates(body.templates))
      .catch(() => {});
    return () => controller.abort();
  }, [enabled]);
  return templates;
}
