/**
 * The form side of dashboardAction (D31): FormData read into fields, and the field schemas every
 * action's `input` is written with, read as `formData.get` / `getAll` read them before.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, file, formFields, many, text } from "@/lib/auth/dashboard-action";

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const schema = z.object({
  name: text(),
  keyId: text(z.string().min(1, "no key").max(4, "no key")),
  endpoints: many(),
  fullPage: checkbox(),
  upload: file(),
});

describe("dashboard action fields", () => {
  it("reads each kind of field", () => {
    const png = new File([new Uint8Array([1, 2, 3])], "a.png");
    const fields = formFields(
      form([
        ["name", "  My key "],
        ["keyId", "k1"],
        ["endpoints", "screenshot"],
        ["endpoints", "og"],
        ["fullPage", "on"],
        ["upload", png],
      ]),
    );
    expect(fields.endpoints).toEqual(["screenshot", "og"]);
    const parsed = schema.parse(fields);
    expect(parsed).toMatchObject({ name: "  My key ", keyId: "k1", endpoints: ["screenshot", "og"], fullPage: true });
    expect(parsed.upload).toBe(png);
  });

  it("reads a missing field as the form would have sent it empty", () => {
    const parsed = schema.parse(formFields(form([["keyId", "k1"]])));
    expect(parsed).toEqual({ name: "", keyId: "k1", endpoints: [], fullPage: false, upload: undefined });
  });

  it("takes the first of a text field sent twice, ignores files in text and lists, and an empty file", () => {
    const fields = formFields(
      form([
        ["name", "first"],
        ["name", "second"],
        ["keyId", new File(["x"], "x.txt")],
        ["endpoints", new File(["x"], "x.txt")],
        ["endpoints", "og"],
        ["upload", new File([], "empty.png")],
      ]),
    );
    const parsed = schema.safeParse(fields);
    expect(parsed.success).toBe(false);
    // A file where text belongs reads as "": the field's own message, as formData.get's check gave.
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["no key"]);
    const rest = schema.omit({ keyId: true }).parse(fields);
    expect(rest).toEqual({ name: "first", endpoints: ["og"], fullPage: false, upload: undefined });
  });

  it("reads no form as no fields", () => {
    expect(formFields(undefined)).toEqual({});
  });

  it("refuses text PostgreSQL cannot store (NUL, lone surrogates) as the form's error, in text and many fields", () => {
    const message = /^Text must not contain NUL characters/;
    for (const bad of ["a\u0000b", "\ud800", "x\udc00y"]) {
      expect(text().safeParse(bad).error?.issues[0].message).toMatch(message);
      expect(text(z.string().min(1)).safeParse(bad).error?.issues[0].message).toMatch(message);
      expect(many().safeParse(["og", bad]).error?.issues[0].message).toMatch(message);
    }
    expect(text().safeParse("caf\u00e9 \ud83d\ude00").success).toBe(true);
    expect(schema.safeParse(formFields(form([["name", "a\u0000"]]))).error?.issues[0].message).toMatch(message);
  });
});
