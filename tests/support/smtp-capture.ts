/**
 * A real SMTP listener for tests (no TLS, no auth) that hands every received message to
 * `onMessage`. The caller chooses where it listens and what it keeps.
 */
import { SMTPServer } from "smtp-server";

export interface CapturedSmtpMessage {
  /** Envelope recipients, as sent. */
  rcpt: string[];
  raw: string;
}

export function createSmtpCapture(onMessage: (message: CapturedSmtpMessage) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        onMessage({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
}
