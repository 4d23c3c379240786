/**
 * What the template language gained so a duplicate renders like its built-in for every input (D33
 * point 8): a `<layout>` block (`<theme>`, `<let>`, `<fit>`), expressions in `{{…}}`, `if`,
 * `limit` and `example=`. Each computed by the built-ins' own code (makeTheme, fitText, px); each
 * misuse refused on save with its line.
 */
import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { refusalOf } from "./template-refusal";
import { compileTemplate } from "@/lib/og/account/compile";
import { buildStudioElement } from "@/lib/og/account/element";
import { catalogVariables, defaultsOf, examplesOf } from "@/lib/og/account/templates";
import { parseColor } from "@/lib/og/colors";
import { fitText } from "@/lib/og/templates/fit";
import { makeTheme, px } from "@/lib/og/templates/theme";
import type { OgVariables } from "@/lib/og/variables";

type Props = { style: Record<string, unknown>; children?: unknown };
type El = ReactElement<Props>;

const HEAD = `<variables>
  <text name="title" example="Hello" />
  <text name="subtitle" />
  <list name="points" />
  <color name="accent" default="#6366f1" />
  <color name="bg" default="#0b1020" />
</variables>
`; // 7 lines: what follows starts on line 8

function root(body: string, variables: Partial<OgVariables> = {}, canvas = { width: 1200, height: 630 }): El {
  const all: OgVariables = { text: {}, colors: {}, images: {}, lists: {}, ...variables };
  const frame = buildStudioElement(compileTemplate(HEAD + body), all, {}, undefined, canvas) as El;
  const child = ([] as unknown[]).concat(frame.props.children)[0];
  if (!isValidElement(child)) throw new Error("no root element");
  return child as El;
}

const kids = (el: El) => ([] as unknown[]).concat(el.props.children).filter((c) => c !== null && c !== undefined);

const refusal = (body: string) => refusalOf(HEAD + body);

describe("<layout>", () => {
  it("fits text with fitText itself and scales with the theme's unit", () => {
    const body = `<layout>
  <let name="box" value="theme.width - 2 * theme.padX" />
  <fit name="head" text="title" width="box" height="200" max-size="84 * theme.u" min-size="20" line-height="1.12" max-lines="3" bold />
</layout>
<div style="width: {{scale(72, 8)}}px; font-size: {{head.size}}px; line-clamp: {{head.clamp}}; letter-spacing: {{-0.02 * head.size}}px">{{title}}</div>`;
    const title = "A title long enough to need a smaller size than the largest one allowed here";
    const canvas = { width: 2400, height: 1260 };
    const theme = makeTheme(canvas.width, canvas.height, {});
    const expected = fitText(title, {
      width: canvas.width - 2 * theme.padX,
      height: 200,
      maxSize: 84 * theme.u,
      minSize: 20,
      lineHeight: 1.12,
      maxLines: 3,
      bold: true,
    });
    const el = root(body, { text: { title } }, canvas);
    expect(el.props.style).toMatchObject({
      width: `${px(72 * theme.u, 8)}px`,
      fontSize: `${expected.fontSize}px`,
      lineClamp: expected.clamp,
      letterSpacing: `${-0.02 * expected.fontSize}px`,
    });
    expect(expected.fontSize).toBeLessThan(84 * theme.u);
  });

  it("derives text colours from the background named in <theme>, as the built-ins do", () => {
    const body = `<layout>\n  <theme accent="accent" background="bg" />\n</layout>\n<div style="color: {{theme.fg}}; background-color: {{theme.surface}}">x</div>`;
    for (const hex of ["#f8fafc", "#111827"]) {
      const bg = parseColor(hex)!;
      const theme = makeTheme(1200, 630, { bgColor: bg });
      const el = root(body, { colors: { bg } });
      expect(el.props.style).toMatchObject({ color: theme.fg, backgroundColor: theme.surface });
    }
    expect(makeTheme(1200, 630, { bgColor: parseColor("#f8fafc")! }).fg).not.toBe(makeTheme(1200, 630, {}).fg);
  });
});

