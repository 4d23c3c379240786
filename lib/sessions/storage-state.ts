/**
 * A live session's login state, for a profile (D43): the cookies of every browser context the
 * session holds (Storage.getCookies on the browser session, per context: every site it visited),
 * and the local storage of every http(s) origin framed in its open pages, read through DevTools
 * (Storage.getStorageKeyForFrame, DOMStorage.getDOMStorageItems) — no script runs in the page, so
 * nothing the page defined can change what is read. Local storage of an origin no page shows any
 * more is not read: Chromium gives it only for a frame of that origin.
 */
import "server-only";
import type { Browser, CDPSession } from "puppeteer-core";
import type { ProfileCookie, StorageState } from "@/lib/profiles/state";
import { send } from "./cdp";

interface CdpCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  session?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}
interface FrameTree {
  frame: { id: string; url: string; securityOrigin?: string };
  childFrames?: FrameTree[];
}

const toCookie = (c: CdpCookie): ProfileCookie => ({
  name: c.name,
  value: c.value,
  domain: c.domain,
  path: c.path,
  expires: c.session ? -1 : c.expires,
  httpOnly: c.httpOnly,
  secure: c.secure,
  ...(c.sameSite ? { sameSite: c.sameSite } : {}),
});

function frames(tree: FrameTree): FrameTree["frame"][] {
  return [tree.frame, ...(tree.childFrames ?? []).flatMap(frames)];
}

function httpOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Local storage of each http(s) origin framed in one page, read through a DevTools session of ours. */
async function pageStorage(session: CDPSession, into: Map<string, Array<{ name: string; value: string }>>) {
  const { frameTree } = (await send(session, "Page.getFrameTree")) as { frameTree: FrameTree };
  for (const frame of frames(frameTree)) {
    const origin = httpOrigin(frame.url);
    if (!origin || into.has(origin)) continue;
    const { storageKey } = (await send(session, "Storage.getStorageKeyForFrame", { frameId: frame.id })) as {
      storageKey: string;
    };
    const { entries } = (await send(session, "DOMStorage.getDOMStorageItems", {
      storageId: { storageKey, isLocalStorage: true },
    })) as { entries: string[][] };
    into.set(
      origin,
      entries.map(([name, value]) => ({ name: name ?? "", value: value ?? "" })),
    );
  }
}

export async function readStorageState(
  browser: Browser,
  root: CDPSession,
  contextIds: readonly string[],
): Promise<StorageState> {
  const cookies = new Map<string, ProfileCookie>();
  for (const browserContextId of contextIds) {
    const { cookies: found } = (await send(root, "Storage.getCookies", { browserContextId })) as {
      cookies: CdpCookie[];
    };
    // The later context wins for the same cookie (name, domain and path): its login is the newer.
    for (const cookie of found) cookies.set(`${cookie.name}\n${cookie.domain}\n${cookie.path}`, toCookie(cookie));
  }
  const storage = new Map<string, Array<{ name: string; value: string }>>();
  const pages = browser
    .targets()
    .filter((t) => t.type() === "page" && contextIds.includes(t.browserContext().id ?? ""));
  for (const target of pages) {
    const session = await target.createCDPSession();
    try {
      await pageStorage(session, storage);
    } finally {
      await session.detach().catch(() => {});
    }
  }
  return {
    cookies: [...cookies.values()],
    origins: [...storage]
      .filter(([, items]) => items.length > 0)
      .map(([origin, localStorage]) => ({ origin, localStorage })),
  };
}
