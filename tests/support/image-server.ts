/**
 * A loopback HTTP server with the images (and non-images) the OG tests fetch as image_url
 * variables. Its origin is allow-listed through ALLOW_PRIVATE_ORIGINS (D9's test hook), the only
 * way an http:// or loopback image URL is accepted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface ImageServer {
  origin: string;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const red = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    switch (path) {
      case "/red.png":
        res.writeHead(200, { "content-type": "image/png", "content-length": red.length }).end(red);
        return;
      case "/page.html":
        res.writeHead(200, { "content-type": "text/html" }).end("<html><body>not an image</body></html>");
        return;
      case "/fake.png": // says image/png, is not
        res.writeHead(200, { "content-type": "image/png" }).end("GIF89a? no, just text");
        return;
      case "/huge.png": // over the 5 MB cap
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(6 * 1024 * 1024));
        return;
      case "/slow.png": // answers after 3 s: past the test's render time limit
        setTimeout(
          () => res.writeHead(200, { "content-type": "image/png", "content-length": red.length }).end(red),
          3000,
        ).unref();
        return;
      default:
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
