/**
 * Template variable validation (D11): unknown template, unknown/missing/invalid variables, the
 * text, list and image_url rules, and the canonical form that goes into the cache key.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { exampleVariables, OG_TEMPLATE_NAMES, OG_TEMPLATES } from "@/lib/og/catalog";
import { validateVariables } from "@/lib/og/variables";

function problem(template: string, vars: Record<string, string>): ApiError {
  try {
    validateVariables(template, vars);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("validateVariables", () => {
  it.each(OG_TEMPLATE_NAMES)("accepts the example variables of %s", (name) => {
    const result = validateVariables(name, exampleVariables(name));
    expect(result.template.name).toBe(name);
  });

  it("matches D11's variable lists exactly", () => {
    const lists = Object.fromEntries(
      OG_TEMPLATES.map((t) => [t.name, t.variables.map((v) => `${v.name}${v.required ? "*" : ""}:${v.type}`)]),
    );
    expect(lists).toEqual({
      default: ["title*:text", "description:text", "accent:color", "bgColor:color"],
      "blog-post": [
        "title*:text",
        "description:text",
        "author:text",
        "avatar:image_url",
        "date:text",
        "accent:color",
        "bgColor:color",
      ],
      "stats-card": [
        "title*:text",
        "stat1_number*:text",
        "stat1_label*:text",
        "stat2_number:text",
        "stat2_label:text",
        "accent:color",
        "bgColor:color",
      ],
      "changelog-card": [
        "version*:text",
        "title:text",
        "date:text",
        "change_items:list",
        "accent:color",
        "bgColor:color",
      ],
    });
  });

  it("an unknown template is template_not_found on `template`", () => {
    const e = problem("fancy", { title: "x" });
    expect([e.code, e.status, e.param]).toEqual(["template_not_found", 400, "template"]);
    expect(e.message).toContain("default, blog-post, stats-card, changelog-card");
  });

  it("an unknown variable is invalid_variable naming it, with a hint for a near miss", () => {
    const e = problem("default", { title: "x", bgcolor: "#fff" });
    expect([e.code, e.status, e.param]).toEqual(["invalid_variable", 400, "bgcolor"]);
    expect(e.message).toContain("Did you mean bgColor?");
    expect(problem("default", { title: "x", author: "me" }).param).toBe("author");
    // #35 point 6: two letters swapped is one edit away.
    const typo = problem("default", { title: "x", titel: "y" });
    expect([typo.code, typo.param]).toEqual(["invalid_variable", "titel"]);
    expect(typo.message).toContain('no variable "titel". Did you mean title?');
  });

  it("a missing or blank required variable is invalid_variable naming it", () => {
    expect(problem("default", {}).param).toBe("title");
    expect(problem("default", { title: "   " }).param).toBe("title");
    expect(problem("stats-card", { title: "x", stat1_number: "1" }).param).toBe("stat1_label");
    expect(problem("changelog-card", { title: "x" }).param).toBe("version");
  });

  it("a bad colour is invalid_variable naming it", () => {
    const e = problem("default", { title: "x", accent: "nope" });
    expect([e.code, e.param]).toEqual(["invalid_variable", "accent"]);
    expect(problem("default", { title: "x", bgColor: "#12345" }).param).toBe("bgColor");
  });

  it("an out-of-range colour is invalid_variable naming it, not clamped", () => {
    for (const accent of ["rgb(300,0,0)", "rgba(0, 0, 0, 1.5)", "rgb(0 0 0 / 120%)", "rgb(0%, 110%, 0%)"]) {
      const e = problem("default", { title: "x", accent });
      expect([e.code, e.status, e.param], accent).toEqual(["invalid_variable", 400, "accent"]);
    }
    for (const bgColor of ["hsl(0,150%,50%)", "hsl(0 100% 101%)", "hsla(0, 100%, 50%, 2)"]) {
      const e = problem("default", { title: "x", bgColor });
      expect([e.code, e.status, e.param], bgColor).toEqual(["invalid_variable", 400, "bgColor"]);
    }
  });

  it("colours in every notation are accepted and canonicalised", () => {
    for (const accent of [
      "#f00",
      "#ff0000",
      "#ff0000ff",
      "rgb(255,0,0)",
      "rgba(255, 0, 0, 1)",
      "hsl(0, 100%, 50%)",
      "hsla(0 100% 50% / 1)",
    ]) {
      expect(validateVariables("default", { title: "x", accent }).canonical.accent).toBe("#ff0000ff");
    }
  });

  it("image_url must be https; http, other schemes and garbage are invalid_variable", () => {
    for (const avatar of [
      "http://example.com/a.png",
      "ftp://example.com/a.png",
      "data:image/png;base64,AAAA",
      "not a url",
      "https://user:pw@example.com/a.png",
    ]) {
      const e = problem("blog-post", { title: "x", avatar });
      expect([e.code, e.param], avatar).toEqual(["invalid_variable", "avatar"]);
    }
    const ok = validateVariables("blog-post", { title: "x", avatar: "https://EXAMPLE.com/a b.png" });
    expect(ok.variables.images.avatar).toBe("https://example.com/a%20b.png");
  });

  it("text is at most 300 characters, counted as characters not UTF-16 units", () => {
    expect(validateVariables("default", { title: "a".repeat(300) }).variables.text.title).toHaveLength(300);
    expect(problem("default", { title: "a".repeat(301) }).param).toBe("title");
    expect(validateVariables("default", { title: "😀".repeat(300) }).variables.text.title).toBe("😀".repeat(300));
  });

  it("the 300-character limit counts the value as received, before whitespace collapses", () => {
    // 301 raw characters that collapse to 201: still too long.
    const spaced = `${"a ".repeat(100)} ${"b".repeat(100)}`;
    expect([...spaced]).toHaveLength(301);
    const e = problem("default", { title: spaced });
    expect([e.code, e.status, e.param]).toEqual(["invalid_variable", 400, "title"]);
    expect(e.message).toContain("got 301");
    expect(problem("default", { title: `${"x".repeat(299)}\n\n` }).param).toBe("title");
    expect(problem("default", { title: "x", description: `  ${"y".repeat(299)}` }).param).toBe("description");
    // Exactly 300 raw characters still pass, and are still normalised for rendering.
    const ok = `${"a  ".repeat(99)}end`;
    expect([...ok]).toHaveLength(300);
    expect(validateVariables("default", { title: ok }).variables.text.title).toBe(`${"a ".repeat(99)}end`);
  });

  it("a list item's 200-character limit counts the line as received, before whitespace collapses", () => {
    const spaced = `${"a  ".repeat(67)}`; // 201 raw characters, 133 after collapsing
    expect([...spaced]).toHaveLength(201);
    const e = problem("changelog-card", { version: "1", change_items: `ok\n${spaced}` });
    expect([e.code, e.param]).toEqual(["invalid_variable", "change_items"]);
    expect(e.message).toContain("Item 2");
    const fits = `${"a  ".repeat(66)}ab`; // 200 raw characters
    expect([...fits]).toHaveLength(200);
    expect(
      validateVariables("changelog-card", { version: "1", change_items: `ok\r\n${fits}\n` }).variables.lists
        .change_items,
    ).toEqual(["ok", `${"a ".repeat(66)}ab`]);
  });

  it("text whitespace collapses and control characters are dropped", () => {
    expect(validateVariables("default", { title: "  Hello\n\tworld\u0000 " }).variables.text.title).toBe("Hello world");
  });

  it("_items lists split on newlines, ignore blank lines, and allow at most 20 items of 200 characters", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `item ${i + 1}`);
    const ok = validateVariables("changelog-card", { version: "1", change_items: `${twenty.join("\n")}\n` });
    expect(ok.variables.lists.change_items).toEqual(twenty);
    expect(
      validateVariables("changelog-card", { version: "1", change_items: "a\r\n\r\nb" }).variables.lists.change_items,
    ).toEqual(["a", "b"]);

    const e = problem("changelog-card", { version: "1", change_items: [...twenty, "item 21"].join("\n") });
    expect([e.code, e.param]).toEqual(["invalid_variable", "change_items"]);
    expect(e.message).toContain("at most 20");
    expect(problem("changelog-card", { version: "1", change_items: `ok\n${"x".repeat(201)}` }).message).toContain(
      "Item 2",
    );
  });

  it("the canonical form is sorted and independent of spelling of equal values", () => {
    const a = validateVariables("default", { title: "Hi  there", accent: "#F00" }).canonical;
    const b = validateVariables("default", { accent: "rgb(255 0 0)", title: "Hi there" }).canonical;
    expect(a).toEqual(b);
    expect(Object.keys(a)).toEqual(["accent", "title"]);
  });
});
