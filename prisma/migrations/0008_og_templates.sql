-- OG studio (D21): an account's own OG templates, each with its saved versions. Mirrors prisma/schema.prisma.
CREATE TABLE "og_templates" (
  "id"              TEXT PRIMARY KEY,
  "user_id"         TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"            TEXT NOT NULL,
  "description"     TEXT NOT NULL DEFAULT '',
  "current_version" INTEGER NOT NULL,
  "created_at"      TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"      TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE ("user_id", "name")
);

CREATE TABLE "og_template_versions" (
  "template_id" TEXT NOT NULL REFERENCES "og_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "version"     INTEGER NOT NULL,
  "source"      TEXT NOT NULL,
  "compiled"    JSONB NOT NULL,
  "created_at"  TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("template_id", "version")
);
