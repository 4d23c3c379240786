/**
 * Delivers sign-in links (D12): over SMTP when EMAIL_SERVER is set; otherwise, on a localhost
 * APP_URL only, into the local inbox and the server log. A public deployment without SMTP has no
 * e-mail sign-in at all (see `emailSignInEnabled`): its links must never land in a log file.
 */
import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { addToDevInbox } from "@/lib/auth/dev-inbox";
import { signInMessage } from "@/lib/auth/message";
import { log } from "@/lib/log";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export class MailDeliveryError extends BrandedError {
  static readonly brand: string = "glance.MailDeliveryError";
  constructor() {
    super("The sign-in e-mail could not be sent.");
    this.name = "MailDeliveryError";
  }
}

export function emailSignInEnabled(): boolean {
  const e = env();
  return e.mode.mail === "smtp" || e.devInboxEnabled;
}

let transport: Transporter | undefined;

function smtp(): Transporter {
  transport ??= createTransport(env().EMAIL_SERVER!);
  return transport;
}

/** Only an error's kind: an SMTP error can quote the message, and a message can hold a link. */
function errorKind(error: unknown): { name: string; code?: string } {
  return { name: (error as Error).name, code: (error as { code?: string }).code };
}

/** Sends a mail that holds a link over SMTP; when it is not sent, logs `failure` and throws MailDeliveryError. */
async function sendLinkOverSmtp(
  to: string,
  message: { subject: string; text: string },
  failure: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  try {
    const info = await smtp().sendMail({ from: env().EMAIL_FROM, to, ...message });
    if (info.rejected.length > 0) throw new Error(`recipient rejected`);
  } catch (error) {
    log.error(failure, { ...fields, error: errorKind(error) });
    throw new MailDeliveryError();
  }
}

export async function deliverSignInLink(to: string, url: string, expires: Date): Promise<void> {
  const message = signInMessage(url, expires);
  const e = env();
  if (e.mode.mail === "smtp") {
    await sendLinkOverSmtp(to, message, "sign-in e-mail not sent");
    log.info("sign-in e-mail sent");
    return;
  }
  if (!e.devInboxEnabled) throw new MailDeliveryError();
  await addToDevInbox({ to, subject: message.subject, text: message.text, url, expiresAt: expires.toISOString() });
  // Deliberately logged: with no SMTP on a localhost APP_URL the server log is the mailbox (D12).
  log.info("sign-in link (local development: no EMAIL_SERVER set)", {
    to,
    signInLink: url,
    inbox: `${e.APP_URL}/dev/inbox`,
  });
}

/**
 * A mail that carries a link for one person (a workspace invitation, D28), by the sign-in mail's
 * own path: SMTP when configured, else the local inbox on a localhost APP_URL. Throws
 * MailDeliveryError when it cannot be sent, so the caller can say so.
 */
export async function deliverLinkMail(
  to: string,
  message: { subject: string; text: string; action: string },
  url: string,
  expires: Date,
): Promise<void> {
  const e = env();
  const { action, ...mail } = message;
  if (e.mode.mail === "smtp") {
    await sendLinkOverSmtp(to, mail, "link e-mail not sent", { subject: message.subject });
    return;
  }
  if (!e.devInboxEnabled) throw new MailDeliveryError();
  await addToDevInbox({ to, ...mail, linkText: action, url, expiresAt: expires.toISOString() });
  log.info("link e-mail (local development: no EMAIL_SERVER set)", { to, subject: message.subject, link: url });
}

/** How long a notice stays in the local inbox (its "link" is a dashboard page, which does not expire). */
const NOTICE_KEPT_IN_INBOX_MS = 30 * 86_400_000;

/**
 * A service notice (quota alerts, D18; monitor alerts, D27) through the same transport as sign-in
 * mail: SMTP when configured, else the local inbox on a localhost APP_URL (the embedded default),
 * its button `link`. Returns false when it could not be sent — always, on a public deployment
 * without SMTP.
 */
export async function deliverNotice(
  to: string,
  subject: string,
  text: string,
  link: { url: string; label: string } = { url: `${env().APP_URL}/dashboard`, label: "Open the dashboard" },
): Promise<boolean> {
  const e = env();
  if (e.mode.mail !== "smtp") {
    if (!e.devInboxEnabled) {
      log.info("notice not sent (no EMAIL_SERVER set)", { to, subject });
      return false;
    }
    const expiresAt = new Date(Date.now() + NOTICE_KEPT_IN_INBOX_MS).toISOString();
    await addToDevInbox({ to, subject, text, url: link.url, linkText: link.label, expiresAt });
    log.info("notice (local development: no EMAIL_SERVER set)", { to, subject, inbox: `${e.APP_URL}/dev/inbox` });
    return true;
  }
  try {
    const info = await smtp().sendMail({ from: e.EMAIL_FROM, to, subject, text });
    return info.rejected.length === 0;
  } catch (error) {
    log.error("notice e-mail not sent", { subject, error: errorKind(error) });
    return false;
  }
}

/** Whether notices (alerts) reach anyone: "smtp", "local-inbox" (the embedded default), or "off". */
export function noticeDelivery(): "smtp" | "local-inbox" | "off" {
  const e = env();
  return e.mode.mail === "smtp" ? "smtp" : e.devInboxEnabled ? "local-inbox" : "off";
}
