import type { Metadata } from "next";
import Link from "next/link";
import { ApiExampleTabs } from "@/components/docs/api-examples/api-example-tabs";
import { SESSION_CREATE, SESSION_MANAGE } from "@/components/docs/api-examples/catalog";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock } from "@/components/ui";
import { PLANS } from "@/lib/plans";
import { CLOSE_REASONS } from "@/lib/sessions/close-reasons";

export const metadata: Metadata = {
  title: "Browser sessions (CDP)",
  description:
    "Drive a browser step by step from puppeteer or Playwright over the Chrome DevTools Protocol, inside Glance's network boundary.",
};

const HOST = "wss://YOUR_GLANCE_HOST/v1/browser";

const PUPPETEER = `import puppeteer from "puppeteer-core";

const browser = await puppeteer.connect({
  browserWSEndpoint: "${HOST}",
  headers: { "X-API-Key": process.env.GLANCE_API_KEY },
});
const page = await browser.newPage();
await page.goto("https://example.com/login");
await page.type("#email", "me@example.com");
await page.click("button[type=submit]");
await page.screenshot({ path: "after-login.png" });
await browser.close(); // ends the session: its pages and contexts are closed`;

const PLAYWRIGHT = `import { chromium } from "playwright-core";

const browser = await chromium.connectOverCDP("${HOST}", {
  headers: { "X-API-Key": process.env.GLANCE_API_KEY },
});
const page = await browser.contexts()[0].newPage();
await page.goto("https://example.com");
console.log(await page.title());
await browser.close();`;

const SDK_CONNECT = `import { Glance } from "glance-sdk";
import puppeteer from "puppeteer-core";

const glance = new Glance({ apiKey: process.env.GLANCE_API_KEY, baseUrl: "https://YOUR_GLANCE_HOST" });
// A new session's single-use URL: the key never appears in it.
const browser = await puppeteer.connect({ browserWSEndpoint: await glance.sessions.connectUrl() });`;

const SDK_CONNECT_PY = `import os

from glance import Glance
from playwright.sync_api import sync_playwright

glance = Glance(os.environ["GLANCE_API_KEY"], base_url="https://YOUR_GLANCE_HOST")
with sync_playwright() as p:
    browser = p.chromium.connect_over_cdp(glance.sessions.connect_url())`;

const SAVE_PROFILE = `// A session from POST /v1/sessions (its id), logged in with puppeteer or Playwright as above:
await fetch(\`https://YOUR_GLANCE_HOST/v1/sessions/\${session.id}/profile\`, {
  method: "POST",
  headers: { "X-API-Key": process.env.GLANCE_API_KEY, "Content-Type": "application/json" },
  body: JSON.stringify({ name: "acme-admin" }),
}); // 201 {"name":"acme-admin","origins":["https://app.acme.example"],"cookieDomains":["acme.example"],…}

// Any render, job, crawl or monitor then starts logged in, given profile=acme-admin:
const shot = new URL("https://YOUR_GLANCE_HOST/v1/screenshot");
shot.search = new URLSearchParams({ url: "https://app.acme.example/dashboard", profile: "acme-admin" }).toString();
await fetch(shot, { headers: { "X-API-Key": process.env.GLANCE_API_KEY } });`;

const RECORDING = `const headers = { "X-API-Key": process.env.GLANCE_API_KEY };
// record=true on POST /v1/sessions (or on the WebSocket URL: wss://…/v1/browser?record=true)
const session = await (await fetch("https://YOUR_GLANCE_HOST/v1/sessions?record=true", { method: "POST", headers })).json();
// … connect to session.connectUrl, browse, browser.close() …
const video = await fetch(\`https://YOUR_GLANCE_HOST/v1/sessions/\${session.id}/recording\`, { headers }); // video/mp4
const har = await (await fetch(\`https://YOUR_GLANCE_HOST/v1/sessions/\${session.id}/network\`, { headers })).json();
console.log(har.log.entries.map((e) => \`\${e.response.status} \${e.request.method} \${e.request.url}\`));`;

const MCP_BROWSING = `browser_open        {"url": "https://app.acme.example/login"}   → {"sessionId": "bs_…"} and the page's outline
browser_type        {"sessionId": "bs_…", "ref": "e1", "text": "me@acme.example"}
browser_type        {"sessionId": "bs_…", "ref": "e2", "text": "…", "submit": true}
browser_save_profile {"sessionId": "bs_…", "name": "acme-admin"}
browser_close       {"sessionId": "bs_…"}
screenshot          {"url": "https://app.acme.example/dashboard", "profile": "acme-admin"}`;

