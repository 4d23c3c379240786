/**
 * One live session (D39): a client's WebSocket on one side, the shared browser on the other.
 * The client believes it speaks to a whole browser; it speaks to a browser-target session of
 * ours, every command screened by policy.ts and every answer and event filtered so that only
 * its own browser contexts, targets and sessions exist for it. Its contexts are made by us with
 * the guard as their proxy (lib/net contextBoundary, exactly as a render's) and downloads
 * denied; when the socket closes, or the session reaches a limit, everything it made is closed.
 */
import type { Browser, BrowserContext, CDPSession } from "puppeteer-core";
import type { WebSocket } from "ws";
import { log } from "@/lib/log";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { type BridgeOptions, boundaryOf } from "./bridge-options";
import { browserTargetSession, isProtocolError, send } from "./cdp";
import { CLOSE_REASONS, type CloseReason } from "./close-reasons";
import { watchSessionPages } from "./page-network";
import type { ClientMessage, TargetInfo } from "./messages";
import { type Params, screenCommand, type SessionScope, type Verdict } from "./policy";
import { readStorageState } from "./storage-state";

/** Browser contexts one session may hold at once, its default included. */
const MAX_CONTEXTS = 8;

/** A refusal decided while carrying a command out: answered as a CDP error like the policy's. */
class SessionRefusal extends BrandedError {
  static readonly brand: string = "glance.SessionRefusal";
}

export class SessionBridge implements SessionScope {
  readonly primaryContextId: string;
  private readonly contexts = new Map<string, BrowserContext>();
  private readonly targets = new Set<string>();
  private readonly sessions = new Map<string, CDPSession>();
  private chain: Promise<void> = Promise.resolve();
  private contextsBeingMade = 0;
  private ended: CloseReason | undefined;
  private socket: WebSocket | undefined;
  private lastMessageAt = Date.now();
  private readonly endListeners: Array<(reason: CloseReason) => void> = [];
  /** The guard's token and the workspace's connectors (D42) answered on the session's pages. */
  private readonly guardCredentials: ReturnType<typeof watchSessionPages>;

  private constructor(
    private readonly browser: Browser,
    private readonly root: CDPSession,
    primary: BrowserContext,
    private readonly options: BridgeOptions,
  ) {
    this.guardCredentials = watchSessionPages(browser, (id) => this.contexts.has(id), {
      workspaceId: options.workspaceId,
      proxyCredentials: options.route?.credentials,
    });
    this.primaryContextId = primary.id!;
    this.contexts.set(this.primaryContextId, primary);
  }

  /** Makes the session's default context and its browser-target session; `connect` then starts relaying. */
  static async open(browser: Browser, options: BridgeOptions): Promise<SessionBridge> {
    const primary = await browser.createBrowserContext(await boundaryOf(options));
    let root: CDPSession;
    try {
      root = await browserTargetSession(browser);
      await send(root, "Browser.setDownloadBehavior", { behavior: "deny", browserContextId: primary.id });
    } catch (error) {
      await primary.close().catch(() => {});
      throw error;
    }
    return new SessionBridge(browser, root, primary, options);
  }

  get endReason(): CloseReason | undefined {
    return this.ended;
  }

  ownsContext(browserContextId: string): boolean {
    return this.contexts.has(browserContextId);
  }

