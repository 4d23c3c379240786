/**
 * Starting points in the template language (D21): one per built-in template, for "duplicate a
 * built-in" in the editor. Each is the built-in's own card at 1200×630 written out in the
 * language (D33 point 8): the same variables, the same boxes, colours and type sizes, the corner
 * glow (`glow()`), blog-post's initials (`{{author | initials}}`), so a duplicate renders
 * identically to its built-in with the same variables (tests/unit/og/starters-pixels.test.ts
 * compares the pixels). What the language does not do, the duplicate does not either: the
 * built-ins shrink a long title to fit, derive text colours from the background, scale to the
 * canvas and leave out a part whose variable is missing; a duplicate keeps the sizes it was
 * written with (a long title ends in an ellipsis) until its author changes them.
 */
import type { OgTemplateName } from "@/lib/og/catalog";

const COLORS = `  <color name="accent" default="#6366f1" />
  <color name="bgColor" default="#0b1020" />`;
const FG = "rgba(248, 250, 252, 1)";
const MUTED = "rgba(248, 250, 252, 0.72)";
const RULE = "rgba(248, 250, 252, 0.12)";
/** The built-ins' canvas: background, corner glow, padding, text colour (lib/og/templates/parts.tsx Frame). */
const frame = (corner: "top-right" | "bottom-right") =>
  `flex-direction: column; width: 100%; height: 100%; padding: 63px 88px; background-color: {{bgColor}}; background-image: glow({{accent}}, ${corner}, 0.34); color: ${FG}`;
const MARK = `<div style="width: 72px; height: 10px; border-radius: 5px; background-color: {{accent}}; flex-shrink: 0"></div>`;
/** The headline block under the mark: the column that centres the title (and description). */
const headline = (gap: number) =>
  `flex-direction: column; flex-grow: 1; justify-content: center; margin-top: ${gap}px; min-height: 0px`;
const title = (size: number, clamp: number, spacing: number) =>
  `width: 100%; font-size: ${size}px; line-height: 1.12; line-clamp: ${clamp}; font-weight: 700; letter-spacing: ${spacing}px`;
const oneLine = (size: number) => `font-size: ${size}px; line-height: 1.25; line-clamp: 1; max-width: 100%`;

const STAT_PANEL = `flex-direction: column; justify-content: center; width: 498px; height: 262.08px; flex-shrink: 0; padding: 31px 40px; background-color: rgba(248, 250, 252, 0.06); border: 2px solid ${RULE}; border-radius: 28px`;
const STAT_NUMBER = `width: 100%; font-size: 112px; line-height: 1.05; line-clamp: 1; font-weight: 700; color: {{accent}}; letter-spacing: -3.36px`;
const STAT_LABEL = `width: 100%; font-size: 28px; line-height: 1.3; line-clamp: 1; color: ${MUTED}; margin-top: 10px`;

