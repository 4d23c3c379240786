"""Glance's Python SDK (standard library only): the client, signed URLs and webhook verification."""

from .client import Glance, RenderedFile, __version__
from .errors import GlanceError, WebhookVerificationError
from .signing import canonical_query, sign_url
from .webhooks import verify_webhook

__all__ = [
    "Glance",
    "GlanceError",
    "RenderedFile",
    "WebhookVerificationError",
    "__version__",
    "canonical_query",
    "sign_url",
    "verify_webhook",
]
