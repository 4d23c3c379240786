/**
 * #18 customer storage in the dashboard (D20): an endpoint on a loopback address that is not
 * allow-listed is refused when saved; a bucket on a real S3-protocol server (an allowed origin of
 * the e2e app) is saved with its secret stored encrypted and never sent back to the page (masked
 * hint only); "Check connection" writes and deletes a probe object for real and reports a wrong
 * secret; the page passes axe.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3TestServer } from "@/tests/support/s3-server";
import { e2e, signInByEmail, sql, uniqueEmail, userIdOf, waitForHydration } from "../support";

test.describe.configure({ timeout: 120_000 });

let s3: S3TestServer;
test.beforeAll(async () => {
  s3 = await startS3Server({ port: e2e.s3Port });
});
test.afterAll(async () => {
  await s3?.close();
});

test("bucket settings, the masked secret and Check connection", async ({ page }) => {
  const email = uniqueEmail("storage");
  await signInByEmail(page, email);
  const userId = await userIdOf(email);
  const secret = S3_SECRET_ACCESS_KEY;

  await page.goto("/dashboard/storage");
  await waitForHydration(page, "input[name=endpoint]");
  await expect(page.getByRole("link", { name: "Storage" })).toHaveAttribute("aria-current", "page");
  const form = page.getByTestId("storage-settings");
  await form.getByLabel("Endpoint").fill("http://127.0.0.1:9");
  await form.getByLabel("Region").fill("us-east-1");
  await form.getByLabel("Bucket").fill(s3.bucket);
  await form.getByLabel(/Prefix/).fill("e2e/");
  await form.getByLabel("Access key id").fill(S3_ACCESS_KEY_ID);
  await form.getByLabel("Secret access key").fill(secret);
  await form.getByRole("button", { name: "Save storage" }).click();
  await expect(form.getByRole("alert")).toContainText("non-public address");
  expect(await sql("SELECT 1 FROM storage_settings WHERE user_id = $1", [userId])).toEqual([]);
  // What was typed is kept (but the secret, which is never sent back).
  await expect(form.getByLabel("Bucket")).toHaveValue(s3.bucket);
  await expect(form.getByLabel("Secret access key")).toHaveValue("");

  await form.getByLabel("Endpoint").fill(s3.origin);
  await form.getByLabel("Secret access key").fill(secret);
  await form.getByRole("button", { name: "Save storage" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");
  const [row] = await sql<{ endpoint: string; secret_ciphertext: string }>(
    "SELECT endpoint, secret_ciphertext FROM storage_settings WHERE user_id = $1",
    [userId],
  );
  expect(row.endpoint).toBe(s3.origin);
  expect(row.secret_ciphertext).toMatch(/^v1\./);
  expect(row.secret_ciphertext).not.toContain(secret);

  // The page as served carries only the masked hint, never the secret.
  await page.reload();
  await waitForHydration(page, "input[name=endpoint]");
  const secretField = page.getByTestId("storage-settings").getByLabel("Secret access key");
  await expect(secretField).toHaveValue("");
  await expect(secretField).toHaveAttribute("placeholder", `••••••••${secret.slice(-4)}`);
  const html = await (await page.request.get("/dashboard/storage")).text();
  expect(html).toContain(S3_ACCESS_KEY_ID); // the page is the settings page, signed in
  expect(html).not.toContain(secret);
  expect(html).not.toContain(row.secret_ciphertext);

  const check = page.getByTestId("storage-check");
  await check.getByRole("button", { name: "Check connection" }).click();
  await expect(check.getByRole("status")).toContainText(`wrote a probe object to ${s3.bucket}`);

  // A wrong secret: saved (the form cannot know), refused by the bucket when checked.
  await page.getByTestId("storage-settings").getByLabel("Secret access key").fill("wrong-secret-for-e2e");
  await page.getByTestId("storage-settings").getByRole("button", { name: "Save storage" }).click();
  await expect(page.getByTestId("storage-settings").getByRole("status")).toContainText("Saved");
  await check.getByRole("button", { name: "Check connection" }).click();
  await expect(check.getByRole("alert")).toContainText("SignatureDoesNotMatch");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});
