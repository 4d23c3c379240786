/** `default`: accent mark, a large headline and an optional description (D11: title*, description). */
import { fitText } from "@/lib/og/templates/fit";
import { AccentMark, BODY_LINE_HEIGHT, box, FittedText, Frame, TITLE_LINE_HEIGHT, type TemplateProps } from "@/lib/og/templates/parts";
import { px } from "@/lib/og/templates/theme";

export function DefaultCard({ theme: t, text }: TemplateProps) {
  const u = t.u;
  const innerW = t.width - 2 * t.padX;
  const innerH = t.height - 2 * t.padY;
  const markGap = px(40 * u);
  const descGap = px(28 * u);
  const markH = px(10 * u, 2);

  const description = text.description
    ? fitText(text.description, {
        width: innerW * 0.9,
        height: innerH * 0.3,
        maxSize: 32 * u,
        minSize: 26 * u,
        lineHeight: BODY_LINE_HEIGHT,
        maxLines: 3,
      })
    : undefined;
  const titleBox = innerH - markH - markGap - (description ? description.height + descGap : 0);
  const title = fitText(text.title, {
    width: innerW,
    height: titleBox,
    maxSize: Math.min(84 * u, innerW / 7),
    minSize: 34 * u,
    lineHeight: TITLE_LINE_HEIGHT,
    bold: true,
  });

  return (
    <Frame theme={t}>
      <AccentMark theme={t} />
      <div style={{ ...box, flexDirection: "column", flexGrow: 1, justifyContent: "center", marginTop: markGap, minHeight: 0 }}>
        <FittedText
          text={text.title}
          fit={title}
          lineHeight={TITLE_LINE_HEIGHT}
          style={{ fontWeight: 700, letterSpacing: `${-0.02 * title.fontSize}px` }}
        />
        {description && text.description ? (
          <FittedText
            text={text.description}
            fit={description}
            lineHeight={BODY_LINE_HEIGHT}
            style={{ color: t.muted, marginTop: descGap, width: "90%" }}
          />
        ) : null}
      </div>
    </Frame>
  );
}
