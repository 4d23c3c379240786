/**
 * A stored result (D7) as MCP content (D25): an image inline (the agent sees it), anything else —
 * a PDF, an image too large to inline — as a resource link to its /v1/files URL. The bytes are
 * read from the result store the endpoint just wrote, not fetched over HTTP.
 */
import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FILE_FORMATS, OUTPUT_FORMATS, type OutputFormat } from "@/lib/formats";
import { getResultStore } from "@/lib/results/store";

type Content = CallToolResult["content"][number];

/**
 * Larger images go as a link: MCP clients refuse or truncate big inline images (a full-page
 * capture can be tens of megabytes), and base64 makes them a third larger again.
 */
const MCP_IMAGE_MAX_BYTES = 1024 * 1024;

const FILE_PATH = new RegExp(`/v1/files/([0-9a-f]{64})\\.(${FILE_FORMATS.join("|")})$`);

/** The content items for the stored file at `url` (a /v1/files URL the endpoint answered with). */
export async function fileContent(url: string, name: string): Promise<Content[]> {
  const match = FILE_PATH.exec(new URL(url).pathname);
  if (!match) return [];
  const ext = match[2] as OutputFormat;
  const mimeType = OUTPUT_FORMATS[ext].mime;
  const link = (why: string): Content => ({
    type: "resource_link",
    uri: url,
    name: `${name}.${ext}`,
    mimeType,
    description: why,
  });
  if (!mimeType.startsWith("image/")) return [link(`The ${OUTPUT_FORMATS[ext].label} file; fetch the URL to read it.`)];
  const stored = await getResultStore().get(match[1]);
  if (!stored) return [link("The stored file (it could not be read back to show inline).")];
  if (stored.bytes.length > MCP_IMAGE_MAX_BYTES)
    return [
      link(
        `The image is ${stored.bytes.length} bytes, more than the ${MCP_IMAGE_MAX_BYTES} shown inline; fetch the URL, or ask for a smaller one (width, height, format=jpg or webp, quality).`,
      ),
    ];
  return [{ type: "image", data: stored.bytes.toString("base64"), mimeType }];
}
