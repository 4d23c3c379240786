/** `default`: accent mark, a large headline and an optional description (D11: title*, description). */
import { Headline, type HeadlineSizes } from "@/lib/og/templates/headline";
import { AccentMark, Frame, type TemplateProps } from "@/lib/og/templates/parts";
import { px } from "@/lib/og/templates/theme";

export function DefaultCard({ theme: t, text }: TemplateProps) {
  const u = t.u;
  const innerW = t.width - 2 * t.padX;
  const innerH = t.height - 2 * t.padY;
  const markGap = px(40 * u);
  const descGap = px(28 * u);
  const markH = px(10 * u, 2);

  const sizes: HeadlineSizes = {
    width: innerW,
    room: innerH - markH - markGap,
    markGap,
    descGap,
    title: { maxSize: Math.min(84 * u, innerW / 7), minSize: 34 * u },
    description: {
      width: innerW * 0.9,
      height: innerH * 0.3,
      maxSize: 32 * u,
      minSize: 26 * u,
      maxLines: 3,
      boxWidth: "90%",
    },
  };

  return (
    <Frame theme={t}>
      <AccentMark theme={t} />
      <Headline theme={t} title={text.title} description={text.description} sizes={sizes} />
    </Frame>
  );
}
