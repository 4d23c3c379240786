"""Errors the SDK raises: API answers as GlanceError, refused webhooks as WebhookVerificationError."""

from __future__ import annotations

from typing import Any, Dict, Optional


class GlanceError(Exception):
    """An error answer of the API: its problem+json body (RFC 9457) with the stable ``code``.

    When something other than the API answered (a proxy's HTML page), ``code`` is ``"http_error"``.
    """

    def __init__(
        self,
        status: int,
        problem: Optional[Dict[str, Any]] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
        fallback_detail: Optional[str] = None,
    ) -> None:
        problem = problem or {}
        self.status = status
        self.code: str = problem.get("code") or "http_error"
        self.title: str = problem.get("title") or f"HTTP {status}"
        self.detail: str = problem.get("detail") or fallback_detail or f"HTTP {status}"
        #: The docs' link for this error (``/docs/errors#<code>``).
        self.type: Optional[str] = problem.get("type")
        #: X-Request-Id of the answer: quote it when asking for help.
        self.request_id = request_id
        #: Retry-After of the answer in seconds, when it had one.
        self.retry_after = retry_after
        #: The whole problem+json body (some errors add fields).
        self.problem = problem or None
        super().__init__(f"{status} {self.code}: {self.detail}")


class WebhookVerificationError(Exception):
    """A webhook whose headers, timestamp or signature do not verify."""
