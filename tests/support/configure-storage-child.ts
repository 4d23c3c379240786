/**
 * Saves an account's storage bucket as the dashboard's Storage form does (lib/storage/settings,
 * secret encrypted with the server's secret), for a spec with a server of its own; run with the
 * server's DATABASE_URL, DATA_DIR and URL_SIGNING_SECRET:
 *   node --conditions=react-server --import tsx tests/support/configure-storage-child.ts <userId> '<settings JSON>'
 */
import { disconnectDb } from "@/lib/db";
import { saveStorageSettings } from "@/lib/storage/settings";

const [userId, settings] = process.argv.slice(2);
await saveStorageSettings(userId, JSON.parse(settings));
await disconnectDb();