  ownsSession(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  async ownsTarget(targetId: string): Promise<boolean> {
    if (this.targets.has(targetId)) return true;
    const info = await send(this.root, "Target.getTargetInfo", { targetId }).catch(() => undefined);
    const owned = this.ownsInfo((info as { targetInfo?: TargetInfo } | undefined)?.targetInfo);
    if (owned) this.targets.add(targetId);
    return owned;
  }

  private ownsInfo(info: TargetInfo | undefined): boolean {
    return Boolean(info?.browserContextId && this.contexts.has(info.browserContextId));
  }

  /** Relays between `socket` and the browser from now on; closing either end ends the session. */
  connect(socket: WebSocket): void {
    this.socket = socket;
    this.relayEvents(this.root, undefined);
    socket.on("message", (data) => {
      this.lastMessageAt = Date.now();
      this.chain = this.chain
        .then(() => this.onClientMessage(String(data)))
        .catch((error) => {
          log.warn("session message failed", { error });
        });
    });
    socket.on("close", () => void this.end("client"));
    socket.on("error", () => void this.end("client"));
    this.browser.once("disconnected", this.onBrowserGone);
  }

  private readonly onBrowserGone = () => void this.end("browserGone");
  /** Time since the client last sent anything (or an MCP tool used the session, `touch`). */
  idleMs(): number {
    return Date.now() - this.lastMessageAt;
  }
  touch(): void {
    this.lastMessageAt = Date.now();
  }
  /** The default context: where an MCP browsing session's page lives (D43). */
  primaryContext(): BrowserContext {
    return this.contexts.get(this.primaryContextId)!;
  }
  /** Its cookies and open origins' local storage, for a profile (D43). */
  storageState() {
    return readStorageState(this.browser, this.root, [...this.contexts.keys()]);
  }

  onEnd(listener: (reason: CloseReason) => void): void {
    this.endListeners.push(listener);
  }

  private write(message: object): void {
    const socket = this.socket;
    if (socket?.readyState === socket?.OPEN) socket?.send(JSON.stringify(message));
  }

  private async onClientMessage(raw: string): Promise<void> {
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      return; // not CDP: Chromium ignores such frames too
    }
    if (typeof message.id !== "number" || typeof message.method !== "string" || this.ended) return;
    const { id, method, sessionId } = message;
    const params = message.params ?? {};
    const reply = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      this.write({ id, ...body, ...(sessionId ? { sessionId } : {}) });
    const session = sessionId === undefined ? this.root : this.sessions.get(sessionId);
    if (!session) return reply({ error: { code: -32001, message: `Session with given id not found.` } });
    const verdict = await screenCommand(method, params, this, sessionId === undefined);
    if (verdict.action === "refuse") return reply({ error: { code: -32000, message: verdict.message } });
    // Not awaited: commands are sent in order, their answers come back whenever Chromium gives them.
    void this.carryOut(verdict, session, method).then(
      (result) => reply({ result: this.filterResult(method, result) }),
      (error: unknown) =>
        reply({
          error: isProtocolError(error)
            ? { code: error.code ?? -32000, message: error.originalMessage }
            : error instanceof SessionRefusal
              ? { code: -32000, message: error.message }
              : { code: -32001, message: "Session closed." },
        }),
    );
    if (verdict.action === "end-session") setImmediate(() => void this.end("browserClose"));
  }

  private async carryOut(verdict: Exclude<Verdict, { action: "refuse" }>, session: CDPSession, method: string) {
    switch (verdict.action) {
      case "forward": {
        const result = await send(session, method, verdict.params, this.options.commandTimeoutMs);
        // A new page reaches the client once it can get past the guard.
        if (method === "Target.createTarget")
          await this.guardCredentials.ready((result as { targetId: string }).targetId);
        return result;
      }
      case "answer":
        return verdict.result;
      case "end-session":
        return {};
      case "create-context": {
        if (this.contexts.size + this.contextsBeingMade >= MAX_CONTEXTS) {
          throw new SessionRefusal(`A session has at most ${MAX_CONTEXTS} browser contexts.`);
        }
        this.contextsBeingMade++;
        const context = await boundaryOf(this.options)
          .then((boundary) => this.browser.createBrowserContext(boundary))
          .finally(() => this.contextsBeingMade--);
        if (this.ended) {
          await context.close().catch(() => {}); // the session ended meanwhile: nothing of it stays
          throw new SessionRefusal("The session has ended.");
        }
        this.contexts.set(context.id!, context);
        await send(this.root, "Browser.setDownloadBehavior", { behavior: "deny", browserContextId: context.id });
        return { browserContextId: context.id };
      }
      case "dispose-context": {
        const context = this.contexts.get(verdict.browserContextId);
        this.contexts.delete(verdict.browserContextId);
        await context?.close();
        return {};
      }
    }
  }

