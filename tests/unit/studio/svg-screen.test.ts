/**
 * The brand-kit SVG screen (D21, issue #27 point 8): it reads the markup with an XML parser and
 * every piece of CSS with a CSS parser, so what the renderer would read as url() is refused
 * however it is spelled — CSS escapes, XML character references, image-set(), @import — and
 * plain logos as design tools write them pass.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { toBrandPng } from "@/lib/studio/brand-upload";
import { svgProblem } from "@/lib/studio/svg-screen";

const svg = (inner: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${attributes}>${inner}</svg>`;

describe("svgProblem", () => {
  it.each([
    ["a plain url() in a stylesheet", svg(`<style>rect{fill:url(http://127.0.0.1/x)}</style><rect/>`)],
    ["a CSS hex escape (\\75rl)", svg(`<style>rect{fill:\\75rl(http://127.0.0.1/x)}</style><rect/>`)],
    ["a hex escape followed by a space (\\75 rl)", svg(`<style>rect{fill:\\75 rl(http://127.0.0.1/x)}</style><rect/>`)],
    ["an escaped letter (u\\rl) in a style attribute", svg(`<rect style="fill:u\\rl(http://127.0.0.1/x)"/>`)],
    ["an XML character reference (&#117;rl)", svg(`<rect style="fill:&#117;rl(http://127.0.0.1/x)"/>`)],
    ["a url() in a presentation attribute", svg(`<rect fill="url(http://127.0.0.1/x)"/>`)],
    ["an escaped url() in a presentation attribute", svg(`<rect mask="\\75rl(http://127.0.0.1/x)"/>`)],
    ["a url() in CDATA", svg(`<style><![CDATA[rect{fill:url(http://127.0.0.1/x)}]]></style><rect/>`)],
    ["@import", svg(`<style>@import "http://127.0.0.1/x.css";</style>`)],
    ["an escaped @import", svg(`<style>@\\69mport "http://127.0.0.1/x.css";</style>`)],
    ["image-set() with a string", svg(`<style>rect{mask:image-set("http://127.0.0.1/x" 1x)}</style><rect/>`)],
    ["an escaped image-set()", svg(`<rect style="fill:\\69mage-set('http://127.0.0.1/x' 1x)"/>`)],
    ["src()", svg(`<rect style="--a: src('http://127.0.0.1/x')"/>`)],
    ["@font-face", svg(`<style>@font-face{font-family:x;src:url(http://127.0.0.1/x.woff)}</style>`)],
    ["a url() inside @media", svg(`<style>@media screen{rect{fill:url(http://127.0.0.1/x)}}</style><rect/>`)],
    ["a url() as a var() fallback", svg(`<style>rect{fill:var(--a, url(http://127.0.0.1/x))}</style><rect/>`)],
    ["CSS the parser had to skip", svg(`<style>rect{fill:red}}}{ junk url(http://127.0.0.1/x)</style><rect/>`)],
    ["a script", svg(`<script>alert(1)</script>`)],
    ["a namespaced script", svg(`<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>`)],
    ["an event handler", svg(`<rect onload="x()"/>`)],
    ["foreignObject", svg(`<foreignObject/>`)],
    ["an href outside the file", svg(`<image href="https://example.com/x.png"/>`)],
    ["an xlink:href outside the file", svg(`<use xlink:href="http://127.0.0.1/x.svg#a"/>`)],
    ["an href spelled with references", svg(`<image href="&#104;ttp://127.0.0.1/x.png"/>`)],
    ["a data: href", svg(`<image href="data:image/svg+xml;base64,PHN2Zy8+"/>`)],
    ["a DOCTYPE", `<!DOCTYPE svg [<!ENTITY a "b">]>${svg("&a;")}`],
    ["an xml-stylesheet processing instruction", `<?xml-stylesheet href="http://127.0.0.1/x.css"?>${svg("")}`],
    ["markup that is not well-formed", svg(`<rect></g>`)],
    ["an undeclared entity", svg(`<text>&nbsp;</text>`)],
  ])("refuses %s", (_what, text) => {
    expect(svgProblem(text)).toBeTruthy();
  });

  it.each([
    ["a plain logo", svg(`<rect width="10" height="10" fill="#0000ff"/>`)],
    ["an XML declaration and comments", `<?xml version="1.0" encoding="UTF-8"?><!-- made by hand -->${svg("<rect/>")}`],
    [
      "a design tool's stylesheet, vendor properties and a local gradient",
      svg(
        `<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>` +
          `<style>.st0{fill:url(#g);-inkscape-font-specification:'Sans Bold';font-family:Arial-BoldMT, Arial}</style>` +
          `<rect class="st0" style="stroke:url( '#g' );stroke-width:2"/><use xlink:href="#g"/>`,
      ),
    ],
    ["text and paths that are not CSS", svg(`<title>Logo; v2 {draft}</title><path d="M0 0L10 10z"/>`)],
  ])("passes %s", (_what, text) => {
    expect(svgProblem(text)).toBeUndefined();
  });
});

describe("toBrandPng", () => {
  it("refuses an escaped url() before rasterizing, and a compressed SVG it cannot screen", async () => {
    const escaped = Buffer.from(
      svg(`<style>rect{fill:\\75rl(http://127.0.0.1/x)}</style><rect width="10" height="10"/>`),
    );
    await expect(toBrandPng(escaped)).rejects.toThrow(/url\(\) outside the file/);
    const plain = Buffer.from(svg(`<rect width="10" height="10" fill="#0000ff"/>`));
    expect((await toBrandPng(plain)).subarray(1, 4).toString("latin1")).toBe("PNG");
    await expect(toBrandPng(gzipSync(plain))).rejects.toThrow(/compressed svg images are not accepted/);
  });
});
