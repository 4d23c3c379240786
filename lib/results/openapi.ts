/** GET /v1/files/{file} in the OpenAPI document (D7, D31), declared beside the files route. */
import { errorResponses, RATE_HEADERS } from "@/lib/api/openapi/responses";
import { binaryContent, type EndpointDoc } from "@/lib/api/openapi/types";
import { FILE_FORMATS } from "@/lib/formats";

export function filesDoc(): EndpointDoc {
  return {
    tags: [{ name: "Files", description: "Stored results, addressed by an unguessable key." }],
    paths: {
      "/v1/files/{file}": {
        get: {
          operationId: "getFile",
          tags: ["Files"],
          summary: "Download a stored result",
          description:
            "The `imageUrl` of a JSON response. No API key: the 256-bit key in the name is the capability. " +
            "Served with `Cache-Control: public, max-age=<seconds left>, immutable` and an ETag; 404 once expired. " +
            "One byte range (`Range: bytes=a-b`) is answered with 206, so video players can seek (D26).",
          security: [],
          parameters: [
            {
              name: "file",
              in: "path",
              required: true,
              description: "64 hexadecimal characters, a dot and the format's extension.",
              schema: { type: "string", pattern: `^[0-9a-f]{64}\\.(${FILE_FORMATS.join("|")})$` },
            },
          ],
          responses: {
            "200": {
              description: "The stored file.",
              headers: {
                "Cache-Control": {
                  description: "public, max-age=<seconds until expiry>, immutable",
                  schema: { type: "string" },
                },
                ETag: { description: "Strong validator of the bytes.", schema: { type: "string" } },
                "Accept-Ranges": { description: "bytes", schema: { type: "string" } },
                ...RATE_HEADERS,
              },
              content: binaryContent(FILE_FORMATS),
            },
            "206": {
              description: "The bytes one `Range: bytes=a-b` header asked for.",
              headers: {
                "Content-Range": { description: "bytes a-b/size", schema: { type: "string" } },
                ...RATE_HEADERS,
              },
              content: binaryContent(FILE_FORMATS),
            },
            "304": { description: "Not modified (If-None-Match matched the ETag).", headers: RATE_HEADERS },
            ...errorResponses(["not_found", "rate_limited"]),
          },
        },
      },
    },
  };
}