export const STARTERS: Record<OgTemplateName, string> = {
  default: `<variables>
  <text name="title" default="Ship pixel-perfect previews for every page" required />
  <text name="description" default="Open Graph images rendered in milliseconds from a template and a few query parameters." />
${COLORS}
</variables>
<div style="${frame("top-right")}">
  ${MARK}
  <div style="${headline(40)}">
    <div style="${title(84, 3, -1.68)}">{{title}}</div>
    <div style="width: 90%; font-size: 32px; line-height: 1.4; line-clamp: 3; color: ${MUTED}; margin-top: 28px">{{description}}</div>
  </div>
</div>`,
  "blog-post": `<variables>
  <text name="title" default="How we render Open Graph images without a browser" required />
  <text name="description" default="Fonts loaded once, no browser, and a cache in front of it all." />
  <text name="author" default="Ada Lovelace" />
  <image_url name="avatar" />
  <text name="date" default="March 14, 2025" />
${COLORS}
</variables>
<div style="${frame("bottom-right")}">
  ${MARK}
  <div style="${headline(36)}">
    <div style="${title(72, 3, -1.44)}">{{title}}</div>
    <div style="width: 92%; font-size: 30px; line-height: 1.4; line-clamp: 2; color: ${MUTED}; margin-top: 22px">{{description}}</div>
  </div>
  <div style="align-items: center; flex-shrink: 0; margin-top: 28px; padding-top: 34px; border-top: 2px solid ${RULE}; width: 100%">
    <div style="position: relative; width: 76px; height: 76px; border-radius: 38px; background-color: {{accent}}; color: rgba(255, 255, 255, 1); align-items: center; justify-content: center; font-size: 29px; font-weight: 700; flex-shrink: 0">{{author | initials}}<img src="{{avatar}}" width="76" height="76" style="position: absolute; top: 0px; left: 0px; width: 76px; height: 76px; border-radius: 38px; border: 3px solid {{accent}}; object-fit: cover" />
    </div>
    <div style="flex-direction: column; justify-content: center; margin-left: 22px; min-width: 0px; flex-shrink: 1">
      <div style="${oneLine(28)}; font-weight: 700">{{author}}</div>
      <div style="${oneLine(23)}; color: ${MUTED}; margin-top: 4px">{{date}}</div>
    </div>
  </div>
</div>`,
  "stats-card": `<variables>
  <text name="title" default="Acme Coffee in 2025" required />
  <text name="stat1_number" default="18,240" required />
  <text name="stat1_label" default="cups poured" required />
  <text name="stat2_number" default="4.8 ★" />
  <text name="stat2_label" default="average review" />
${COLORS}
</variables>
<div style="${frame("top-right")}">
  ${MARK}
  <div style="${headline(30)}">
    <div style="${title(60, 2, -0.9)}">{{title}}</div>
  </div>
  <div style="flex-direction: row; flex-shrink: 0; height: 262.08px; margin-top: 36px; width: 100%">
    <div style="${STAT_PANEL}">
      <div style="${STAT_NUMBER}">{{stat1_number}}</div>
      <div style="${STAT_LABEL}">{{stat1_label}}</div>
    </div>
    <div style="${STAT_PANEL}; margin-left: 28px">
      <div style="${STAT_NUMBER}">{{stat2_number}}</div>
      <div style="${STAT_LABEL}">{{stat2_label}}</div>
    </div>
  </div>
</div>`,
  "changelog-card": `<variables>
  <text name="version" default="v2.4.0" required />
  <text name="title" default="Faster renders, sharper text" />
  <text name="date" default="2025-03-14" />
  <list name="change_items" default="WebP output with quality control|Japanese and emoji in every template|Sharper text at every size" />
${COLORS}
</variables>
<div style="${frame("top-right")}">
  <div style="align-items: center; flex-shrink: 0; height: 51px">
    <div style="align-items: center; flex-shrink: 0; max-width: 70%; padding: 9px 20px; border-radius: 999px; background-color: {{accent}}; color: rgba(255, 255, 255, 1)">
      <div style="${oneLine(26)}; font-weight: 700; letter-spacing: 0.26px">{{version}}</div>
    </div>
    <div style="${oneLine(26)}; color: ${MUTED}; margin-left: 20px; flex-shrink: 1">{{date}}</div>
  </div>
  <div style="${headline(34)}">
    <div style="${title(60, 2, -1.2)}">{{title}}</div>
    <div style="flex-direction: column; flex-shrink: 0; margin-top: 34px; gap: 14px">
      <div each="change_items" style="align-items: center; height: 43px; flex-shrink: 0; width: 100%">
        <div style="width: 12px; height: 12px; border-radius: 6px; background-color: {{accent}}; flex-shrink: 0; margin-right: 26px"></div>
        <div style="${oneLine(34)}; color: ${FG}; flex-shrink: 1; min-width: 0px">{{item}}</div>
      </div>
    </div>
  </div>
</div>`,
};
