"""Live browser sessions (CDP): a session's connect URL is what puppeteer's ``connect`` and
Playwright's ``connect_over_cdp`` take; the key never appears in it."""

from typing import Any, Dict, List
from urllib.parse import quote


class Sessions:
    def __init__(self, client: Any) -> None:
        self._c = client

    def create(self) -> Dict[str, Any]:
        """A session waiting for its client; its ``connectUrl`` works once, until ``expiresAt`` (a minute)."""
        return self._c._json("POST", "/v1/sessions")

    def list(self) -> List[Dict[str, Any]]:
        """The account's sessions, newest first (the latest 100)."""
        return self._c._json("GET", "/v1/sessions").get("sessions", [])

    def get(self, session_id: str) -> Dict[str, Any]:
        return self._c._json("GET", f"/v1/sessions/{quote(session_id, safe='')}")

    def delete(self, session_id: str) -> None:
        """Ends the session; its client sees the WebSocket close with code 4004."""
        self._c._send("DELETE", f"/v1/sessions/{quote(session_id, safe='')}")

    def connect_url(self) -> str:
        """A new session's single-use WebSocket URL, e.g. ``playwright.chromium.connect_over_cdp(url)``."""
        return self.create()["connectUrl"]
