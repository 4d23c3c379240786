/**
 * The webhook verification code the docs show (D20), kept as text here so the page and the tests
 * use the same bytes: tests/integration/webhooks run each snippet on a real signed delivery, so a
 * snippet that stops verifying fails the build. Each defines `verifyWebhook(secret, headers, body)`
 * (Python: `verify_webhook`) that returns the parsed event or throws. No imports of ours: the docs page is a client-safe module.
 */

export const VERIFY_JAVASCRIPT = `import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = 5 * 60;

// secret: "whsec_…" from the dashboard; headers: the request's headers (lower-case names);
// body: the raw request body as a string, exactly as received (not re-serialised JSON).
export function verifyWebhook(secret, headers, body) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) throw new Error("missing webhook headers");
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= TOLERANCE_SECONDS)) throw new Error("webhook timestamp out of tolerance");

  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  const valid = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error("invalid webhook signature");
  return JSON.parse(body);
}
`;

export const VERIFY_PYTHON = `import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


# secret: "whsec_…" from the dashboard; headers: the request's headers (lower-case names);
# body: the raw request body as bytes, exactly as received (not re-serialised JSON).
def verify_webhook(secret: str, headers: dict, body: bytes) -> dict:
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise ValueError("missing webhook headers")
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("webhook timestamp out of tolerance")

    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(body)
    raise ValueError("invalid webhook signature")
`;
