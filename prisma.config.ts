// Prisma 7 configuration. Only `prisma generate` is used: migrations are plain SQL files applied
// by lib/db/migrate.ts, because the migrate engine cannot be downloaded on our machines.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
});
