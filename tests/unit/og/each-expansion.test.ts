/**
 * `each` inside `each` multiplies what a render draws (20 × 20 items repeat a body 400 times), so
 * one account's template could make satori lay out a tree of a hundred thousand elements. Bounded
 * twice: loops nest at most two deep (refused on save, with the line), and one render expands to
 * at most STUDIO_LIMITS.maxRenderedElements elements with its variables, however it is written
 * (the caller's 400 invalid_variable naming the list, before any layout).
 */
import { describe, expect, it } from "vitest";
import { ApiError, problemBody } from "@/lib/vocabulary/errors";
import { OG_LIMITS } from "@/lib/og/catalog";
import { compileTemplate, STUDIO_LIMITS, type CompiledTemplate } from "@/lib/og/account/compile";
import { buildStudioElement } from "@/lib/og/account/element";
import { catalogVariables } from "@/lib/og/account/templates";
import { renderOg } from "@/lib/og/render";
import { validateVariables, type OgVariables } from "@/lib/og/variables";
import { refusalOf } from "./template-refusal";

const HEAD = `<variables>
  <list name="rows" />
  <list name="cols" />
  <list name="cells" />
</variables>
`; // 5 lines: the body starts on line 6

/** `count` items ("a0|a1|…"), as a query would give a list. */
const items = (count: number, prefix = "i") => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join("\n");

/** The template's variables as /v1/og validates them (at most OG_LIMITS.listMaxItems items a list). */
function validated(compiled: CompiledTemplate, values: Record<string, string>): OgVariables {
  const info = { name: "grid", description: "", variables: catalogVariables(compiled.variables) };
  return validateVariables(info, values).variables;
}

const render = (compiled: CompiledTemplate, variables: OgVariables) =>
  renderOg({ template: { name: "grid", compiled }, variables, width: 400, height: 210, format: "png", quality: 80 });

function expansionError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expanded, but should have been refused");
}

describe("loops nest at most two deep (refused on save)", () => {
  it("refuses an each inside two others, with its line", () => {
    const error = refusalOf(
      HEAD +
        `<div>\n  <div each="rows">\n    <div each="cols">\n      <span each="cells">{{item}}</span>\n    </div>\n  </div>\n</div>`,
    );
    expect(error.line).toBe(9);
    expect(error.message).toBe(
      `Line 9: each="cells" is inside 2 other loops; each nests at most ${STUDIO_LIMITS.maxEachNesting} deep.`,
    );
  });

  it("accepts an each inside one other, and two loops side by side", () => {
    expect(() =>
      compileTemplate(HEAD + `<div>\n  <div each="rows"><span each="cols">{{item}}</span></div>\n</div>`),
    ).not.toThrow();
    expect(() =>
      compileTemplate(
        HEAD +
          `<div>\n  <div each="rows"><span each="cols">{{item}}</span></div>\n  <div each="rows"><span each="cells">{{item}}</span></div>\n</div>`,
      ),
    ).not.toThrow();
  });
});

describe("one render expands to a bounded number of elements", () => {
  // Two nested loops over the longest lists /v1/og accepts, holding a six-element cell:
  // 20 × 20 × 6 = 2,400 elements from a 9-element source.
  const nested = compileTemplate(
    HEAD +
      `<div>\n  <div each="rows">\n    <div each="cols"><div><span>{{item}}</span><span>a</span><span>b</span><span>c</span><span>d</span></div></div>\n  </div>\n</div>`,
  );
  const full = { rows: items(OG_LIMITS.listMaxItems, "r"), cols: items(OG_LIMITS.listMaxItems, "c") };

  it("refuses nested loops over lists of the maximum size: a 400 invalid_variable naming the list", () => {
    const error = expansionError(() => buildStudioElement(nested, validated(nested, full), {}));
    expect(error.code).toBe("invalid_variable");
    expect(error.status).toBe(400);
    expect(error.param).toBe("cols");
    expect(error.message).toBe(
      `With these values the template expands to more than ${STUDIO_LIMITS.maxRenderedElements} elements (each="cols" repeats what it holds once per item). Give shorter lists, or bound the loop with limit="…".`,
    );
    expect(problemBody(error)).toMatchObject({ status: 400, code: "invalid_variable", param: "cols" });
  });

  it("is refused by the renderer too, as the caller's 400 and not a 500", async () => {
    await expect(render(nested, validated(nested, full))).rejects.toMatchObject({
      code: "invalid_variable",
      status: 400,
    });
  });

  it("renders the same nested template with shorter lists", async () => {
    const image = await render(nested, validated(nested, { rows: items(3), cols: items(4) }));
    expect(image.bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("renders an ordinary each over a list of the maximum size", async () => {
    const plain = compileTemplate(HEAD + `<div style="flex-wrap: wrap">\n  <span each="rows">{{item}}</span>\n</div>`);
    const image = await render(plain, validated(plain, { rows: items(OG_LIMITS.listMaxItems) }));
    expect(image.bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("counts every element once: exactly the budget expands, one more does not", () => {
    const plain = compileTemplate(HEAD + `<div>\n  <span each="rows">{{item}}</span>\n</div>`);
    const withRows = (count: number): OgVariables => ({
      text: {},
      colors: {},
      images: {},
      lists: { rows: items(count).split("\n") },
    });
    // The root plus one span per item (a list longer than /v1/og allows, to reach the exact bound).
    const max = STUDIO_LIMITS.maxRenderedElements;
    expect(() => buildStudioElement(plain, withRows(max - 1), {})).not.toThrow();
    expect(expansionError(() => buildStudioElement(plain, withRows(max), {})).param).toBe("rows");
  });

  it("counts an element that `if` leaves out (its expressions were evaluated)", () => {
    const hidden = compileTemplate(HEAD + `<div>\n  <span each="rows" if="count(cells) > 0">{{item}}</span>\n</div>`);
    const rows = items(STUDIO_LIMITS.maxRenderedElements).split("\n");
    const error = expansionError(() =>
      buildStudioElement(hidden, { text: {}, colors: {}, images: {}, lists: { rows } }, {}),
    );
    expect(error.param).toBe("rows");
  });
});
