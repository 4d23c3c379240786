/**
 * Starting points in the template language (D21): one per built-in template, for "duplicate a
 * built-in" in the editor. Each is the built-in card (lib/og/templates) written out in the
 * language (D33 point 8), step for step: its `<layout>` block is the component's own arithmetic
 * (the theme's scale and padding for the canvas, `scale()` for the built-ins' px(n × u, min),
 * `<fit>` for fitText), its colours come from the same theme (`theme.fg`, `theme.muted`, … from
 * the background's luminance), and `if` leaves out what the component leaves out when a variable
 * is missing. So a duplicate renders identically to its built-in for every input the API takes —
 * any variables, any canvas from 100 to 4096 px a side (tests/unit/og/starters-pixels.test.ts
 * compares the pixels of a matrix of them). Optional variables carry the built-in's example as
 * `example=` (shown in the editor's preview), not `default=`: a request that leaves one out gets
 * the card without it, as from the built-in.
 */
import type { OgTemplateName } from "@/lib/og/catalog";

const COLORS = `  <color name="accent" default="#6366f1" />
  <color name="bgColor" default="#0b1020" />`;
/** The theme (lib/og/templates/theme.ts) from the two colours, and the canvas less its padding. */
const THEME = `  <theme accent="accent" background="bgColor" />
  <let name="innerW" value="theme.width - 2 * theme.padX" />
  <let name="innerH" value="theme.height - 2 * theme.padY" />`;
/** The built-ins' canvas: background, corner glow, padding, text colour (lib/og/templates/parts.tsx Frame). */
const frame = (corner: "top-right" | "bottom-right") =>
  `flex-direction: column; width: 100%; height: 100%; padding: {{theme.padY}}px {{theme.padX}}px; background-color: {{bgColor}}; background-image: glow({{accent}}, ${corner}, {{theme.glowOpacity}}); color: {{theme.fg}}`;
const MARK_STYLE =
  "width: {{scale(72, 8)}}px; height: {{scale(10, 2)}}px; border-radius: {{scale(5, 1)}}px; background-color: {{accent}}; flex-shrink: 0";
const MARK = `<div style="${MARK_STYLE}"></div>`;
/** The column under the mark or header that centres the title (CenteredColumn). */
const column = (gap: string) =>
  `flex-direction: column; flex-grow: 1; justify-content: center; margin-top: {{${gap}}}px; min-height: 0px`;
/** A fitted bold title (FittedTitle): size and clamp from `<fit name="…">`, tracking × size. */
const title = (fit: string, tracking: string) =>
  `width: 100%; font-size: {{${fit}.size}}px; line-height: 1.12; line-clamp: {{${fit}.clamp}}; font-weight: 700; letter-spacing: {{${tracking} * ${fit}.size}}px`;
/** Fitted body text (FittedText). */
const fitted = (fit: string, lineHeight: string, width = "100%") =>
  `width: ${width}; font-size: {{${fit}.size}}px; line-height: ${lineHeight}; line-clamp: {{${fit}.clamp}}`;
/** One line ending in an ellipsis (OneLine). */
const oneLine = (size: string) => `font-size: {{${size}}}px; line-height: 1.25; line-clamp: 1; max-width: 100%`;

const HEADLINE = (width: string) => `    <div style="${title("head", "-0.02")}">{{title}}</div>
    <div if="description" style="${fitted("desc", "1.4", width)}; color: {{theme.muted}}; margin-top: {{descGap}}px">{{description}}</div>`;

const STAT_LAYOUT = (n: 1 | 2) =>
  `  <fit name="label${n}" text="stat${n}_label" width="boxW" height="boxH * 0.36" max-size="28 * theme.u" min-size="20 * theme.u" line-height="1.3" max-lines="2" />
  <fit name="number${n}" text="stat${n}_number" width="boxW" height="boxH - (stat${n}_label ? label${n}.height + labelGap : 0)" max-size="min(112 * theme.u, boxH * 0.62)" min-size="28 * theme.u" line-height="1.05" max-lines="1" bold />`;
const STAT_PANEL = `flex-direction: column; justify-content: center; width: {{panelW}}px; height: {{panelH}}px; flex-shrink: 0; padding: {{padY}}px {{padX}}px; background-color: {{theme.surface}}; border: {{border}}px solid {{theme.border}}; border-radius: {{scale(28, 3)}}px`;
const STAT = (
  n: 1 | 2,
) => `      <div style="${fitted(`number${n}`, "1.05")}; font-weight: 700; color: {{theme.accentText}}; letter-spacing: {{-0.03 * number${n}.size}}px">{{stat${n}_number}}</div>
      <div if="stat${n}_label" style="${fitted(`label${n}`, "1.3")}; color: {{theme.muted}}; margin-top: {{labelGap}}px">{{stat${n}_label}}</div>`;

