/**
 * `stats-card`: a title over one or two figures in panels, the figure large in the accent colour
 * (D11: title*, stat1_number*, stat1_label*, stat2_number, stat2_label). Panels sit side by side
 * on landscape canvases and stack on portrait ones.
 */
import { fitText } from "@/lib/og/templates/fit";
import {
  AccentMark,
  box,
  CenteredColumn,
  FittedText,
  FittedTitle,
  Frame,
  TITLE_LINE_HEIGHT,
  type TemplateProps,
} from "@/lib/og/templates/parts";
import { px, type Theme } from "@/lib/og/templates/theme";

interface Stat {
  number: string;
  label?: string;
}

export function StatsCard({ theme: t, text }: TemplateProps) {
  const u = t.u;
  const innerW = t.width - 2 * t.padX;
  const innerH = t.height - 2 * t.padY;
  const stats: Stat[] = [{ number: text.stat1_number, label: text.stat1_label }];
  if (text.stat2_number) stats.push({ number: text.stat2_number, label: text.stat2_label });

  const stacked = stats.length > 1 && t.width < t.height * 0.95;
  const gap = px(28 * u);
  const markGap = px(30 * u);
  const markH = px(10 * u, 2);
  // Panels get about 55% of the height; the title fills what is left.
  const panelsH = innerH * (stacked ? 0.62 : 0.52);
  const panelH = stacked ? (panelsH - gap) / 2 : panelsH;
  const panelW = stacked ? innerW : (innerW - gap * (stats.length - 1)) / stats.length;

  const titleBox = innerH - markH - markGap - panelsH - px(36 * u);
  const title = fitText(text.title, {
    width: innerW,
    height: titleBox,
    maxSize: Math.min(60 * u, innerW / 9),
    minSize: 30 * u,
    lineHeight: TITLE_LINE_HEIGHT,
    bold: true,
    maxLines: 3,
  });

  return (
    <Frame theme={t}>
      <AccentMark theme={t} />
      <CenteredColumn marginTop={markGap}>
        <FittedTitle text={text.title} fit={title} tracking={-0.015} />
      </CenteredColumn>
      <div
        style={{
          ...box,
          flexDirection: stacked ? "column" : "row",
          flexShrink: 0,
          height: panelsH,
          marginTop: px(36 * u),
          width: "100%",
        }}
      >
        {stats.map((stat, i) => (
          <StatPanel
            key={i}
            theme={t}
            stat={stat}
            width={panelW}
            height={panelH}
            first={i === 0}
            gap={gap}
            stacked={stacked}
          />
        ))}
      </div>
    </Frame>
  );
}

function StatPanel({
  theme: t,
  stat,
  width,
  height,
  first,
  gap,
  stacked,
}: {
  theme: Theme;
  stat: Stat;
  width: number;
  height: number;
  first: boolean;
  gap: number;
  stacked: boolean;
}) {
  const u = t.u;
  const padX = px(Math.min(40 * u, width * 0.08));
  const padY = px(Math.min(32 * u, height * 0.12));
  const border = px(2 * u, 1);
  const innerW = width - 2 * padX - 2 * border;
  const innerH = height - 2 * padY - 2 * border;
  const label = stat.label
    ? fitText(stat.label, {
        width: innerW,
        height: innerH * 0.36,
        maxSize: 28 * u,
        minSize: 20 * u,
        lineHeight: 1.3,
        maxLines: 2,
      })
    : undefined;
  const labelGap = label ? px(10 * u) : 0;
  const number = fitText(stat.number, {
    width: innerW,
    height: innerH - (label ? label.height + labelGap : 0),
    maxSize: Math.min(112 * u, innerH * 0.62),
    minSize: 28 * u,
    lineHeight: 1.05,
    bold: true,
    maxLines: 1,
  });
  return (
    <div
      style={{
        ...box,
        flexDirection: "column",
        justifyContent: "center",
        width,
        height,
        flexShrink: 0,
        marginLeft: !first && !stacked ? gap : 0,
        marginTop: !first && stacked ? gap : 0,
        padding: `${padY}px ${padX}px`,
        backgroundColor: t.surface,
        border: `${border}px solid ${t.border}`,
        borderRadius: px(28 * u, 3),
      }}
    >
      <FittedText
        text={stat.number}
        fit={number}
        lineHeight={1.05}
        style={{ fontWeight: 700, color: t.accentText, letterSpacing: `${-0.03 * number.fontSize}px` }}
      />
      {label && stat.label ? (
        <FittedText text={stat.label} fit={label} lineHeight={1.3} style={{ color: t.muted, marginTop: labelGap }} />
      ) : null}
    </div>
  );
}
