/**
 * A webhook receiver on node:http that verifies each delivery before trusting it.
 * GLANCE_WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.js
 */
import http from "node:http";
import { verifyWebhook, WebhookVerificationError } from "glance-sdk";

const secret = process.env.GLANCE_WEBHOOK_SECRET!;

http
  .createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      // The raw body, exactly as received: re-serialised JSON would not verify.
      const event = await verifyWebhook(secret, request.headers, Buffer.concat(chunks).toString("utf8"));
      console.log(`${event.type}:`, JSON.stringify(event.data));
      response.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      response.writeHead(400).end(error.message);
    }
  })
  .listen(Number(process.env.PORT ?? 8080));
