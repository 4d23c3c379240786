// Applies pending SQL migrations to the configured database (also done automatically at start).
import { databaseUrl } from "@/lib/db";
import { migrate } from "@/lib/db/migrate";

const applied = await migrate(await databaseUrl());
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
process.exit(0);
