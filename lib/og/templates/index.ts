/** The template components by name; their variables are described in lib/og/catalog. */
import type { OgTemplateName } from "@/lib/og/catalog";
import { BlogPostCard } from "@/lib/og/templates/blog-post";
import { ChangelogCard } from "@/lib/og/templates/changelog-card";
import { DefaultCard } from "@/lib/og/templates/default";
import type { TemplateComponent } from "@/lib/og/templates/parts";
import { StatsCard } from "@/lib/og/templates/stats-card";

export const TEMPLATE_COMPONENTS: Record<OgTemplateName, TemplateComponent> = {
  default: DefaultCard,
  "blog-post": BlogPostCard,
  "stats-card": StatsCard,
  "changelog-card": ChangelogCard,
};
