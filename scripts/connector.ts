/**
 * The connector for private sites (D42), run inside the customer's network:
 *   npm run connector -- --server https://glance.example --token ct_live_… --expose http://staging.internal:8080 [--expose …]
 * It dials out to Glance over one WebSocket (no inbound port) and serves only the origins named.
 * The token may also come from GLANCE_CONNECTOR_TOKEN (kept out of the process list).
 */
import { parseArgs } from "node:util";
import { Connector } from "@/lib/connectors/client";

const USAGE =
  "usage: npm run connector -- --server <Glance URL> --token <ct_live_…> --expose <origin> [--expose <origin>…]";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    server: { type: "string" },
    token: { type: "string" },
    expose: { type: "string", multiple: true },
  },
  strict: true,
});
const token = values.token ?? process.env.GLANCE_CONNECTOR_TOKEN;
if (!values.server || !token || !values.expose?.length) {
  console.error(USAGE);
  process.exit(2);
}
let connector: Connector;
try {
  connector = new Connector({ server: values.server, token, expose: values.expose }).start();
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => connector.stop());
const { code } = await connector.finished;
process.exit(code === 1000 ? 0 : 1);
