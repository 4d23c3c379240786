"""A screenshot, an Open Graph image and an error, with the SDK.

GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com python3 quickstart.py [page URL]
"""

import os
import sys

from glance import Glance, GlanceError

glance = Glance(api_key=os.environ["GLANCE_API_KEY"], base_url=os.environ.get("GLANCE_BASE_URL", "https://glance.example"))
page = sys.argv[1] if len(sys.argv) > 1 else "https://example.com"

shot = glance.screenshot(url=page, width=1280, height=800, format="png")
with open("screenshot.png", "wb") as f:
    f.write(shot.data)
print(f"screenshot.png: {len(shot.data)} bytes (cache {shot.cache})")

card = glance.og("default", {"title": "Made with the Glance SDK"})
with open("og.png", "wb") as f:
    f.write(card.data)
print(f"og.png: {len(card.data)} bytes")

try:
    glance.screenshot(url=page, width=99999)
except GlanceError as error:
    print(f"refused: {error.status} {error.code}")
