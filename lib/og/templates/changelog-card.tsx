/**
 * `changelog-card`: version badge and date, a headline, and the changes as a bulleted list
 * (D11: version*, title, date, change_items). Items that do not fit the canvas are summarised as
 * "+N more" rather than cut mid-list; each item is one line with an ellipsis. Without a title the
 * version itself is the headline.
 */
import { fitText } from "@/lib/og/templates/fit";
import {
  AccentMark,
  box,
  CenteredColumn,
  FittedTitle,
  TITLE_LINE_HEIGHT,
  fixedRow,
  Frame,
  OneLine,
  type TemplateProps,
} from "@/lib/og/templates/parts";
import { px, type Theme } from "@/lib/og/templates/theme";

export function ChangelogCard({ theme: t, text, lists }: TemplateProps) {
  const u = t.u;
  const innerW = t.width - 2 * t.padX;
  const innerH = t.height - 2 * t.padY;
  const items = lists.change_items ?? [];
  const headline = text.title ?? text.version;
  const showBadge = Boolean(text.title);

  const badgeSize = px(26 * u, 4);
  const hasHeader = showBadge || Boolean(text.date);
  // Without badge or date, the accent mark of the other cards heads the card instead.
  const headerH = hasHeader ? Math.round(badgeSize * 1.25 + 2 * px(9 * u, 1)) : px(10 * u, 2);
  const headerGap = px((hasHeader ? 34 : 40) * u);
  const baseItemH = Math.round(px(29 * u, 4) * 1.25);
  const itemGap = px(14 * u);
  const listGap = items.length ? px(34 * u) : 0;

  // The headline gets at most 2 lines (3 without a list); the list takes the rest.
  const titleMaxH = items.length
    ? Math.min(innerH * 0.42, innerH - headerH - headerGap - listGap - baseItemH)
    : innerH - headerH - headerGap;
  const title = fitText(headline, {
    width: innerW,
    height: Math.max(titleMaxH, 0),
    maxSize: Math.min((items.length ? 60 : 84) * u, innerW / 7),
    minSize: 28 * u,
    lineHeight: TITLE_LINE_HEIGHT,
    bold: true,
    maxLines: items.length ? 2 : 4,
  });

  const listH = innerH - headerH - headerGap - title.height - listGap;
  // A short list on a tall canvas gets larger type; otherwise as many items as fit at the base size.
  const roomy = items.length * (Math.round(34 * u * 1.25) + itemGap) <= listH * 0.7;
  const itemSize = px((roomy ? 34 : 29) * u, 4);
  const itemH = Math.round(itemSize * 1.25);
  const fit = Math.max(0, Math.floor((listH + itemGap) / (itemH + itemGap)));
  const overflow = items.length > fit;
  const shown = overflow ? items.slice(0, Math.max(0, fit - 1)) : items;
  const more = items.length - shown.length;

  return (
    <Frame theme={t}>
      {!hasHeader ? <AccentMark theme={t} /> : null}
      {hasHeader ? (
        <div style={{ ...fixedRow, height: headerH }}>
          {showBadge ? <Badge theme={t} text={text.version} size={badgeSize} /> : null}
          {text.date ? (
            <OneLine
              text={text.date}
              size={badgeSize}
              style={{ color: t.muted, marginLeft: showBadge ? px(20 * u, 2) : 0, flexShrink: 1 }}
            />
          ) : null}
        </div>
      ) : null}
      <CenteredColumn marginTop={headerGap}>
        <FittedTitle text={headline} fit={title} tracking={-0.02} />
        {shown.length || more ? (
          <div style={{ ...box, flexDirection: "column", flexShrink: 0, marginTop: listGap }}>
            {shown.map((item, i) => (
              <Item key={i} theme={t} text={item} size={itemSize} height={itemH} first={i === 0} gap={itemGap} />
            ))}
            {more > 0 ? (
              <OneLine
                text={`+${more} more`}
                size={itemSize}
                style={{ color: t.faint, marginTop: shown.length ? itemGap : 0, paddingLeft: itemSize * 1.1 }}
              />
            ) : null}
          </div>
        ) : null}
      </CenteredColumn>
    </Frame>
  );
}

function Badge({ theme: t, text, size }: { theme: Theme; text: string; size: number }) {
  const u = t.u;
  return (
    <div
      style={{
        ...fixedRow,
        maxWidth: "70%",
        padding: `${px(9 * u, 1)}px ${px(20 * u, 2)}px`,
        borderRadius: 999,
        backgroundColor: t.accent,
        color: t.onAccent,
      }}
    >
      <OneLine text={text} size={size} style={{ fontWeight: 700, letterSpacing: `${0.01 * size}px` }} />
    </div>
  );
}

function Item({
  theme: t,
  text,
  size,
  height,
  first,
  gap,
}: {
  theme: Theme;
  text: string;
  size: number;
  height: number;
  first: boolean;
  gap: number;
}) {
  const dot = Math.max(2, Math.round(size * 0.34));
  return (
    <div style={{ ...box, alignItems: "center", height, flexShrink: 0, marginTop: first ? 0 : gap, width: "100%" }}>
      <div
        style={{
          width: dot,
          height: dot,
          borderRadius: dot / 2,
          backgroundColor: t.accent,
          flexShrink: 0,
          marginRight: Math.round(size * 0.76),
        }}
      />
      <OneLine text={text} size={size} style={{ color: t.fg, flexShrink: 1, minWidth: 0 }} />
    </div>
  );
}
