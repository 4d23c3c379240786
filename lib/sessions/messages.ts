/** The shapes of CDP the session bridge reads (D39). */
import type { Params } from "./policy";

export interface TargetInfo {
  targetId: string;
  type: string;
  browserContextId?: string;
}

/** A command as a client sends it. */
export interface ClientMessage {
  id: number;
  method: string;
  params?: Params;
  sessionId?: string;
}
