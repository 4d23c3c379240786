/** The sign-in e-mail, identical whether it goes out over SMTP or into the local inbox. */

export interface SignInMessage {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function signInMessage(url: string, expires: Date, now = new Date()): SignInMessage {
  const minutes = Math.max(1, Math.round((expires.getTime() - now.getTime()) / 60_000));
  const validity = minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  const subject = "Your Glance sign-in link";
  const text = [
    "Sign in to Glance by opening this link:",
    "",
    url,
    "",
    `The link works once and expires in ${validity}.`,
    "If you did not ask for it, ignore this e-mail: nobody can sign in without the link.",
  ].join("\n");
  const href = escapeHtml(url);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Sign in to Glance</h1>
<p style="margin:0 0 24px;line-height:1.5">Click the button to sign in. The link works once and expires in ${escapeHtml(validity)}.</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Sign in</a></p>
<p style="margin:0;font-size:13px;color:#64748b;line-height:1.5">If you did not ask for this e-mail, ignore it: nobody can sign in without the link.</p>
</div></body></html>`;
  return { subject, text, html };
}
