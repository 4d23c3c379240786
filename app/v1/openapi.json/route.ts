import { keylessRoute } from "@/lib/api/keyless";
import { requestIdFor } from "@/lib/api/request";
import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// APP_URL is read at run time (servers[0].url, problem `type` links), not frozen at build.
export const dynamic = "force-dynamic";

export const GET = keylessRoute((request: Request) =>
  Response.json(buildOpenApiDocument(env().APP_URL), {
    headers: {
      "Cache-Control": "public, max-age=300",
      // Lets browser-based tools (Swagger UI, Postman web, code generators) fetch the document.
      "Access-Control-Allow-Origin": "*",
      "X-Request-Id": requestIdFor(request),
    },
  }),
);

// Anything but GET gets a problem+json 405 (D1), not an empty one; OPTIONS says what is allowed.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
