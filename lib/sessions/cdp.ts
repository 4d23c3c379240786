/** Raw CDP through puppeteer's connection, for the session bridge (D39). */
import type { Browser, CDPSession, Connection, ProtocolError } from "puppeteer-core";
import type { Params } from "./policy";

type RawSend = (method: string, params?: Params, options?: { timeout: number }) => Promise<unknown>;

export const send = (session: CDPSession, method: string, params: Params = {}, timeout?: number) =>
  (session.send as unknown as RawSend).call(session, method, params, timeout ? { timeout } : undefined);

/** Each browser's DevTools connection, once a session has reached it. */
const connections = new WeakMap<Browser, Connection>();

/**
 * A new session on the browser target. Puppeteer's own list of targets can miss the browser
 * target for a moment (it keeps it only while its info says "attached"), so after the first
 * session the browser's connection is asked directly.
 */
export async function browserTargetSession(browser: Browser): Promise<CDPSession> {
  const connection = connections.get(browser);
  if (!connection) {
    const first =
      browser.targets().find((t) => t.type() === "browser") ??
      (await browser.waitForTarget((t) => t.type() === "browser", { timeout: 5_000 }));
    const session = await first.createCDPSession();
    const reached = session.connection();
    if (reached) connections.set(browser, reached);
    return session;
  }
  // Without a targetId, on the browser's own connection: the browser target's info.
  const { targetInfo } = await connection.send("Target.getTargetInfo");
  return connection.createSession(targetInfo);
}

export function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof Error && "originalMessage" in error && "code" in error;
}
