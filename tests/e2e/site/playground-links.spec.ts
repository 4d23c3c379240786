/**
 * Shareable playground state (issue 20, D22): the docs page URL carries the form's request (never
 * the key), a shared link fills the form again, and "Copy link" copies that link.
 */
import { expect, test } from "@playwright/test";
import { DOCS_PAGES } from "@/components/site/links";
import { OG_TEMPLATES } from "@/lib/og/catalog";
import { e2e } from "../support";
import { readSnippets, requestInSnippet } from "./helpers";

/** What a link never carries (D22): keys, target credentials and the signed-URL fields. */
const UNLINKED = ["api_key", "headers", "cookies", "key_id", "expires", "signature"];

/** The endpoint and parameters of the first GET /v1 request written in an example's text. */
function requestIn(text: string): { endpoint: string; params: string[][] } | null {
  const match = /\/v1\/(screenshot|og|content|animate)\?([^\s'"<>`]+)/.exec(text);
  if (!match) return null;
  const params = [...new URLSearchParams(match[2])].filter(([name]) => !UNLINKED.includes(name));
  return { endpoint: match[1], params: params.sort() };
}

const FAKE_KEY = `sk_live_${"a1".repeat(16)}`;

test("the page URL follows the form without the key; Copy link opens the same form and request elsewhere", async ({
  browser,
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs/screenshot");
  const entries = await page.evaluate(() => history.length);
  const playground = page.getByTestId("playground-screenshot");
  await playground.getByTestId("playground-api-key").fill(FAKE_KEY);
  // The starting form adds nothing to the address.
  await expect(page).toHaveURL(`${e2e.appUrl}/docs/screenshot`);
  // Headers and cookies are sent by the form but never put in an address (credentials for the target).
  await playground.locator("[data-param=headers]").fill('{"Authorization":"Bearer e2e-secret"}');
  await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/shared?x=1`);
  await playground.locator("[data-param=width]").fill("640");
  await playground.locator("[data-param=format]").selectOption("jpg");
  const expectedQuery = new URLSearchParams({
    url: `${e2e.fixturesUrl}/shared?x=1`,
    format: "jpg",
    width: "640",
  }).toString();
  await expect(page).toHaveURL(`${e2e.appUrl}/docs/screenshot?${expectedQuery}`);
  expect(page.url()).not.toContain(FAKE_KEY);
  expect(page.url()).not.toContain("e2e-secret");
  // Typing replaced the address: no history entry per keystroke.
  expect(await page.evaluate(() => history.length)).toBe(entries);

  await playground.getByRole("button", { name: "Copy link" }).click();
  await expect(playground.getByRole("button", { name: "Link copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${e2e.appUrl}/docs/screenshot?${expectedQuery}#playground`);
  // The form's own request does carry them: the snippet shows the header parameter.
  expect(requestInSnippet("curl", (await readSnippets(playground)).curl).url).toContain("e2e-secret");

  // Someone else opens it: same values, same request in the snippets, no key.
  const other = await browser.newPage();
  await other.goto(link);
  const shared = other.getByTestId("playground-screenshot");
  await expect(shared.locator("[data-param=url]")).toHaveValue(`${e2e.fixturesUrl}/shared?x=1`);
  await expect(shared.locator("[data-param=width]")).toHaveValue("640");
  await expect(shared.locator("[data-param=format]")).toHaveValue("jpg");
  await expect(shared.getByTestId("playground-api-key")).toHaveValue("");
  const snippets = await readSnippets(shared);
  expect(requestInSnippet("curl", snippets.curl)).toEqual({
    url: `${e2e.appUrl}/v1/screenshot?${expectedQuery}`,
    apiKey: "YOUR_API_KEY",
  });
  await other.close();
});

test("an OG link names the template and its variables; a link with a key in it does not fill the key", async ({
  page,
}) => {
  const query = new URLSearchParams({ template: "stats-card", title: "Shared numbers", stat1_number: "7" }).toString();
  await page.goto(`/docs/og?${query}&api_key=${FAKE_KEY}#playground`);
  const playground = page.getByTestId("playground-og");
  await expect(playground.locator("[data-param=template]")).toHaveValue("stats-card");
  await expect(playground.locator("[data-variable=title]")).toHaveValue("Shared numbers");
  await expect(playground.locator("[data-variable=stat1_number]")).toHaveValue("7");
  // Variables the link leaves out stay empty, so the request is the link's.
  await expect(playground.locator("[data-variable=stat2_number]")).toHaveValue("");
  await expect(playground.getByTestId("playground-api-key")).toHaveValue("");
  expect(requestInSnippet("curl", (await readSnippets(playground)).curl).url).toBe(`${e2e.appUrl}/v1/og?${query}`);
  // The address is rewritten to the form's request: the key in the link is dropped from it.
  await expect(page).toHaveURL(`${e2e.appUrl}/docs/og?${query}#playground`);
});

test("every docs example with a GET /v1 request and every gallery template opens a playground whose snippet is that request", async ({
  page,
}) => {
  // Every docs page, then one playground per example: since the SDK tabs (D29) the guides have
  // about twenty examples with links, past the default 60 s.
  test.setTimeout(300_000);
  const examples: Array<{ page: string; href: string; request: NonNullable<ReturnType<typeof requestIn>> }> = [];
  for (const { href: docsPage } of DOCS_PAGES) {
    await page.goto(docsPage);
    for (const example of await page.locator("[data-example]").all()) {
      const request = requestIn((await example.locator("pre").textContent()) ?? "");
      const link = example.getByTestId("open-in-playground");
      if (!request) {
        await expect(link, `${docsPage}: an example without a GET request has no link`).toHaveCount(0);
        continue;
      }
      await expect(link, `${docsPage}: example ${JSON.stringify(request)}`).toHaveCount(1);
      examples.push({ page: docsPage, href: (await link.getAttribute("href"))!, request });
    }
    // No /v1 request is shown in a code block outside an example (which would have no link).
    for (const block of await page.locator("pre").all()) {
      if (!requestIn((await block.textContent()) ?? "")) continue;
      const inExample = await block.evaluate(
        (el) => Boolean(el.closest("[data-example]")) || Boolean(el.closest("[data-testid^=playground-]")),
      );
      expect(inExample, `${docsPage}: a code block with a /v1 request outside an example`).toBe(true);
    }
  }
  // The gallery has one per template, plus the guides' examples.
  expect(examples.filter((e) => e.page === "/docs/templates").length).toBe(OG_TEMPLATES.length);
  expect(examples.filter((e) => e.page !== "/docs/templates").length).toBeGreaterThanOrEqual(4);

  for (const example of examples) {
    await page.goto(example.href);
    const playground = page.getByTestId(`playground-${example.request.endpoint}`);
    await expect(playground).toBeVisible();
    // The form takes the link's values after hydration; the snippet then names the example's request.
    await expect
      .poll(
        async () => {
          const url = new URL(requestInSnippet("curl", (await readSnippets(playground)).curl).url);
          return { path: url.pathname, params: [...url.searchParams].sort() };
        },
        { message: `${example.page} → ${example.href}` },
      )
      .toEqual({ path: `/v1/${example.request.endpoint}`, params: example.request.params });
  }
});
