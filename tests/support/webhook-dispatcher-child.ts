/**
 * An app instance's webhook dispatcher in its own process (tests/integration/webhooks/restart.test.ts
 * kills it mid-delivery): the loop bootstrap starts, on the database and configuration the parent
 * passes in the environment. Tells the parent over IPC when it runs.
 * Run with: node --conditions=react-server --import tsx tests/support/webhook-dispatcher-child.ts
 */
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";

startWebhookDispatcher();
process.send?.("ready");
