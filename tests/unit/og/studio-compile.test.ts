/**
 * Account templates are checked on save (D21): every forbidden construct is refused with the
 * line it is on, and a valid template compiles to slots of the declared types.
 */
import { describe, expect, it } from "vitest";
import { refusalOf } from "./template-refusal";
import { compileTemplate, STUDIO_LIMITS } from "@/lib/og/account/compile";
import { ogParams } from "@/lib/og/params";
import { STARTERS } from "@/lib/studio/starters";

const HEAD = `<variables>
  <text name="title" default="Hello" required />
  <color name="brand" default="#6366f1" />
  <image_url name="logo" />
  <number name="size" default="64" />
  <list name="points" default="Fast|Safe" />
</variables>
`; // 7 lines: the body starts on line 8

const refusal = (body: string) => refusalOf(HEAD + body);

describe("refused on save, with the line", () => {
  it.each([
    ["a script element", `<div>\n  <script>alert(1)</script>\n</div>`, 9, /Scripts are not allowed/],
    ["an event handler", `<div>\n  <p onclick="x()">{{title}}</p>\n</div>`, 9, /Event handler attributes \(onclick\)/],
    [
      "an onerror on an image",
      `<div>\n\n  <img src="{{logo}}" width="9" height="9" onerror="x()" />\n</div>`,
      10,
      /Event handler/,
    ],
    [
      "an external image URL",
      `<div>\n  <img src="https://evil.example/x.png" width="9" height="9" />\n</div>`,
      9,
      /External URLs are not allowed/,
    ],
    ["a url() in CSS", `<div style="background-image: url(https://evil.example/x.png)">x</div>`, 8, /url\(\)/],
    ["an iframe", `<div><iframe></iframe></div>`, 8, /<iframe> is not allowed/],
    [
      "an unknown variable in text",
      `<div>\n  <p>{{subtitle}}</p>\n</div>`,
      9,
      /\{\{subtitle\}\} is not a declared variable/,
    ],
    ["an unknown variable in CSS", `<div style="color: {{ink}}">x</div>`, 8, /\{\{ink\}\} is not a declared variable/],
    [
      "a variable of the wrong type",
      `<div style="color: {{title}}">x</div>`,
      8,
      /text variable and cannot be used in color/,
    ],
    ["an invalid CSS value", `<div>\n  <p style="font-size: huge">x</p>\n</div>`, 9, /Invalid CSS value for font-size/],
    ["an unsupported CSS property", `<div style="cursor: pointer">x</div>`, 8, /"cursor" is not supported/],
    ["an unclosed element", `<div>\n  <p>x\n</div>`, 10, /<\/div> found where <\/p>/],
    ["an unquoted attribute", `<div style=color:red>x</div>`, 8, /quoted/],
  ])("%s", (_what, body, line, message) => {
    const error = refusal(body);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^Line ${line}: `));
  });

  it("an oversized template", () => {
    const error = refusal(`<div>${"x".repeat(STUDIO_LIMITS.sourceMaxChars)}</div>`);
    expect(error.message).toMatch(/at most 20000/);
  });

  it("too many elements", () => {
    expect(refusal(`<div>${"<span>x</span>".repeat(STUDIO_LIMITS.maxElements)}</div>`).message).toMatch(
      /More than 300 elements/,
    );
  });

  it("reserved and duplicate variable names", () => {
    expect(() => compileTemplate(`<variables><text name="width" /></variables><div>x</div>`)).toThrow(/reserved/);
    // Every query parameter of /v1/og, the signed-URL ones included: its value never reaches a variable.
    for (const name of Object.keys(ogParams.shape)) {
      expect(() => compileTemplate(`<variables><text name="${name}" /></variables><div>x</div>`)).toThrow(/reserved/);
    }
    expect(() => compileTemplate(`<variables><text name="a" /><color name="a" /></variables><div>x</div>`)).toThrow(
      /declared twice/,
    );
  });
});

describe("a valid template", () => {
  it("compiles to typed slots", () => {
    const compiled = compileTemplate(
      HEAD +
        `<div style="background-color: {{brand}}; padding: 64px; background-image: linear-gradient(90deg, rgb(1, 2, 3), {{brand}})">
  <img src="{{logo}}" width="96" height="96" />
  <p style="font-size: {{size}}px; line-clamp: 2">Title: {{title}}</p>
  <div each="points"><span>{{item}}</span></div>
</div>`,
    );
    expect(compiled.variables.map((v) => [v.name, v.type, v.required, v.default])).toEqual([
      ["title", "text", true, "Hello"],
      ["brand", "color", false, "#6366f1"],
      ["logo", "image_url", false, undefined],
      ["size", "number", false, "64"],
      ["points", "list", false, "Fast|Safe"],
    ]);
    const [img, p, loop] = compiled.root.children as Array<{
      tag: string;
      src?: unknown;
      each?: string;
      style: unknown[];
      children: unknown[];
    }>;
    expect(img).toMatchObject({ tag: "img", src: { variable: "logo" }, width: 96, height: 96 });
    expect(p.style).toEqual([
      { property: "fontSize", value: [{ variable: "size" }, "px"] },
      { property: "lineClamp", value: ["2"] },
    ]);
    expect(p.children).toEqual([{ text: ["Title: ", { variable: "title" }] }]);
    expect(loop).toMatchObject({ tag: "div", each: "points" });
  });
});

describe("the starters (duplicate a built-in)", () => {
  it.each(Object.entries(STARTERS))("%s compiles", (_name, source) => {
    expect(compileTemplate(source).variables.length).toBeGreaterThan(2);
  });
});
