/**
 * The customer's own proxy (D41): a field of the one screenshot schema, so every endpoint that
 * loads a page with the screenshot's fields (content, animate, diff, monitors, jobs, crawls) takes
 * it, and gates, docs, the playground, OpenAPI and the MCP tools follow from here. Secret: it
 * usually holds a password, so it is redacted before logging, sealed where stored, and only its
 * hash is in the cache key (a page through a geo proxy is another page).
 */
import { stringParam } from "@/lib/api/params";
import { parseProxyUrl } from "@/lib/net/proxy/syntax";

export const proxyParams = {
  proxy: stringParam("proxy", {
    maxLength: 1_024,
    plan: "starter",
    secret: true,
    cacheKey: "digest",
    pattern: "http://user:pass@host:port | socks5://user:pass@host:port",
    check: (value) => {
      const parsed = parseProxyUrl(value);
      return typeof parsed === "string" ? parsed : null;
    },
    description:
      "Your own proxy for the page's traffic: `http://user:pass@host:port` (HTTP CONNECT) or `socks5://user:pass@host:port`. " +
      "Every request the page makes goes through Glance's target guard and then your proxy, which resolves the page's host names " +
      "(IP-literal private addresses and names such as localhost stay refused). The proxy must be at a public address. " +
      "Secret: never logged, stored in clear or returned; prefer POST so it stays out of URLs.",
  }),
};
