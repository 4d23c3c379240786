/**
 * `blog-post`: title, summary and a byline (round avatar, author, date) along the bottom
 * (D11: title*, description, author, avatar, date). Without an avatar, the author's initials
 * stand in a circle of the accent colour.
 */
import { Headline, type HeadlineSizes } from "@/lib/og/templates/headline";
import { AccentMark, box, fixedRow, Frame, initialsOf, OneLine, type TemplateProps } from "@/lib/og/templates/parts";
import { px, type Theme } from "@/lib/og/templates/theme";

export function BlogPostCard({ theme: t, text, images }: TemplateProps) {
  const u = t.u;
  const innerW = t.width - 2 * t.padX;
  const innerH = t.height - 2 * t.padY;
  const hasByline = Boolean(text.author || text.date || images.avatar);
  const avatar = px(76 * u, 8);
  const bylineH = hasByline ? avatar + px(34 * u) + px(2 * u, 1) : 0; // avatar + gap above + rule
  const markGap = px(36 * u);
  const markH = px(10 * u, 2);
  const descGap = px(22 * u);

  const sizes: HeadlineSizes = {
    width: innerW,
    room: innerH - markH - markGap - bylineH - px(28 * u),
    markGap,
    descGap,
    title: { maxSize: Math.min(72 * u, innerW / 7.5), minSize: 32 * u },
    description: {
      width: innerW * 0.92,
      height: innerH * 0.24,
      maxSize: 30 * u,
      minSize: 24 * u,
      maxLines: 2,
      boxWidth: "92%",
    },
  };

  return (
    <Frame theme={t} glow="bottom-right">
      <AccentMark theme={t} />
      <Headline theme={t} title={text.title} description={text.description} sizes={sizes} />
      {hasByline ? (
        <Byline theme={t} size={avatar} author={text.author} date={text.date} avatar={images.avatar} />
      ) : null}
    </Frame>
  );
}

function Byline({
  theme: t,
  size,
  author,
  date,
  avatar,
}: {
  theme: Theme;
  size: number;
  author?: string;
  date?: string;
  avatar?: string;
}) {
  const u = t.u;
  const nameSize = px(28 * u, 4);
  const dateSize = px(23 * u, 4);
  return (
    <div
      style={{
        ...fixedRow,
        marginTop: px(28 * u),
        paddingTop: px(34 * u),
        borderTop: `${px(2 * u, 1)}px solid ${t.border}`,
        width: "100%",
      }}
    >
      {avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- rendered by satori, not a browser
        <img
          src={avatar}
          width={size}
          height={size}
          alt=""
          style={{
            width: size,
            height: size,
            borderRadius: size / 2,
            border: `${px(3 * u, 1)}px solid ${t.accent}`,
            flexShrink: 0,
            objectFit: "cover",
          }}
        />
      ) : author ? (
        <Initials theme={t} size={size} name={author} />
      ) : null}
      <div
        style={{
          ...box,
          flexDirection: "column",
          justifyContent: "center",
          marginLeft: avatar || author ? px(22 * u, 2) : 0,
          minWidth: 0,
          flexShrink: 1,
        }}
      >
        {author ? <OneLine text={author} size={nameSize} style={{ fontWeight: 700 }} /> : null}
        {date ? (
          <OneLine text={date} size={dateSize} style={{ color: t.muted, marginTop: author ? px(4 * u) : 0 }} />
        ) : null}
      </div>
    </div>
  );
}

function Initials({ theme: t, size, name }: { theme: Theme; size: number; name: string }) {
  const initials = initialsOf(name);
  return (
    <div
      style={{
        ...box,
        width: size,
        height: size,
        borderRadius: size / 2,
        backgroundColor: t.accent,
        color: t.onAccent,
        alignItems: "center",
        justifyContent: "center",
        fontSize: Math.round(size * 0.38),
        fontWeight: 700,
        flexShrink: 0,
      }}
    >
      {initials}
    </div>
  );
}
