-- A crawl's secret page options (D41: the customer's proxy), sealed under the account's id
-- (lib/secrets/sealed.ts) apart from the plain options, as a job's and a monitor's secrets are.
ALTER TABLE "crawls" ADD COLUMN "page_secrets" TEXT;
