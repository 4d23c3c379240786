"""Signed URLs (the server's D15): usable in an ``<img src>`` or ``og:image`` without the API key.

The canonical form is the server's (lib/signing/canonical-query.ts):

1. the query's name/value pairs, without ``signature`` (``key_id`` and ``expires`` are signed);
2. sorted by name, then value, comparing UTF-8 bytes;
3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
4. the string to sign is ``<path>?<name=value&...>``;
5. signature = lower-case hex HMAC-SHA256 under the key's signing secret.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from typing import Any, Iterable, List, Mapping, Optional, Tuple, Union
from urllib.parse import quote

from ._query import query_pairs

SIGNABLE_PATHS = ("/v1/screenshot", "/v1/og", "/v1/content", "/v1/animate")


def _encode(text: str) -> str:
    return quote(text, safe="-._~")


def canonical_query(pairs: Iterable[Tuple[str, str]]) -> str:
    """The canonical query of ``pairs`` (steps 1-3)."""
    kept = [(n, v) for n, v in pairs if n != "signature"]
    kept.sort(key=lambda p: (p[0].encode("utf-8"), p[1].encode("utf-8")))
    return "&".join(f"{_encode(n)}={_encode(v)}" for n, v in kept)


def sign_url(
    base_url: str,
    path: str,
    params: Mapping[str, Any],
    key_id: str,
    signing_secret: str,
    expires: Optional[Union[int, datetime]] = None,
) -> str:
    """A signed URL: ``<base_url><path>?<canonical query>&signature=<hex>``.

    ``params`` are the endpoint's parameters as the API spells them; for ``/v1/og`` the template's
    variables go in ``variables`` (a dict) or beside ``template``. ``expires``: a datetime or unix
    seconds after which the URL stops working; leave it out for a URL that does not expire.
    """
    if path not in SIGNABLE_PATHS:
        raise ValueError(f"signed URLs are for {', '.join(SIGNABLE_PATHS)}, not {path}")
    pairs: List[Tuple[str, str]] = [
        (n, v) for n, v in query_pairs(params) if n not in ("key_id", "expires", "signature")
    ]
    pairs.append(("key_id", key_id))
    if expires is not None:
        seconds = int(expires.timestamp()) if isinstance(expires, datetime) else int(expires)
        pairs.append(("expires", str(seconds)))
    canonical = canonical_query(pairs)
    signature = hmac.new(
        signing_secret.encode("utf-8"), f"{path}?{canonical}".encode("utf-8"), hashlib.sha256
    ).hexdigest()
    return f"{base_url.rstrip('/')}{path}?{canonical}&signature={signature}"
