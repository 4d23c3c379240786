"""Verifying a webhook delivery (Standard Webhooks, as the server signs them).

The signed content is ``webhook-id.webhook-timestamp.body``; ``webhook-signature`` holds one or
more space-separated ``v1,<base64 HMAC-SHA256>`` (two while a rolled secret's predecessor still
signs), keyed with the base64-decoded part of the ``whsec_`` secret.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Mapping, Optional, Union

from .errors import WebhookVerificationError

#: Deliveries signed longer ago (or further ahead) than this are refused: a replay.
DEFAULT_TOLERANCE_SECONDS = 5 * 60


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def verify_webhook(
    secret: str,
    headers: Mapping[str, Any],
    body: Union[bytes, str],
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Checks a delivery and returns its parsed event; raises WebhookVerificationError otherwise.

    ``body`` must be the raw request body exactly as received, not re-serialised JSON.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook headers")
    if not timestamp.isdigit():
        raise WebhookVerificationError("invalid webhook timestamp")
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("webhook timestamp out of tolerance")

    raw = body.encode("utf-8") if isinstance(body, str) else body
    secret_part = secret[len("whsec_") :] if secret.startswith("whsec_") else secret
    try:
        key = base64.b64decode(secret_part, validate=True)
    except (binascii.Error, ValueError) as error:
        raise WebhookVerificationError("the secret is not a whsec_ base64 secret") from error
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode("utf-8") + raw, hashlib.sha256).digest()
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version != "v1":
            continue
        try:
            given = base64.b64decode(signature, validate=True)
        except (binascii.Error, ValueError):
            continue
        if hmac.compare_digest(given, expected):
            return json.loads(raw)
    raise WebhookVerificationError("invalid webhook signature")