describe("expressions, if and limit", () => {
  it("leaves out an element whose if is false, with what it holds", () => {
    const body = `<div>\n  <p if="subtitle">{{subtitle}}</p>\n  <p if="!subtitle">none</p>\n</div>`;
    expect(kids(root(body)).map((c) => (c as El).props.children)).toEqual(["none"]);
    expect(kids(root(body, { text: { subtitle: "Sub" } })).map((c) => (c as El).props.children)).toEqual(["Sub"]);
  });

  it("repeats at most limit items and shows numbers and fallbacks as text", () => {
    const body = `<layout>\n  <let name="shown" value="min(2, count(points))" />\n  <let name="more" value="count(points) - shown" />\n</layout>
<div>\n  <p each="points" limit="shown">{{item}}</p>\n  <p if="more > 0">+{{more}} more, {{subtitle ?? title}}</p>\n</div>`;
    const el = root(body, { text: { title: "T" }, lists: { points: ["a", "b", "c", "d"] } });
    const [items, more] = kids(el) as [El[], El];
    expect(items.map((p) => p.props.children)).toEqual(["a", "b"]);
    expect(more.props.children).toBe("+2 more, T");
  });

  it("takes a quoted CSS word where the property takes it", () => {
    const body = `<div style="flex-direction: {{theme.width < theme.height ? 'column' : 'row'}}">x</div>`;
    expect(root(body).props.style.flexDirection).toBe("row");
    expect(root(body, {}, { width: 630, height: 1200 }).props.style.flexDirection).toBe("column");
  });
});

describe("refused on save, with the line", () => {
  it.each([
    [
      "an unknown name",
      `<div>\n  <p style="width: {{nope * 2}}px">x</p>\n</div>`,
      9,
      /nope is not a declared variable/,
    ],
    [
      "text in arithmetic",
      `<div>\n  <p style="width: {{title * 2}}px">x</p>\n</div>`,
      9,
      /"\*" takes numbers \(got text and number\)/,
    ],
    [
      "an unknown function",
      `<div>\n  <p style="width: {{constructor(2)}}px">x</p>\n</div>`,
      9,
      /constructor\(\) is not a function/,
    ],
    [
      "a word the property does not take",
      `<div>\n  <p style="flex-direction: {{1 > 0 ? 'sideways' : 'row'}}">x</p>\n</div>`,
      9,
      /'sideways' is not a valid value for flex-direction/,
    ],
    [
      "a colour where a length goes",
      `<div>\n  <p style="width: {{theme.fg}}px">x</p>\n</div>`,
      9,
      /is color and cannot be used in width/,
    ],
    ["limit without each", `<div>\n  <p limit="2">x</p>\n</div>`, 9, /limit goes with each/],
    [
      "a let using a later name",
      `<layout>\n  <let name="a" value="b + 1" />\n  <let name="b" value="1" />\n</layout>\n<div>x</div>`,
      9,
      /b is not a declared variable or a name of the <layout> block/,
    ],
    [
      "a let named like a variable",
      `<layout>\n  <let name="title" value="1" />\n</layout>\n<div>x</div>`,
      9,
      /title is already a variable/,
    ],
    [
      "a theme from a text variable",
      `<layout>\n  <theme background="title" />\n</layout>\n<div>x</div>`,
      9,
      /must name a color variable/,
    ],
    [
      "a fit without its box",
      `<layout>\n  <fit name="f" text="title" width="100" max-size="9" min-size="1" line-height="1" />\n</layout>\n<div>x</div>`,
      9,
      /<fit> needs height/,
    ],
    [
      "a wrong name on a fit's second line",
      `<layout>\n  <fit name="f" text="title" width="100"\n       height="nope" max-size="9" min-size="1" line-height="1" />\n</layout>\n<div>x</div>`,
      10,
      /nope is not a declared variable/,
    ],
    [
      "an expression too long",
      `<div>\n  <p style="width: {{${"1 + ".repeat(120)}1}}px">x</p>\n</div>`,
      9,
      /at most 400 characters/,
    ],
    [
      "an entry that is not one",
      `<layout>\n  <script />\n</layout>\n<div>x</div>`,
      9,
      /<script> does not belong in <layout>/,
    ],
  ])("%s", (_what, body, line, message) => {
    const error = refusal(body);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

describe("example=", () => {
  it("is what the preview and the docs show, never what a render fills in", () => {
    const { variables } = compileTemplate(`${HEAD}<div>{{title}}</div>`);
    expect(defaultsOf(variables)).not.toHaveProperty("title");
    expect(examplesOf(variables)).toMatchObject({ title: "Hello", accent: "#6366f1" });
    expect(catalogVariables(variables).find((v) => v.name === "title")?.example).toBe("Hello");
  });
});
