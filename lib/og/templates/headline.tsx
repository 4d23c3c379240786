/**
 * The headline block of `default` and `blog-post`: a bold title sized to the room the card leaves
 * it, an optional description under it, both centred in what remains below the accent mark.
 */
import { fitText } from "@/lib/og/templates/fit";
import { BODY_LINE_HEIGHT, CenteredColumn, FittedText, FittedTitle, TITLE_LINE_HEIGHT } from "@/lib/og/templates/parts";
import type { Theme } from "@/lib/og/templates/theme";

/** Font size bounds (px) and, for the description, its box and line limit. */
export interface HeadlineSizes {
  /** The inner width: the title's box is that wide. */
  width: number;
  /** Height title and description share: the inner height less what the card puts around them. */
  room: number;
  /** Space above the block (below the accent mark) and between title and description. */
  markGap: number;
  descGap: number;
  title: { maxSize: number; minSize: number };
  description: { width: number; height: number; maxSize: number; minSize: number; maxLines: number; boxWidth: string };
}

export function Headline({
  theme: t,
  title,
  description,
  sizes: s,
}: {
  theme: Theme;
  title: string;
  description?: string;
  sizes: HeadlineSizes;
}) {
  const d = s.description;
  const descFit = description
    ? fitText(description, {
        width: d.width,
        height: d.height,
        maxSize: d.maxSize,
        minSize: d.minSize,
        lineHeight: BODY_LINE_HEIGHT,
        maxLines: d.maxLines,
      })
    : undefined;
  const titleFit = fitText(title, {
    width: s.width,
    height: s.room - (descFit ? descFit.height + s.descGap : 0),
    maxSize: s.title.maxSize,
    minSize: s.title.minSize,
    lineHeight: TITLE_LINE_HEIGHT,
    bold: true,
  });
  return (
    <CenteredColumn marginTop={s.markGap}>
      <FittedTitle text={title} fit={titleFit} tracking={-0.02} />
      {descFit && description ? (
        <FittedText
          text={description}
          fit={descFit}
          lineHeight={BODY_LINE_HEIGHT}
          style={{ color: t.muted, marginTop: s.descGap, width: d.boxWidth }}
        />
      ) : null}
    </CenteredColumn>
  );
}
