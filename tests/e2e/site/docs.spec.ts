import SwaggerParser from "@apidevtools/swagger-parser";
import { expect, test } from "@playwright/test";
import { ERROR_CODES } from "@/lib/vocabulary/errors";
import { describeParams } from "@/lib/api/params";
import { OG_TEMPLATES } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";
import { apiGet, e2e } from "../support";

test.describe("docs", () => {
  for (const [path, schema] of [
    ["/docs/screenshot", screenshotParams],
    ["/docs/og", ogParams],
  ] as const) {
    test(`${path} has one parameter row per schema field, with its default, range and plan`, async ({ page }) => {
      await page.goto(path);
      const fields = describeParams(schema);
      const rows = page.locator("[data-param-row]");
      await expect(rows).toHaveCount(fields.length);
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-param-row")))).toEqual(
        fields.map((f) => f.name),
      );
      for (const field of fields) {
        const row = page.locator(`[data-param-row="${field.name}"]`);
        if (field.default !== undefined) await expect(row.locator("td").nth(2)).toHaveText(String(field.default));
        if (field.min !== undefined && field.kind !== "list" && field.kind !== "string" && field.kind !== "url") {
          await expect(row.locator("td").nth(3)).toContainText(`${field.min} – ${field.max}`);
        }
        if (field.plan) await expect(row.locator("td").nth(4)).toHaveText(`${PLANS[field.plan].name}+`);
      }
    });
  }

  test("the errors page has an entry for every code, where problem+json `type` links point", async ({ page }) => {
    await page.goto("/docs/errors");
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      const entry = page.locator(`section[id="${code}"]`);
      await expect(entry, code).toHaveCount(1);
      await expect(entry).toContainText(String(status));
    }
    // A real error from the API: its type URL opens the page at that entry.
    const problem = (await (await apiGet("/v1/screenshot")).json()) as { type: string; code: string };
    expect(problem.type).toBe(`${e2e.appUrl}/docs/errors#missing_api_key`);
    await page.goto(problem.type);
    await expect(page.locator(":target")).toHaveAttribute("id", problem.code);
  });

  test("the template gallery lists each template's variables with an example rendered by the API", async ({ page }) => {
    await page.goto("/docs/templates");
    for (const template of OG_TEMPLATES) {
      const section = page.locator(`[data-template="${template.name}"]`);
      await expect(section.locator("[data-variable-row]")).toHaveCount(template.variables.length);
      const image = section.locator("img");
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    }
  });

  test("every docs page renders with the sidebar and no broken internal links", async ({ page, request }) => {
    await page.goto("/docs");
    const hrefs = await page
      .getByRole("navigation", { name: "Docs" })
      .first()
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThanOrEqual(9);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("/v1/openapi.json is a valid OpenAPI 3.1 document listing every parameter of each schema", async () => {
    const response = await apiGet("/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      servers: Array<{ url: string }>;
      paths: Record<string, { get: { parameters: Array<{ name: string }> } }>;
    };
    expect(doc.servers[0].url).toBe(e2e.appUrl);
    await SwaggerParser.validate(structuredClone(doc) as never);
    for (const [path, schema] of [
      ["/v1/screenshot", screenshotParams],
      ["/v1/og", ogParams],
    ] as const) {
      const names = doc.paths[path].get.parameters.map((p) => p.name);
      for (const field of describeParams(schema)) expect(names, `${path} ${field.name}`).toContain(field.name);
    }
  });
});
