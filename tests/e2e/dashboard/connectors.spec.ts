/**
 * Issue 46 end to end (D42): a connector created on the dashboard's Connectors page (its token
 * shown once), the real program (`scripts/connector.ts`) dialling the production server's
 * /v1/connector, the page and GET /v1/connectors showing it online with its origin, and a
 * private site on loopback (not on the app's ALLOW_PRIVATE_ORIGINS) captured from the production
 * server through it; another account naming the same URL is refused; revoking it on the page stops
 * the program. The page passes axe.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { apiGet, createKeyInDashboard, e2e, signInByEmail, uniqueEmail, waitForHydration } from "../support";

test.describe.configure({ timeout: 180_000 });

let site: http.Server;
let origin: string;
let program: ChildProcess | undefined;
const hits: string[] = [];

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><h1>Staging behind the firewall</h1>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  program?.kill("SIGTERM");
  site?.closeAllConnections();
  site?.close();
});

test("create a connector, run it, capture the private site, revoke it", async ({ page, browser }) => {
  await signInByEmail(page, uniqueEmail("connector"));
  const key = await createKeyInDashboard(page, "connector test");

  await page.goto("/dashboard/connectors");
  await waitForHydration(page, "input[name=name]");
  await expect(page.getByRole("link", { name: "Connectors", exact: true })).toHaveAttribute("aria-current", "page");
  // A new account is on the Free plan: one connector (D42).
  await expect(page.getByText("0 of 1 active connector used on the Free plan.")).toBeVisible();
  await page.getByLabel(/Connector name/).fill("staging");
  await page.getByRole("button", { name: "Create connector" }).click();
  const tokenField = page.getByTestId("new-connector-token");
  await expect(tokenField).toBeVisible();
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^ct_live_[A-Za-z0-9]{40}$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The program as a customer runs it, against the production server.
  program = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/connector.ts", "--server", e2e.appUrl, "--expose", origin],
    { env: { ...process.env, GLANCE_CONNECTOR_TOKEN: token }, stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<number | null>((resolve) => program!.once("exit", resolve));
  await expect
    .poll(
      async () =>
        ((await (await apiGet("/v1/connectors", key)).json()) as { connectors: Array<{ status: string }> })
          .connectors[0]?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe("online");

  // The token is shown once: the reloaded page has only its masked form, and the status.
  await page.reload();
  await expect(page.getByText("1 of 1 active connector used on the Free plan. Revoke one or upgrade")).toBeVisible();
  const row = page.getByTestId("connector-row");
  await expect(row.getByTestId("connector-status")).toHaveText("Online");
  await expect(row).toContainText(origin);
  expect(await page.content()).not.toContain(token);

  const url = encodeURIComponent(`${origin}/`);
  const captured = await apiGet(`/v1/content?url=${url}&formats=markdown&fresh=true`, key);
  expect(captured.status).toBe(200);
  expect(((await captured.json()) as { markdown: string }).markdown).toContain("Staging behind the firewall");
  expect(hits).toContain("/");

  // Another account: refused, the site never asked.
  const stranger = await browser.newPage();
  await signInByEmail(stranger, uniqueEmail("stranger"));
  const strangerKey = await createKeyInDashboard(stranger, "stranger");
  const before = hits.length;
  const refused = await apiGet(`/v1/content?url=${url}&formats=markdown&fresh=true`, strangerKey);
  expect(refused.status).toBe(400);
  expect(hits.length).toBe(before);

  // Revoked on the page: the program is told and stops.
  await page.getByRole("button", { name: "Revoke connector staging" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke connector" }).click();
  await expect(row.getByTestId("connector-status")).toHaveText("Revoked");
  expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 30_000))])).toBe(1);
});