export const STARTERS: Record<OgTemplateName, string> = {
  default: `<variables>
  <text name="title" example="Ship pixel-perfect previews for every page" required />
  <text name="description" example="Open Graph images rendered in milliseconds from a template and a few query parameters." />
${COLORS}
</variables>
<layout>
${THEME}
  <let name="markGap" value="scale(40)" />
  <let name="descGap" value="scale(28)" />
  <let name="markH" value="scale(10, 2)" />
  <fit name="desc" text="description" width="innerW * 0.9" height="innerH * 0.3" max-size="32 * theme.u" min-size="26 * theme.u" line-height="1.4" max-lines="3" />
  <fit name="head" text="title" width="innerW" height="innerH - markH - markGap - (description ? desc.height + descGap : 0)" max-size="min(84 * theme.u, innerW / 7)" min-size="34 * theme.u" line-height="1.12" bold />
</layout>
<div style="${frame("top-right")}">
  ${MARK}
  <div style="${column("markGap")}">
${HEADLINE("90%")}
  </div>
</div>`,
  "blog-post": `<variables>
  <text name="title" example="How we render Open Graph images without a browser" required />
  <text name="description" example="Fonts loaded once, no browser, and a cache in front of it all." />
  <text name="author" example="Ada Lovelace" />
  <image_url name="avatar" />
  <text name="date" example="March 14, 2025" />
${COLORS}
</variables>
<layout>
${THEME}
  <let name="hasByline" value="author || date || avatar" />
  <let name="avatarSize" value="scale(76, 8)" />
  <let name="bylineH" value="hasByline ? avatarSize + scale(34) + scale(2, 1) : 0" />
  <let name="markGap" value="scale(36)" />
  <let name="markH" value="scale(10, 2)" />
  <let name="descGap" value="scale(22)" />
  <fit name="desc" text="description" width="innerW * 0.92" height="innerH * 0.24" max-size="30 * theme.u" min-size="24 * theme.u" line-height="1.4" max-lines="2" />
  <fit name="head" text="title" width="innerW" height="innerH - markH - markGap - bylineH - scale(28) - (description ? desc.height + descGap : 0)" max-size="min(72 * theme.u, innerW / 7.5)" min-size="32 * theme.u" line-height="1.12" bold />
</layout>
<div style="${frame("bottom-right")}">
  ${MARK}
  <div style="${column("markGap")}">
${HEADLINE("92%")}
  </div>
  <div if="hasByline" style="align-items: center; flex-shrink: 0; margin-top: {{scale(28)}}px; padding-top: {{scale(34)}}px; border-top: {{scale(2, 1)}}px solid {{theme.border}}; width: 100%">
    <img if="avatar" src="{{avatar}}" width="76" height="76" style="box-sizing: content-box; width: {{avatarSize}}px; height: {{avatarSize}}px; border-radius: {{avatarSize / 2}}px; border: {{scale(3, 1)}}px solid {{accent}}; flex-shrink: 0; object-fit: cover" />
    <div if="!avatar && author" style="width: {{avatarSize}}px; height: {{avatarSize}}px; border-radius: {{avatarSize / 2}}px; background-color: {{accent}}; color: {{theme.onAccent}}; align-items: center; justify-content: center; font-size: {{round(avatarSize * 0.38)}}px; font-weight: 700; flex-shrink: 0">{{author | initials}}</div>
    <div style="flex-direction: column; justify-content: center; margin-left: {{avatar || author ? scale(22, 2) : 0}}px; min-width: 0px; flex-shrink: 1">
      <div if="author" style="${oneLine("scale(28, 4)")}; font-weight: 700">{{author}}</div>
      <div if="date" style="${oneLine("scale(23, 4)")}; color: {{theme.muted}}; margin-top: {{author ? scale(4) : 0}}px">{{date}}</div>
    </div>
  </div>
</div>`,
  "stats-card": `<variables>
  <text name="title" example="Acme Coffee in 2025" required />
  <text name="stat1_number" example="18,240" required />
  <text name="stat1_label" example="cups poured" required />
  <text name="stat2_number" example="4.8 ★" />
  <text name="stat2_label" example="average review" />
${COLORS}
</variables>
<layout>
${THEME}
  <let name="stats" value="stat2_number ? 2 : 1" />
  <let name="stacked" value="stats > 1 && theme.width < theme.height * 0.95" />
  <let name="gap" value="scale(28)" />
  <let name="markGap" value="scale(30)" />
  <let name="markH" value="scale(10, 2)" />
  <let name="panelsH" value="innerH * (stacked ? 0.62 : 0.52)" />
  <let name="panelH" value="stacked ? (panelsH - gap) / 2 : panelsH" />
  <let name="panelW" value="stacked ? innerW : (innerW - gap * (stats - 1)) / stats" />
  <fit name="head" text="title" width="innerW" height="innerH - markH - markGap - panelsH - scale(36)" max-size="min(60 * theme.u, innerW / 9)" min-size="30 * theme.u" line-height="1.12" max-lines="3" bold />
  <let name="padX" value="px(min(40 * theme.u, panelW * 0.08))" />
  <let name="padY" value="px(min(32 * theme.u, panelH * 0.12))" />
  <let name="border" value="scale(2, 1)" />
  <let name="boxW" value="panelW - 2 * padX - 2 * border" />
  <let name="boxH" value="panelH - 2 * padY - 2 * border" />
  <let name="labelGap" value="scale(10)" />
${STAT_LAYOUT(1)}
${STAT_LAYOUT(2)}
</layout>
<div style="${frame("top-right")}">
  ${MARK}
  <div style="${column("markGap")}">
    <div style="${title("head", "-0.015")}">{{title}}</div>
  </div>
  <div style="flex-direction: {{stacked ? 'column' : 'row'}}; flex-shrink: 0; height: {{panelsH}}px; margin-top: {{scale(36)}}px; width: 100%">
    <div style="${STAT_PANEL}">
${STAT(1)}
    </div>
    <div if="stat2_number" style="${STAT_PANEL}; margin-left: {{stacked ? 0 : gap}}px; margin-top: {{stacked ? gap : 0}}px">
${STAT(2)}
    </div>
  </div>
</div>`,
  "changelog-card": `<variables>
  <text name="version" example="v2.4.0" required />
  <text name="title" example="Faster renders, sharper text" />
  <text name="date" example="2025-03-14" />
  <list name="change_items" example="WebP output with quality control|Japanese and emoji in every template|Sharper text at every size" />
${COLORS}
</variables>
<layout>
${THEME}
  <let name="items" value="count(change_items)" />
  <let name="badgeSize" value="scale(26, 4)" />
  <let name="hasHeader" value="title || date" />
  <let name="headerH" value="hasHeader ? round(badgeSize * 1.25 + 2 * scale(9, 1)) : scale(10, 2)" />
  <let name="headerGap" value="px((hasHeader ? 34 : 40) * theme.u)" />
  <let name="baseItemH" value="round(scale(29, 4) * 1.25)" />
  <let name="itemGap" value="scale(14)" />
  <let name="listGap" value="items > 0 ? scale(34) : 0" />
  <let name="titleMaxH" value="items > 0 ? min(innerH * 0.42, innerH - headerH - headerGap - listGap - baseItemH) : innerH - headerH - headerGap" />
  <fit name="head" text="title ?? version" width="innerW" height="max(titleMaxH, 0)" max-size="min((items > 0 ? 60 : 84) * theme.u, innerW / 7)" min-size="28 * theme.u" line-height="1.12" max-lines="items > 0 ? 2 : 4" bold />
  <let name="listH" value="innerH - headerH - headerGap - head.height - listGap" />
  <let name="roomy" value="items * (round(34 * theme.u * 1.25) + itemGap) <= listH * 0.7" />
  <let name="itemSize" value="px((roomy ? 34 : 29) * theme.u, 4)" />
  <let name="itemH" value="round(itemSize * 1.25)" />
  <let name="fitting" value="max(0, floor((listH + itemGap) / (itemH + itemGap)))" />
  <let name="shown" value="items > fitting ? max(0, fitting - 1) : items" />
  <let name="more" value="items - shown" />
  <let name="dot" value="max(2, round(itemSize * 0.34))" />
</layout>
<div style="${frame("top-right")}">
  <div if="!hasHeader" style="${MARK_STYLE}"></div>
  <div if="hasHeader" style="align-items: center; flex-shrink: 0; height: {{headerH}}px">
    <div if="title" style="align-items: center; flex-shrink: 0; max-width: 70%; padding: {{scale(9, 1)}}px {{scale(20, 2)}}px; border-radius: 999px; background-color: {{accent}}; color: {{theme.onAccent}}">
      <div style="${oneLine("badgeSize")}; font-weight: 700; letter-spacing: {{0.01 * badgeSize}}px">{{version}}</div>
    </div>
    <div if="date" style="${oneLine("badgeSize")}; color: {{theme.muted}}; margin-left: {{title ? scale(20, 2) : 0}}px; flex-shrink: 1">{{date}}</div>
  </div>
  <div style="${column("headerGap")}">
    <div style="${title("head", "-0.02")}">{{title ?? version}}</div>
    <div if="shown > 0 || more > 0" style="flex-direction: column; flex-shrink: 0; margin-top: {{listGap}}px; gap: {{itemGap}}px">
      <div each="change_items" limit="shown" style="align-items: center; height: {{itemH}}px; flex-shrink: 0; width: 100%">
        <div style="width: {{dot}}px; height: {{dot}}px; border-radius: {{dot / 2}}px; background-color: {{accent}}; flex-shrink: 0; margin-right: {{round(itemSize * 0.76)}}px"></div>
        <div style="${oneLine("itemSize")}; color: {{theme.fg}}; flex-shrink: 1; min-width: 0px">{{item}}</div>
      </div>
      <div if="more > 0" style="${oneLine("itemSize")}; color: {{theme.faint}}; padding-left: {{itemSize * 1.1}}px">+{{more}} more</div>
    </div>
  </div>
</div>`,
};
