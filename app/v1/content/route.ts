/** GET and POST /v1/content: a page as data — Markdown, HTML, text, links, metadata, a screenshot — from one render (D24). Logic: lib/content/handler.ts. */
import { queryOrBodyRoute } from "@/lib/api/query-or-body-route";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = queryOrBodyRoute(contentEndpoint, handleContent);
