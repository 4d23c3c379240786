"""A webhook receiver on http.server that verifies each delivery before trusting it.

GLANCE_WEBHOOK_SECRET=whsec_… PORT=8080 python3 webhook_receiver.py
"""

import json
import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from glance import WebhookVerificationError, verify_webhook

SECRET = os.environ["GLANCE_WEBHOOK_SECRET"]


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        # The raw body, exactly as received: re-serialised JSON would not verify.
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            event = verify_webhook(SECRET, dict(self.headers.items()), body)
        except WebhookVerificationError as error:
            self.send_response(400)
            self.end_headers()
            self.wfile.write(str(error).encode())
            return
        print(f"{event['type']}: {json.dumps(event['data'])}", flush=True)
        self.send_response(204)
        self.end_headers()


HTTPServer(("", int(os.environ.get("PORT", "8080"))), Receiver).serve_forever()
