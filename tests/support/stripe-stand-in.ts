/**
 * A local HTTP server that stands in for Stripe's API: it records every request (method, path,
 * form parameters as Stripe's library encodes them, headers) and answers the calls Glance makes
 * (Checkout and Portal sessions, meter events) with objects of Stripe's shape. The stripe library is pointed at it through its own
 * host/port/protocol options (STRIPE_API_URL).
 *
 * With `hostedPages`, the Checkout and Portal URLs it hands out are its own loopback pages (the
 * end-to-end browser follows them; a test must not reach the internet), instead of
 * https://checkout.stripe.test/… addresses that are only ever compared as text.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The price ids the integration tests configure (STRIPE_PRICE_*), one per plan and interval. */
export const TEST_STRIPE_PRICES = {
  STRIPE_PRICE_STARTER_MONTHLY: "price_starter_m",
  STRIPE_PRICE_STARTER_YEARLY: "price_starter_y",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_m",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_y",
  STRIPE_PRICE_BUSINESS_MONTHLY: "price_business_m",
  STRIPE_PRICE_BUSINESS_YEARLY: "price_business_y",
};

export interface RecordedStripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface StripeStandIn {
  url: string;
  calls: RecordedStripeCall[];
  close(): Promise<void>;
}

export async function startStripeStandIn(
  options: { port?: number; hostedPages?: boolean } = {},
): Promise<StripeStandIn> {
  const calls: RecordedStripeCall[] = [];
  let n = 0;
  let base = "";
  const checkoutBase = () => (options.hostedPages ? base : "https://checkout.stripe.test");
  const portalBase = () => (options.hostedPages ? base : "https://billing.stripe.test");
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const path = (req.url ?? "").split("?")[0];
      const page = path.match(/^\/(c\/pay|p\/session)\/([A-Za-z0-9_]+)$/);
      if (options.hostedPages && req.method === "GET" && page) {
        const title = page[1] === "c/pay" ? "Stripe Checkout stand-in" : "Stripe Customer Portal stand-in";
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><p data-session="${page[2]}">${page[2]}</p>`);
        return;
      }
      calls.push({ method: req.method ?? "", path, params, authorization: req.headers.authorization });
      n += 1;
      let body: Record<string, unknown>;
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        body = {
          id: `cs_test_${n}`,
          object: "checkout.session",
          mode: "subscription",
          url: `${checkoutBase()}/c/pay/cs_test_${n}`,
        };
      } else if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        body = {
          id: `bps_${n}`,
          object: "billing_portal.session",
          customer: params.customer,
          url: `${portalBase()}/p/session/bps_${n}`,
        };
      } else if (req.method === "POST" && path === "/v1/billing/meter_events") {
        body = {
          object: "billing.meter_event",
          event_name: params.event_name,
          identifier: params.identifier,
          payload: { stripe_customer_id: params["payload[stripe_customer_id]"], value: params["payload[value]"] },
          timestamp: Number(params.timestamp),
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
      } else {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` },
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "request-id": `req_${n}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
