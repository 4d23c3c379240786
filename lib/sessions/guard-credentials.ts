/**
 * When the guard proxy asks for its token (NET_GUARD_TOKEN: a guard that remote browsers reach
 * beyond loopback, D16), a session's pages must answer it as a render's do (lib/net
 * answerGuardChallenge), without the client ever seeing the token. A session of ours on each of
 * the session's pages answers the proxy's challenge and lets every other request go on; the
 * client's own interception (Fetch on its sessions) is untouched.
 */
import type { Browser, CDPSession, Target } from "puppeteer-core";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { send } from "./cdp";

/** How long a new target may take to be reported before the client gets it anyway. */
const REPORT_WAIT_MS = 2_000;

async function answerOn(session: CDPSession, token: string): Promise<void> {
  session.on("Fetch.requestPaused", ({ requestId }) => {
    void send(session, "Fetch.continueRequest", { requestId }).catch(() => {});
  });
  session.on("Fetch.authRequired", ({ requestId, authChallenge }) => {
    const response =
      authChallenge.source === "Proxy"
        ? { response: "ProvideCredentials", username: "glance", password: token }
        : { response: "Default" };
    void send(session, "Fetch.continueWithAuth", { requestId, authChallengeResponse: response }).catch(() => {});
  });
  await send(session, "Fetch.enable", { handleAuthRequests: true, patterns: [{ urlPattern: "*" }] });
}

/**
 * Starts answering the guard's challenge on every page target of the contexts `owns` names, from
 * now until the returned stop function is called; nothing when the guard has no token.
 * `ready(targetId)` resolves once a page is answered (a new target is handed to the client then).
 */
export function answerGuardForPages(
  browser: Browser,
  owns: (browserContextId: string) => boolean,
): { ready(targetId: string): Promise<void>; stop(): void } {
  const token = env().NET_GUARD_TOKEN;
  if (!token) return { ready: () => Promise.resolve(), stop: () => {} };
  const answered = new Map<string, Promise<void>>();
  const waiting = new Map<string, () => void>();
  const onTarget = (target: Target) => {
    const contextId = target.browserContext().id;
    if (target.type() !== "page" || !contextId || !owns(contextId)) return;
    const targetId = (target as unknown as { _targetId: string })._targetId;
    const setUp = target
      .createCDPSession()
      .then((session) => answerOn(session, token))
      .catch((error: unknown) => log.warn("session page: guard credentials not set", { error }));
    answered.set(targetId, setUp);
    waiting.get(targetId)?.();
  };
  browser.on("targetcreated", onTarget);
  return {
    ready: async (targetId) => {
      // Puppeteer reports the target just after Chromium answers Target.createTarget.
      if (!answered.has(targetId)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, REPORT_WAIT_MS);
          waiting.set(targetId, () => (clearTimeout(timer), resolve()));
        });
        waiting.delete(targetId);
      }
      await answered.get(targetId);
    },
    stop: () => void browser.off("targetcreated", onTarget),
  };
}