export default function SessionsPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="Browser sessions (CDP)">
        Connect puppeteer or Playwright to <code>/v1/browser</code> and drive a browser step by step — log in, click,
        type, capture — on Glance&apos;s browsers, inside the same network boundary as every render.
      </DocsPageHeader>

      <h2 id="connect">Connect</h2>
      <p>
        The endpoint speaks the Chrome DevTools Protocol over a WebSocket. Send your{" "}
        <Link href="/docs/authentication">API key</Link> in the <code>X-API-Key</code> header (or the{" "}
        <code>api_key</code> parameter); a refused connection gets the usual <Link href="/docs/errors">error</Link>{" "}
        before the upgrade.
      </p>
      <CodeBlock caption="puppeteer-core" code={PUPPETEER} className="not-prose" />
      <CodeBlock caption="Playwright (connectOverCDP)" code={PLAYWRIGHT} className="not-prose" />
      <h3 id="connect-url">Clients that cannot set headers</h3>
      <p>
        <code>POST /v1/sessions</code> answers a <code>connectUrl</code> with a single-use token: it works once, within
        a minute. <code>GET /v1/sessions</code> lists your sessions, <code>GET /v1/sessions/&#123;id&#125;</code> shows
        one and <code>DELETE /v1/sessions/&#123;id&#125;</code> ends it.
      </p>
      <ApiExampleTabs caption="A connect URL" example={SESSION_CREATE} className="not-prose" />
      <p>
        Every SDK has the same calls (<code>sessions.create</code>, <code>list</code>, <code>get</code>,{" "}
        <code>delete</code>) and a helper that answers a new session&apos;s connect URL, ready for puppeteer or
        Playwright (<Link href="/docs/sdks">SDKs</Link>):
      </p>
      <CodeBlock caption="TypeScript SDK + puppeteer-core" code={SDK_CONNECT} className="not-prose" />
      <CodeBlock caption="Python SDK + Playwright" code={SDK_CONNECT_PY} className="not-prose" />
      <ApiExampleTabs caption="List, read and end sessions" example={SESSION_MANAGE} className="not-prose" />

      <h3 id="proxy">Through your own proxy</h3>
      <p>
        Add <code>proxy=http://user:pass@host:port</code> (or <code>socks5://…</code>, percent-encoded) to the WebSocket
        URL and every page of the session — in every browser context you create too — goes through Glance&apos;s network
        guard and then <Link href="/docs/proxy">your proxy</Link>, with the same checks, plan and errors as a
        capture&apos;s (a proxy at a private address is refused with <code>400 private_address</code> before the
        upgrade). The proxy is reached once when the client connects: one that is down or refuses its credentials
        refuses the connection with <code>400 proxy_unreachable</code> or <code>400 proxy_auth_failed</code>, never a
        bare network error on your first page. It is a secret: never logged, never stored in clear, never shown by{" "}
        <code>GET /v1/sessions</code>, which says only <code>&quot;proxy&quot;: true</code>. A context&apos;s own{" "}
        <code>proxyServer</code> stays refused.
      </p>
      <p>
        With a connect URL, give the proxy to <code>POST /v1/sessions</code> instead, in a JSON body so it stays out of
        URLs: <code>&#123;&quot;proxy&quot;: &quot;http://user:pass@host:port&quot;&#125;</code>. It is checked then (a
        bad URL or a private address is a 400, a plan below it a 403, before the session exists), kept sealed until the
        connect URL is used, and the connect URL itself stays free of it. A connect URL may also get{" "}
        <code>&amp;proxy=…</code> added, but not on top of a proxy given to <code>POST /v1/sessions</code>.
      </p>

      <h2 id="boundary">What a session can do</h2>
      <ul>
        <li>
          Each session has its own incognito browser contexts: no cookies, storage or targets are shared with other
          sessions or renders, and it never sees their pages.
        </li>
        <li>
          Every request its pages make goes through Glance&apos;s network guard: private, loopback and metadata
          addresses are refused, as for <Link href="/docs/screenshot">screenshots</Link> — except the origins your
          workspace&apos;s <Link href="/docs/connectors">connectors</Link> serve, which go through them.
        </li>
        <li>
          Commands that would reach beyond the session are refused with a CDP error: navigating to <code>file:</code>,{" "}
          <code>chrome:</code> or <code>devtools:</code> URLs, a context with its own proxy, downloads and file uploads
          from the server&apos;s disk, browser-wide settings, tracing, and <code>Browser.close</code> closes only your
          session.
        </li>
      </ul>

      <h2 id="profiles">Saved logins (profiles)</h2>
      <p>
        Log in once in a session, then save it: <code>POST /v1/sessions/&#123;id&#125;/profile</code> with a{" "}
        <code>name</code> keeps the cookies of every site the session visited and the local storage of the origins its
        pages show, as a profile of your workspace. Every render — <Link href="/docs/screenshot">screenshots</Link>,
        content, recordings, diffs, async jobs, crawls and monitors — takes <code>profile=&lt;name&gt;</code> and starts
        from that state: the cookies are set in the render&apos;s own browser context before the page loads, and each
        origin&apos;s local storage is restored as its pages start. Results are cached per profile, and saving it again
        refreshes them.
      </p>
      <CodeBlock caption="JavaScript" code={SAVE_PROFILE} className="not-prose" />
      <ul>
        <li>
          A profile is sealed at rest and never shown back: <code>GET /v1/profiles</code> and{" "}
          <code>GET /v1/profiles/&#123;name&#125;</code> show names, origins, cookie domains and dates;{" "}
          <code>DELETE /v1/profiles/&#123;name&#125;</code> removes one, as does the dashboard&apos;s{" "}
          <Link href="/dashboard/profiles">Profiles</Link> page. Saving under an existing name replaces it.
        </li>
        <li>
          It belongs to its workspace: another workspace naming it gets <code>404 profile_not_found</code>, and it is
          deleted with the workspace. At most 100 profiles of up to 1 MiB each.
        </li>
        <li>
          Save while the client is connected, with the logged-in page open: local storage is read from the open pages (
          <code>409 session_not_live</code> after the session ended).
        </li>
        <li>
          With several server instances, a save that lands on one that does not hold the session is done by the one that
          does, through Redis (<code>REDIS_URL</code>); without Redis, route it to the instance holding the session.
        </li>
      </ul>

      <h2 id="recording">Recording</h2>
      <p>
        A session opened with <code>record=true</code> (on <code>POST /v1/sessions</code> or as a query parameter of the
        WebSocket URL) is recorded: once it has ended, <code>GET /v1/sessions/&#123;id&#125;/recording</code> answers
        its pages as an mp4 video (5 frames per second, the size of the first page&apos;s viewport) and{" "}
        <code>GET /v1/sessions/&#123;id&#125;/network</code> its network log as HAR-like JSON: each request&apos;s
        method, URL, status, timings and sizes. Cookies, <code>Authorization</code> and other credential-like headers,
        credential-like query values (<code>token</code>, <code>key</code>, <code>sig</code>…) and passwords in URLs are
        replaced by <code>[redacted]</code>.
      </p>
      <CodeBlock caption="JavaScript" code={RECORDING} className="not-prose" />
      <ul>
        <li>
          While the session is live, and for the few seconds its video takes to be stored after it ends, both answer{" "}
          <code>409 recording_not_ready</code> with <code>Retry-After</code>.
        </li>
        <li>
          A session opened without <code>record</code> answers <code>404 recording_not_found</code>, as does one whose
          recording has expired: recordings are kept as long as your plan keeps results. Another workspace&apos;s
          session is <code>404 session_not_found</code>.
        </li>
      </ul>

      <h2 id="mcp">Browsing tools for AI agents (MCP)</h2>
      <p>
        Agents that do not speak CDP browse through the <Link href="/docs/mcp">MCP server</Link>&apos;s tools, on the
        same sessions, limits and boundary: <code>browser_open</code> answers a <code>sessionId</code> that every later
        call passes; <code>browser_snapshot</code> reads the page as a Markdown outline where each link, button and
        field carries a reference (<code>[ref=e12]</code>) that <code>browser_click</code> and <code>browser_type</code>{" "}
        take; <code>browser_navigate</code>, <code>browser_press</code>, <code>browser_scroll</code>,{" "}
        <code>browser_screenshot</code>, <code>browser_save_profile</code> and <code>browser_close</code> do the rest.
        Each call answers the page as it is after the step. An agent connected with an API key or over OAuth may browse;
        a session opened over OAuth ends when the app is disconnected or the member who connected it leaves the
        workspace. With several server instances, a call that lands on one that does not hold the page is forwarded to
        the one that does through Redis (<code>REDIS_URL</code> or Upstash); without Redis, route <code>/mcp</code> to
        one instance.
      </p>
      <CodeBlock caption="An agent logs in, saves the login, and captures" code={MCP_BROWSING} className="not-prose" />

      <h2 id="limits">Limits and metering</h2>
      <table>
        <thead>
          <tr>
            <th>Plan</th>
            <th>Sessions at once</th>
            <th>Idle time</th>
            <th>Longest session</th>
          </tr>
        </thead>
        <tbody>
          {Object.values(PLANS).map((plan) => (
            <tr key={plan.id}>
              <td>{plan.name}</td>
              <td>{plan.browserSessions.concurrent}</td>
              <td>{plan.browserSessions.idleMinutes} min</td>
              <td>{plan.browserSessions.maxMinutes} min</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        One session more than your plan allows is refused with <code>429 session_limit</code>. Sessions are metered in
        minutes (each session rounded up to a whole minute), shown in <code>GET /v1/usage</code> as{" "}
        <code>sessionMinutes</code>, and each ended session is a line of the dashboard&apos;s request log with its
        minutes. A session whose server stopped (a crash, a killed instance) is ended at its last sign of life, within
        about half a minute, and counted once. A revoked key ends its sessions within seconds.
      </p>
      <h3 id="close-codes">Why a session ended</h3>
      <p>The WebSocket&apos;s close frame says why:</p>
      <ul>
        {Object.values(CLOSE_REASONS).map(({ code, reason }) => (
          <li key={reason}>
            <code>{code}</code> — {reason}
          </li>
        ))}
      </ul>
    </article>
  );
}
