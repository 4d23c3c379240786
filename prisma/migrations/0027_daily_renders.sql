-- Renders counted against the quota, per account and UTC day (#51, D18). Mirrors prisma/schema.prisma.
-- Written in the same statement as monthly_usage.renders (lib/usage/quota.ts), so the Usage
-- page's daily renders and its monthly meter are one count: API requests, jobs and monitor runs,
-- a recording's several renders, refunds given back.
CREATE TABLE "daily_renders" (
  "user_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "day"     DATE NOT NULL,
  "renders" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("user_id", "day")
);
