"""Checks that need no server: the canonical form and webhook verification's refusals."""

import ast
import base64
import hashlib
import hmac
import json
import pathlib
import time
import unittest

from glance import WebhookVerificationError, canonical_query, sign_url, verify_webhook


class CanonicalForm(unittest.TestCase):
    def test_sorted_by_utf8_bytes_and_rfc3986_encoded(self):
        pairs = [("title", "a b+c/é"), ("b", "2"), ("b", "10"), ("signature", "x"), ("Z", "~")]
        self.assertEqual(canonical_query(pairs), "Z=~&b=10&b=2&title=a%20b%2Bc%2F%C3%A9")

    def test_sign_url_appends_key_id_expires_and_a_hex_signature(self):
        url = sign_url("https://glance.test/", "/v1/og", {"template": "default", "variables": {"title": "Hi"}},
                       key_id="pk_live_x", signing_secret="s", expires=1700000000)
        query = "expires=1700000000&key_id=pk_live_x&template=default&title=Hi"
        expected = hmac.new(b"s", f"/v1/og?{query}".encode(), hashlib.sha256).hexdigest()
        self.assertEqual(url, f"https://glance.test/v1/og?{query}&signature={expected}")

    def test_only_endpoints_that_take_signed_urls(self):
        with self.assertRaises(ValueError):
            sign_url("https://glance.test", "/v1/jobs", {}, key_id="k", signing_secret="s")


class WebhookRefusals(unittest.TestCase):
    secret = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()

    def sign(self, body: bytes, timestamp: int):
        key = base64.b64decode(self.secret[len("whsec_"):])
        mac = hmac.new(key, f"msg_1.{timestamp}.".encode() + body, hashlib.sha256).digest()
        return {"webhook-id": "msg_1", "webhook-timestamp": str(timestamp),
                "webhook-signature": "v1," + base64.b64encode(mac).decode()}

    def test_round_trip_and_refusals(self):
        body = json.dumps({"type": "webhook.test", "data": {}}).encode()
        headers = self.sign(body, int(time.time()))
        self.assertEqual(verify_webhook(self.secret, headers, body)["type"], "webhook.test")
        with self.assertRaisesRegex(WebhookVerificationError, "invalid webhook signature"):
            verify_webhook(self.secret, headers, body + b" ")
        with self.assertRaisesRegex(WebhookVerificationError, "out of tolerance"):
            verify_webhook(self.secret, self.sign(body, int(time.time()) - 3600), body)
        with self.assertRaisesRegex(WebhookVerificationError, "missing webhook headers"):
            verify_webhook(self.secret, {"webhook-id": "msg_1"}, body)


class Python39(unittest.TestCase):
    def test_every_module_parses_as_python_3_9(self):
        # pyproject.toml promises 3.9+; this machine runs a later Python, so its grammar is checked here.
        package = pathlib.Path(__file__).resolve().parent.parent / "glance"
        for module in sorted(package.glob("*.py")):
            with self.subTest(module=module.name):
                ast.parse(module.read_text(encoding="utf-8"), filename=str(module), feature_version=(3, 9))


if __name__ == "__main__":
    unittest.main()
