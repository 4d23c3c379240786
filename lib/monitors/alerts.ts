/**
 * Change alerts by e-mail (D27), through the service's mail path (lib/auth/mailer.ts: SMTP when
 * EMAIL_SERVER is set, else the local inbox on the embedded default, as sign-in mail). An alert is a row recorded in the transaction that ends the run, so it
 * commits with the run or not at all; it is sent right after, and again by any instance's sweep if
 * the sender died first or the server refused, at most MAX_ATTEMPTS times. A claim (one
 * conditional update) makes each attempt one instance's.
 */
import "server-only";
import type { PoolClient } from "pg";
import { deliverNotice, noticeDelivery } from "@/lib/auth/mailer";
import { getPool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

const MAX_ATTEMPTS = 5;
/** How long an attempt holds its row: longer than any SMTP conversation. */
const CLAIM_SECONDS = 120;

export interface ChangeAlert {
  monitorId: string;
  name: string | null;
  url: string;
  changedRatio: number;
  boxes: number;
  diffImageUrl: string;
  imageUrl: string;
  baselineImageUrl: string;
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.01 ? 3 : 2)} %`;
}

function alertMessage(alert: ChangeAlert): { subject: string; body: string } {
  const what = alert.name ?? alert.url;
  return {
    subject: `Glance: ${what.slice(0, 120)} changed (${percent(alert.changedRatio)})`,
    body: [
      `The page ${alert.url} changed: ${percent(alert.changedRatio)} of its pixels, in ${alert.boxes} region${alert.boxes === 1 ? "" : "s"}.`,
      `What changed (highlighted): ${alert.diffImageUrl}`,
      `Now: ${alert.imageUrl}`,
      `Before: ${alert.baselineImageUrl}`,
      `The monitor and its runs: ${env().APP_URL}/dashboard/monitors/${alert.monitorId}`,
    ].join("\n\n"),
  };
}

/** Records the alert of run `jobId` in the caller's transaction. */
export async function recordAlertEmail(
  client: PoolClient,
  jobId: string,
  to: string,
  alert: ChangeAlert,
): Promise<void> {
  const { subject, body } = alertMessage(alert);
  await client.query(
    `INSERT INTO monitor_alert_emails (job_id, recipient, subject, body) VALUES ($1, $2, $3, $4) ON CONFLICT (job_id) DO NOTHING`,
    [jobId, to, subject, body],
  );
}

interface AlertRow {
  job_id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  monitor_id: string | null;
}

/** One attempt at the alert of run `jobId`, if it is still to be sent and no one else holds it. */
export async function sendAlertEmail(jobId: string): Promise<void> {
  const pool = await getPool();
  const claimed = (
    await pool.query<AlertRow>(
      `UPDATE monitor_alert_emails SET attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2::double precision)
       WHERE job_id = $1 AND sent_at IS NULL AND failed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
       RETURNING job_id, recipient, subject, body, attempts, (SELECT monitor_id FROM jobs WHERE jobs.id = monitor_alert_emails.job_id) AS monitor_id`,
      [jobId, CLAIM_SECONDS],
    )
  ).rows[0];
  if (!claimed) return;
  if (noticeDelivery() === "off") {
    // Nothing can ever send it (no EMAIL_SERVER, and no local inbox off localhost): said once in the log rather than tried again.
    log.warn("monitor alert e-mail not sent: no EMAIL_SERVER", { jobId });
    await pool.query(`UPDATE monitor_alert_emails SET failed_at = now() WHERE job_id = $1`, [jobId]);
    return;
  }
  const sent = await deliverNotice(claimed.recipient, claimed.subject, claimed.body, {
    url: `${env().APP_URL}/dashboard/monitors/${claimed.monitor_id ?? ""}`,
    label: "Open the monitor",
  });
  if (sent) {
    await pool.query(`UPDATE monitor_alert_emails SET sent_at = now() WHERE job_id = $1`, [jobId]);
    log.info("monitor alert e-mail sent", { jobId });
    return;
  }
  const gaveUp = claimed.attempts >= MAX_ATTEMPTS;
  // Tried again after a minute per attempt made (the sweep looks every MONITOR_POLL_MS).
  await pool.query(
    gaveUp
      ? `UPDATE monitor_alert_emails SET failed_at = now() WHERE job_id = $1`
      : `UPDATE monitor_alert_emails SET claimed_until = now() + make_interval(mins => attempts) WHERE job_id = $1`,
    [jobId],
  );
  log.warn("monitor alert e-mail failed", { jobId, attempts: claimed.attempts, gaveUp });
}

/** The sweep: every alert still to send whose earlier attempt is over. */
export async function sendPendingAlertEmails(): Promise<void> {
  const { rows } = await (
    await getPool()
  ).query<{ job_id: string }>(
    `SELECT job_id FROM monitor_alert_emails WHERE sent_at IS NULL AND failed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY created_at LIMIT 20`,
  );
  for (const row of rows) await sendAlertEmail(row.job_id);
}
