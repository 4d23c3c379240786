"""A signed OG image URL for public HTML (og:image, <img src>), valid for a week.

GLANCE_BASE_URL=… GLANCE_KEY_ID=pk_live_… GLANCE_SIGNING_SECRET=… python3 signed_url.py "Page title"
"""

import os
import sys
import time

from glance import sign_url

print(
    sign_url(
        os.environ["GLANCE_BASE_URL"],
        "/v1/og",
        {"template": "default", "variables": {"title": sys.argv[1] if len(sys.argv) > 1 else "Hello world"}},
        key_id=os.environ["GLANCE_KEY_ID"],
        signing_secret=os.environ["GLANCE_SIGNING_SECRET"],
        expires=int(time.time()) + 7 * 24 * 3600,
    )
)
