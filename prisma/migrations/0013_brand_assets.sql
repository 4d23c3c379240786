-- Brand kit (D21): an account's named fonts, images and colours for its OG templates. Bytes live
-- here (fonts and re-encoded PNGs, 2 MB at most), never fetched at render time. Mirrors prisma/schema.prisma.
CREATE TABLE "brand_assets" (
  "id"           TEXT PRIMARY KEY,
  "user_id"      TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "kind"         TEXT NOT NULL,
  "name"         TEXT NOT NULL,
  "color"        TEXT,
  "data"         BYTEA,
  "content_type" TEXT,
  "size"         INTEGER NOT NULL DEFAULT 0,
  "sha256"       TEXT NOT NULL,
  "created_at"   TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE ("user_id", "kind", "name")
);
