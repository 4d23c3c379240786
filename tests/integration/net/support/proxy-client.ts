/** Raw clients that speak to the guard proxy the way a browser does. */
import http from "node:http";
import net from "node:net";

export function proxyGet(
  proxyPort: number,
  absoluteUrl: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: proxyPort, path: absoluteUrl, headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Sends CONNECT and, when the tunnel opens, `firstBytes`; resolves with the status line and what
 * came back through the tunnel before it closed or `waitMs` passed.
 */
export function proxyConnect(
  proxyPort: number,
  authority: string,
  firstBytes?: Buffer | string,
  headers = "",
  waitMs = 400,
): Promise<{ statusLine: string; tunnelled: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: proxyPort });
    let buffer = Buffer.alloc(0);
    let statusLine = "";
    let tunnelled = "";
    const finish = () => {
      socket.destroy();
      resolve({ statusLine, tunnelled });
    };
    socket.on("connect", () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${headers}\r\n`));
    socket.on("data", (chunk: Buffer) => {
      if (statusLine) {
        tunnelled += chunk.toString("latin1");
        return;
      }
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      statusLine = buffer.subarray(0, buffer.indexOf("\r\n")).toString("latin1");
      tunnelled = buffer.subarray(end + 4).toString("latin1");
      if (statusLine.includes(" 200 ") && firstBytes !== undefined) socket.write(firstBytes);
      setTimeout(finish, waitMs);
    });
    socket.on("close", () => resolve({ statusLine, tunnelled }));
    socket.on("error", reject);
  });
}

/** A WebSocket upgrade sent to the proxy in absolute form. */
/** A WebSocket upgrade sent to the proxy in absolute form; resolves with the response head (status line first). */
export function proxyUpgrade(proxyPort: number, absoluteUrl: string, headers = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: proxyPort }, () => {
      const host = new URL(absoluteUrl).host;
      socket.write(
        `GET ${absoluteUrl} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`,
      );
    });
    let data = "";
    socket.on("data", (d) => {
      data += d.toString("latin1");
      const end = data.indexOf("\r\n\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve(data.slice(0, end));
      }
    });
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
}
