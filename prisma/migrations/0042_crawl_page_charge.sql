-- A crawl page's render is charged once however often its job runs (issue 44 point 3, D32): the
-- page's row says when it was charged (and whether the key's own cap counted it, D15), set before
-- the count and cleared when the charge is given back. A run after a dead instance's finds it set
-- and renders without counting again; a page that ends failed gives that charge back.
ALTER TABLE "crawl_pages" ADD COLUMN "charged_at" TIMESTAMPTZ(3);
ALTER TABLE "crawl_pages" ADD COLUMN "charged_key_id" TEXT;
