import { expect, test, type Request } from "@playwright/test";
import { e2e, signInByEmail, setPlan, uniqueEmail } from "../support";
import { LANGUAGES, newUserKey, previewBytes, readSnippets, requestInSnippet, runSnippet } from "./helpers";

/** What "the request made" is: method, full URL (with the query in order) and the X-API-Key header. */
async function requestParts(request: Request) {
  return { method: request.method(), url: request.url(), apiKey: (await request.allHeaders())["x-api-key"] };
}

test.describe("docs playground", () => {
  test("a visitor's key renders a screenshot of a local page; every snippet is that request and reproduces it", async ({
    browser,
    page,
  }) => {
    const key = await newUserKey(browser, "free");
    await page.goto("/docs/screenshot");
    const playground = page.getByTestId("playground-screenshot");
    await playground.getByTestId("playground-api-key").fill(key);
    await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/`);
    await playground.locator("[data-param=width]").fill("800");
    await playground.locator("[data-param=height]").fill("600");

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/v1/screenshot"));
    await playground.getByTestId("render").click();
    const made = await requestParts(await sent);
    await expect(playground.getByTestId("result-image")).toBeVisible({ timeout: 45_000 });
    expect(made.method).toBe("GET");
    expect(made.url).toBe(
      `${e2e.appUrl}/v1/screenshot?url=${encodeURIComponent(`${e2e.fixturesUrl}/`)}&width=800&height=600`,
    );
    expect(made.apiKey).toBe(key);

    // The preview is the real capture: 800×600 CSS px at deviceScale 1.
    const size = await playground
      .getByTestId("result-image")
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([800, 600]);
    await expect(playground.getByTestId("response-status")).toHaveText("200");
    await expect(playground.locator("[data-header=X-Cache]")).toHaveText("MISS");

    const snippets = await readSnippets(playground);
    expect(snippets.curl).toContain(`curl '${made.url}'`);
    const shown = await previewBytes(page);
    for (const language of LANGUAGES) {
      expect(requestInSnippet(language, snippets[language]), language).toEqual({ url: made.url, apiKey: key });
      // Running it fetches the same (now cached) result: byte-for-byte what the preview shows.
      const output = await runSnippet(language, snippets[language], "screenshot.png");
      expect(output.equals(shown), `${language} output equals the preview`).toBe(true);
    }
  });

  test("signed in, OG images render through the session; snippets are the /v1 request with a key placeholder", async ({
    page,
  }) => {
    const email = uniqueEmail("site-og");
    await signInByEmail(page, email);
    await setPlan(email, "pro");
    await page.goto("/docs/og");
    // Session-dependent UI appears after hydration and /api/auth/session: slow on a loaded machine.
    await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible({ timeout: 30_000 });
    const playground = page.getByTestId("playground-og");
    await expect(playground.getByTestId("auth-mode-session")).toBeChecked();
    await expect(playground.getByTestId("playground-api-key")).toHaveCount(0);

    await playground.locator("[data-param=template]").selectOption("stats-card");
    await expect(playground.locator("[data-variable=stat1_number]")).toBeVisible();
    await playground.locator("[data-variable=title]").fill("E2E numbers");
    await playground.locator("[data-param=format]").selectOption("webp");

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/api/playground/og"));
    await playground.getByTestId("render").click();
    const made = await requestParts(await sent);
    await expect(playground.getByTestId("result-image")).toBeVisible({ timeout: 30_000 });
    expect(made.apiKey).toBeUndefined();
    const query = new URL(made.url).search;
    expect(new URLSearchParams(query).get("template")).toBe("stats-card");
    expect(new URLSearchParams(query).get("title")).toBe("E2E numbers");
    const size = await playground
      .getByTestId("result-image")
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([1200, 630]);

    const snippets = await readSnippets(playground);
    expect(snippets.curl).toContain(`curl '${e2e.appUrl}/v1/og${query}'`);
    for (const language of LANGUAGES) {
      expect(requestInSnippet(language, snippets[language]), language).toEqual({
        url: `${e2e.appUrl}/v1/og${query}`,
        apiKey: "YOUR_API_KEY",
      });
    }

    // JSON metadata: the toggle adds response=json to the request and the snippets, and shows the D7 object.
    await playground.getByText("JSON metadata").click();
    await expect(playground.getByRole("switch", { name: "JSON metadata" })).toBeChecked();
    const jsonSent = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/api/playground/og"));
    await playground.getByTestId("render").click();
    const jsonUrl = (await jsonSent).url();
    expect(new URL(jsonUrl).searchParams.get("response")).toBe("json");
    const result = playground.getByTestId("result-json");
    await expect(result).toBeVisible();
    const metadata = JSON.parse((await result.locator("pre").textContent()) ?? "{}");
    expect(metadata).toMatchObject({ template: "stats-card", width: 1200, height: 630, format: "webp" });
    expect(metadata.imageUrl).toMatch(new RegExp(`^${e2e.appUrl}/v1/files/[0-9a-f]{64}\\.webp$`));
    expect(typeof metadata.cachedAt).toBe("number"); // same parameters as the first render: a HIT
    // The stored file through the production server keeps its size, on GET and on HEAD (lib/api/body-length.ts).
    const file = await fetch(metadata.imageUrl);
    const fileBytes = (await file.arrayBuffer()).byteLength;
    expect([file.status, Number(file.headers.get("content-length"))]).toEqual([200, fileBytes]);
    const fileHead = await fetch(metadata.imageUrl, { method: "HEAD" });
    expect([
      fileHead.status,
      Number(fileHead.headers.get("content-length")),
      fileHead.headers.get("x-glance-body-length"),
    ]).toEqual([200, fileBytes, null]);
    const jsonSnippets = await readSnippets(playground);
    expect(requestInSnippet("curl", jsonSnippets.curl).url).toBe(`${e2e.appUrl}/v1/og${new URL(jsonUrl).search}`);
  });

  test("the form follows the schema: PDF options only for format=pdf, no api_key field, headers and cookies fields, plan badges", async ({
    page,
  }) => {
    await page.goto("/docs/screenshot");
    const playground = page.getByTestId("playground-screenshot");
    // The key field appears once the page is hydrated and knows the visitor is signed out.
    await expect(playground.getByTestId("playground-api-key")).toBeVisible({ timeout: 30_000 });
    await expect(playground.locator("[data-param=pageSize]")).toHaveCount(0);
    await expect(playground.locator("[data-param=api_key]")).toHaveCount(0);
    await expect(playground.locator("[data-param=width]")).toHaveAttribute("max", "3840");
    await playground.locator("[data-param=format]").selectOption("pdf");
    await expect(playground.locator("[data-param=pageSize]")).toBeVisible();
    await expect(playground.locator("[data-param=landscape]")).toBeVisible();
    await playground.locator("[data-param=pageSize]").selectOption("a4");
    const curl = (await readSnippets(playground)).curl;
    expect(requestInSnippet("curl", curl).url).toMatch(
      /\/v1\/screenshot\?url=https%3A%2F%2Fexample\.com&format=pdf&pageSize=a4$/,
    );
    expect(curl).toContain("-o 'screenshot.pdf'");
    await expect(playground.getByText("Pro+").first()).toBeVisible();
    // Secret request options (Pro) are form fields like any other: the customer types them.
    await playground.locator("[data-param=headers]").fill('{"X-Tenant":"acme"}');
    await playground.locator("[data-param=cookies]").fill('{"session":"s1"}');
    const withSecrets = requestInSnippet("curl", (await readSnippets(playground)).curl).url;
    expect(new URL(withSecrets).searchParams.get("headers")).toBe('{"X-Tenant":"acme"}');
    expect(new URL(withSecrets).searchParams.get("cookies")).toBe('{"session":"s1"}');
  });
});

test.describe("playground result in view (issue 20)", () => {
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`on a ${name}, the result is in the viewport after Render, the old one cleared while the new one runs`, async ({
      browser,
      page,
    }) => {
      const key = await newUserKey(browser, "free");
      await page.setViewportSize(viewport);
      await page.goto("/docs/screenshot");
      const playground = page.getByTestId("playground-screenshot");
      await playground.getByTestId("playground-api-key").fill(key);
      await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/?view=${name}`);
      await playground.locator("[data-param=width]").fill("640");
      await playground.locator("[data-param=height]").fill("400");
      // The form is long: Render is reached by scrolling, as a visitor would.
      await playground.getByTestId("render").scrollIntoViewIfNeeded();
      await playground.getByTestId("render").click();
      await expect(playground.getByTestId("result-image")).toBeInViewport({ timeout: 45_000 });

      // A second request: the first image goes at once, the new one arrives in view again. The
      // request is held until the old image is seen gone (a fast render could otherwise replace it
      // between two looks), then passes on unchanged.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/v1/screenshot",
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await playground.locator("[data-param=width]").fill("600");
      await playground.getByTestId("render").scrollIntoViewIfNeeded();
      await playground.getByTestId("render").click();
      await expect(playground.getByTestId("result-image")).toHaveCount(0);
      release();
      await expect(playground.getByTestId("result-image")).toBeInViewport({ timeout: 45_000 });
      const size = await playground.getByTestId("result-image").evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(size).toBe(600);
    });
  }
});

test("a value the API refuses: its problem+json message on the field it names, in view and not under the Render bar (issue 20)", async ({
  browser,
  page,
}) => {
  const key = await newUserKey(browser, "free");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/screenshot");
  const playground = page.getByTestId("playground-screenshot");
  await playground.getByTestId("playground-api-key").fill(key);
  await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/`);
  await playground.locator("[data-param=width]").fill("99999"); // past max: the browser's own bubble would stop it
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/screenshot");
  await playground.getByTestId("render").scrollIntoViewIfNeeded();
  await playground.getByTestId("render").click();
  const problem = (await (await answered).json()) as { param: string; detail: string };
  expect(problem.param).toBe("width");

  const width = playground.locator("[data-param=width]");
  await expect(width).toHaveAttribute("aria-invalid", "true");
  await expect(playground.locator("#pg-screenshot-width-error")).toHaveText(problem.detail);
  await expect(width).toBeFocused();
  await expect(width).toBeInViewport();
  const field = (await width.boundingBox())!;
  const bar = (await playground.getByTestId("render").boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(bar.y); // the sticky bar does not cover it
});
