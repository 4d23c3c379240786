/** How a live session ends (D39), as its WebSocket close frame tells the client. */

/** Why a session ended, as the WebSocket close frame says it (codes 4000–4999 are the application's). */
export const CLOSE_REASONS = {
  client: { code: 1000, reason: "Closed by the client." },
  browserClose: { code: 1000, reason: "Browser.close: the session has ended." },
  maxLength: { code: 4001, reason: "The session reached its plan's maximum length." },
  idle: { code: 4002, reason: "The session was idle for longer than its plan allows." },
  revoked: { code: 4003, reason: "The API key was revoked or its member removed." },
  deleted: { code: 4004, reason: "The session was ended through the API." },
  browserGone: { code: 4005, reason: "The browser went away." },
  shutdown: { code: 1001, reason: "The server is shutting down." },
} as const;
export type CloseReason = keyof typeof CLOSE_REASONS;
