/**
 * Starting points in the template language (D21): one per built-in template, drawn the way the
 * built-in looks (dark card, accent bar, large title), for "duplicate a built-in" in the editor.
 * Each is a valid account template (a unit test compiles every one).
 */
import type { OgTemplateName } from "@/lib/og/catalog";

const FRAME = `background-color: {{bg}}; color: #f8fafc; padding: 76px 88px; flex-direction: column; width: 100%; height: 100%`;
const BAR = `<div style="width: 72px; height: 10px; border-radius: 5px; background-color: {{accent}}"></div>`;
const COLORS = `  <color name="accent" default="#6366f1" />
  <color name="bg" default="#0b1020" />`;

export const STARTERS: Record<OgTemplateName, string> = {
  default: `<variables>
  <text name="title" default="Ship pixel-perfect previews for every page" required />
  <text name="description" default="Open Graph images rendered in milliseconds." />
${COLORS}
</variables>
<div style="${FRAME}">
  ${BAR}
  <div style="flex-direction: column; flex-grow: 1; justify-content: center; margin-top: 40px">
    <p style="font-size: 76px; font-weight: 700; line-height: 1.12; line-clamp: 3">{{title}}</p>
    <p style="font-size: 32px; color: #cbd5e1; margin-top: 28px; line-clamp: 3">{{description}}</p>
  </div>
</div>`,
  "blog-post": `<variables>
  <text name="title" default="How we render Open Graph images without a browser" required />
  <text name="author" default="Ada Lovelace" />
  <text name="date" default="March 14, 2025" />
  <image_url name="avatar" />
${COLORS}
</variables>
<div style="${FRAME}">
  ${BAR}
  <p style="font-size: 68px; font-weight: 700; line-height: 1.12; margin-top: 40px; flex-grow: 1; line-clamp: 3">{{title}}</p>
  <div style="align-items: center">
    <img src="{{avatar}}" width="72" height="72" style="border-radius: 36px; margin-right: 20px" />
    <div style="flex-direction: column">
      <span style="font-size: 28px; font-weight: 700">{{author}}</span>
      <span style="font-size: 24px; color: #cbd5e1">{{date}}</span>
    </div>
  </div>
</div>`,
  "stats-card": `<variables>
  <text name="title" default="Acme Coffee in 2025" required />
  <text name="stat1_number" default="18,240" />
  <text name="stat1_label" default="cups poured" />
  <text name="stat2_number" default="4.8 ★" />
  <text name="stat2_label" default="average review" />
${COLORS}
</variables>
<div style="${FRAME}">
  ${BAR}
  <p style="font-size: 56px; font-weight: 700; margin-top: 40px">{{title}}</p>
  <div style="flex-grow: 1; align-items: flex-end; gap: 48px">
    <div style="flex-direction: column; flex-grow: 1; padding: 32px; border-radius: 24px; background-color: rgba(248, 250, 252, 0.06)">
      <span style="font-size: 96px; font-weight: 700; color: {{accent}}">{{stat1_number}}</span>
      <span style="font-size: 28px; color: #cbd5e1">{{stat1_label}}</span>
    </div>
    <div style="flex-direction: column; flex-grow: 1; padding: 32px; border-radius: 24px; background-color: rgba(248, 250, 252, 0.06)">
      <span style="font-size: 96px; font-weight: 700; color: {{accent}}">{{stat2_number}}</span>
      <span style="font-size: 28px; color: #cbd5e1">{{stat2_label}}</span>
    </div>
  </div>
</div>`,
  "changelog-card": `<variables>
  <text name="version" default="v2.4.0" required />
  <text name="title" default="Faster renders, sharper text" />
  <list name="change_items" default="WebP output with quality control|Japanese and emoji in every template|Sharper text at every size" />
${COLORS}
</variables>
<div style="${FRAME}">
  <div style="align-items: center">
    <span style="font-size: 28px; font-weight: 700; padding: 8px 20px; border-radius: 999px; background-color: {{accent}}">{{version}}</span>
  </div>
  <p style="font-size: 60px; font-weight: 700; margin-top: 32px; line-clamp: 2">{{title}}</p>
  <div style="flex-direction: column; margin-top: 24px">
    <div each="change_items" style="align-items: center; margin-top: 14px">
      <div style="width: 12px; height: 12px; border-radius: 6px; background-color: {{accent}}; margin-right: 20px"></div>
      <span style="font-size: 30px">{{item}}</span>
    </div>
  </div>
</div>`,
};
