import type { Metadata } from "next";
import Link from "next/link";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock } from "@/components/ui";
import { MCP_TOOLS } from "@/lib/mcp/tools";

export const metadata: Metadata = {
  title: "AI agents (MCP)",
  description:
    "Use Glance from Claude, Cursor, VS Code and any MCP client: screenshots, page Markdown and metadata, OG images and async jobs as tools.",
};

const URL = "https://YOUR_GLANCE_HOST/mcp";

const CLAUDE_CODE = `claude mcp add --transport http glance ${URL} \\
  --header "Authorization: Bearer sk_live_…"`;

// Claude Desktop's own configuration file starts local servers; mcp-remote (npm) bridges it to a remote one with a header.
const CLAUDE_DESKTOP = `{
  "mcpServers": {
    "glance": {
      "command": "npx",
      "args": ["-y", "mcp-remote", "${URL}", "--header", "Authorization:\${GLANCE_AUTH}"],
      "env": { "GLANCE_AUTH": "Bearer sk_live_…" }
    }
  }
}`;

const CURSOR = `{
  "mcpServers": {
    "glance": {
      "url": "${URL}",
      "headers": { "Authorization": "Bearer sk_live_…" }
    }
  }
}`;

const VS_CODE = `{
  "inputs": [
    { "type": "promptString", "id": "glance-key", "description": "Glance API key", "password": true }
  ],
  "servers": {
    "glance": {
      "type": "http",
      "url": "${URL}",
      "headers": { "Authorization": "Bearer \${input:glance-key}" }
    }
  }
}`;

const RAW = `curl ${URL} \\
  -H 'Authorization: Bearer sk_live_…' \\
  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`;

export default function McpPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Guides" title="AI agents (MCP)">
        Glance is a remote <a href="https://modelcontextprotocol.io">Model Context Protocol</a> server at{" "}
        <code>/mcp</code>: an agent in Claude, Cursor, VS Code or any MCP client can take screenshots, read pages as
        Markdown, render OG images and run long jobs with your account.
      </DocsPageHeader>

      <h2 id="connect">Connect a client</h2>
      <p>
        The server speaks the Streamable HTTP transport at <code>{URL}</code>. Authenticate with an{" "}
        <Link href="/dashboard/keys">API key</Link> in the <code>Authorization: Bearer sk_live_…</code> header (or{" "}
        <code>X-API-Key</code>). A key made for an agent can be limited to some endpoints or a monthly number of renders
        on the <Link href="/dashboard/keys">API Keys</Link> page, and revoked there at any time.
      </p>
      <p>
        Clients that cannot hold a key sign in instead (OAuth 2.1 with PKCE, as the MCP specification describes): give
        them only the URL. They find the authorization server from the server&apos;s <code>401</code>, register
        themselves, and open a Glance page where you — signed in — allow them for your account. Each connected app is
        listed under <em>Connected apps</em> on the <Link href="/dashboard/keys">API Keys</Link> page, where
        &ldquo;Disconnect&rdquo; stops it at its next request.
      </p>
      <h3 id="claude-code">Claude Code</h3>
      <CodeBlock caption="Shell" code={CLAUDE_CODE} className="not-prose" />
      <h3 id="claude-desktop">Claude Desktop</h3>
      <p>
        Settings → Connectors → Add custom connector with the URL <code>{URL}</code>: Claude signs you in through Glance
        (OAuth). Or with a key, in <code>claude_desktop_config.json</code> (Settings → Developer → Edit Config), through
        the <code>mcp-remote</code> bridge, which passes the header:
      </p>
      <CodeBlock caption="claude_desktop_config.json" code={CLAUDE_DESKTOP} className="not-prose" />
      <h3 id="cursor">Cursor</h3>
      <CodeBlock caption="~/.cursor/mcp.json (or .cursor/mcp.json in a project)" code={CURSOR} className="not-prose" />
      <h3 id="vs-code">VS Code</h3>
      <p>VS Code asks for the key once and keeps it in its secret storage:</p>
      <CodeBlock caption=".vscode/mcp.json" code={VS_CODE} className="not-prose" />
      <h3 id="other">Any other client</h3>
      <CodeBlock caption="The protocol by hand" code={RAW} className="not-prose" />

      <h2 id="tools">Tools</h2>
      <p>
        This list is the server&apos;s own (<code>tools/list</code> answers the same). Each tool&apos;s arguments are
        the parameters of its endpoint, with the same names, ranges, defaults and plans as in the{" "}
        <Link href="/docs/screenshot">API reference</Link>.
      </p>
      <dl data-testid="mcp-tools">
        {MCP_TOOLS.map((tool) => (
          <div key={tool.name} id={`tool-${tool.name}`}>
            <dt>
              <code>{tool.name}</code> — {tool.title}
            </dt>
            <dd>
              <p>{tool.description}</p>
              <p className="text-sm">
                Arguments:{" "}
                {Object.keys(tool.inputSchema.properties).length === 0
                  ? "none"
                  : Object.keys(tool.inputSchema.properties).map((name, i) => (
                      <span key={name}>
                        {i > 0 ? ", " : ""}
                        <code>{name}</code>
                        {tool.inputSchema.required?.includes(name) ? " (required)" : ""}
                      </span>
                    ))}
              </p>
            </dd>
          </div>
        ))}
      </dl>

      <h2 id="how">How calls count</h2>
      <ul>
        <li>
          Each tool call is a request to its endpoint with your key: it counts against your per-minute{" "}
          <Link href="/docs/limits">rate limit</Link>, a render against your monthly renders (a cached result is free),
          and it appears in the dashboard&apos;s request log and usage chart under that endpoint.
        </li>
        <li>
          Refused calls come back as tool errors the agent can read and act on: the{" "}
          <Link href="/docs/errors">error code</Link> and its detail, e.g.{" "}
          <code>plan_upgrade_required: Open Graph image generation requires the Pro plan or higher.</code> or{" "}
          <code>private_address</code> for a target that is not public.
        </li>
        <li>
          A missing, wrong or revoked key or token is an HTTP <code>401</code> with{" "}
          <code>WWW-Authenticate: Bearer</code> and the <code>resource_metadata</code> URL, so the client asks you for a
          key or signs in again. Calls made with a sign-in are in the request log without a key name.
        </li>
        <li>
          Images come back inline (up to 1 MiB) together with the stored file&apos;s URL; a PDF or a larger image as a
          link to that URL. Ask for <code>format: &quot;jpg&quot;</code> or a smaller size to keep images inline.
        </li>
        <li>
          The server is stateless: every request stands alone, so it needs no session and survives restarts. Renders
          that may take long go through <code>start_job</code> and <code>get_job</code>.
        </li>
      </ul>
    </article>
  );
}