  /** Answers that list the browser's contexts or targets list this session's only. */
  private filterResult(method: string, result: unknown): unknown {
    if (method === "Target.getBrowserContexts") {
      // The primary context is presented as the browser's default one, which is never listed.
      return { browserContextIds: [...this.contexts.keys()].filter((id) => id !== this.primaryContextId) };
    }
    if (method === "Target.getTargets") {
      const infos = (result as { targetInfos?: TargetInfo[] }).targetInfos ?? [];
      return { targetInfos: infos.filter((info) => info.type === "browser" || this.ownsInfo(info)) };
    }
    return result;
  }

  /** Relays `session`'s events to the client under `sessionId` (undefined: the browser session). */
  private relayEvents(session: CDPSession, sessionId: string | undefined): void {
    session.on(
      "*" as never,
      ((method: unknown, params: Params) => {
        if (typeof method !== "string" || !method.includes(".")) return; // puppeteer's own events
        const event = this.screenEvent(method, params ?? {}, sessionId);
        if (event) this.write({ method, params: event, ...(sessionId ? { sessionId } : {}) });
      }) as never,
    );
  }

  /** The event as the client may see it, or undefined when it concerns something not its own. */
  private screenEvent(method: string, params: Params, sessionId: string | undefined): Params | undefined {
    const info = params.targetInfo as TargetInfo | undefined;
    switch (method) {
      case "Target.targetCreated":
      case "Target.targetInfoChanged":
        if (info?.type === "browser") return params;
        if (!this.ownsInfo(info)) return undefined;
        this.targets.add(info!.targetId);
        return params;
      case "Target.targetDestroyed":
      case "Target.targetCrashed": {
        const targetId = String(params.targetId);
        if (!this.targets.has(targetId)) return undefined;
        if (method === "Target.targetDestroyed") this.targets.delete(targetId);
        return params;
      }
      case "Target.attachedToTarget":
        return this.onAttached(params, info);
      case "Target.detachedFromTarget": {
        const child = String(params.sessionId);
        if (!this.sessions.delete(child)) return undefined;
        return params;
      }
      case "Target.receivedMessageFromTarget":
        return undefined;
      default:
        // The browser session's other events (downloads, …) are about the whole browser.
        return sessionId === undefined && !method.startsWith("Target.") ? undefined : params;
    }
  }

  private onAttached(params: Params, info: TargetInfo | undefined): Params | undefined {
    const childId = String(params.sessionId);
    const child = this.root.connection()?.session(childId);
    if (!child) return undefined;
    if (!this.ownsInfo(info)) {
      // Auto-attach reaches every target of the browser: another session's or a render's target
      // is let go at once (and resumed, should it be waiting for a debugger), never shown.
      void send(child, "Runtime.runIfWaitingForDebugger")
        .catch(() => {})
        .finally(() => void send(this.root, "Target.detachFromTarget", { sessionId: childId }).catch(() => {}));
      return undefined;
    }
    this.targets.add(info!.targetId);
    this.sessions.set(childId, child);
    this.relayEvents(child, childId);
    return params;
  }

  /** Ends the session: closes every context it made (and with them its pages), then the socket. */
  async end(reason: CloseReason): Promise<void> {
    if (this.ended) return;
    this.ended = reason;
    const { code, reason: text } = CLOSE_REASONS[reason];
    if (this.socket?.readyState === this.socket?.OPEN) this.socket?.close(code, text);
    this.guardCredentials.stop();
    this.options.route?.close();
    this.browser.off("disconnected", this.onBrowserGone);
    await this.root.detach().catch(() => {});
    await Promise.allSettled([...this.contexts.values()].map((context) => context.close()));
    this.contexts.clear();
    for (const listener of this.endListeners) listener(reason);
  }
}
