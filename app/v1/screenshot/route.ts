/** GET and POST /v1/screenshot: a capture of a public page or of HTML (ARCHITECTURE.md#the-product-contract, D19). Logic: lib/screenshot/handler.ts. */
import { queryOrBodyRoute } from "@/lib/api/query-or-body-route";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";
import { handleScreenshot } from "@/lib/screenshot/handler";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = queryOrBodyRoute(screenshotEndpoint, handleScreenshot);
