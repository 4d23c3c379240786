-- Saved logins (issue 45 point 5, D43): a workspace's named browser profiles, each the cookies and
-- local storage of a live session at the moment it was saved. `state` is that JSON sealed with
-- AES-256-GCM under the server's key (lib/secrets/sealed.ts, purpose "browser-profile", the
-- workspace's id as additional data): a dump of this table reveals no cookie. `origins` and
-- `cookie_domains` are what the listing shows (never the values). A profile ends with its
-- workspace (ON DELETE CASCADE). `id` changes on every save, so a cached render keyed on it is
-- never served for the profile's newer state.
CREATE TABLE "browser_profiles" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "user_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" TEXT NOT NULL,
  "state" TEXT NOT NULL,
  "origins" TEXT[] NOT NULL DEFAULT '{}',
  "cookie_domains" TEXT[] NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "browser_profiles_user_id_name_key" ON "browser_profiles"("user_id", "name");
