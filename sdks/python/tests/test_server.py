"""The SDK against the real API: tests/integration/sdks/python.test.ts starts it (real Chromium,
PostgreSQL, a real webhook delivery) and runs this module with GLANCE_TEST_CONFIG naming a JSON
file of what it set up. Run alone, it fails: there is no server to test against."""

import base64
import json
import os
import pathlib
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from glance import Glance, GlanceError, WebhookVerificationError, sign_url, verify_webhook


def setUpModule():
    global C
    path = os.environ.get("GLANCE_TEST_CONFIG")
    if not path:
        raise RuntimeError("GLANCE_TEST_CONFIG is not set: run through tests/integration/sdks/python.test.ts")
    with open(path, encoding="utf-8") as f:
        C = json.load(f)


def png_size(data: bytes):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError("not a PNG")
    return struct.unpack(">II", data[16:24])


class Client(unittest.TestCase):
    def setUp(self):
        self.glance = Glance(C["api_key"], base_url=C["base_url"])

    def test_screenshot_and_cache(self):
        options = dict(url=C["fixture"] + "/basic.html?sdk-py", width=640, height=400, full_page=False)
        first = self.glance.screenshot(**options)
        self.assertEqual(first.content_type, "image/png")
        self.assertEqual(png_size(first.data), (640, 400))
        self.assertEqual(first.cache, "MISS")
        self.assertEqual(self.glance.screenshot(**options).cache, "HIT")
        meta = self.glance.screenshot_metadata(**options)
        self.assertEqual((meta["width"], meta["height"], meta["format"]), (640, 400, "png"))
        self.assertEqual(png_size(self.glance.download(meta["imageUrl"]).data), (640, 400))

    def test_unknown_option_refused_before_sending(self):
        with self.assertRaisesRegex(TypeError, "unknown option 'fullpage'"):
            self.glance.screenshot(url=C["fixture"] + "/basic.html", fullpage=True)

    def test_og(self):
        image = self.glance.og("default", {"title": "Hello from Python"})
        self.assertEqual(png_size(image.data), (1200, 630))
        meta = self.glance.og_metadata("default", {"title": "Hello from Python"}, format="webp")
        self.assertEqual((meta["template"], meta["format"]), ("default", "webp"))

    def test_content(self):
        result = self.glance.content(url=C["fixture"] + "/content-article.html", formats=["markdown"])
        self.assertRegex(result["markdown"], r"(?m)^# ")

    def test_job_wait_and_usage(self):
        job = self.glance.jobs.create("screenshot", {"url": C["fixture"] + "/basic.html?sdk-py-job", "width": 320,
                                                     "height": 240})
        done = self.glance.jobs.wait(job["id"], interval=0.2)
        self.assertEqual(done["status"], "succeeded")
        self.assertEqual(png_size(self.glance.download(done["resultUrl"]).data), (320, 240))
        self.assertGreaterEqual(self.glance.usage()["renders"]["used"], 1)
        self.assertEqual(self.glance.connectors()["connectors"], [])

    def test_animate_diff_and_batch(self):
        gif = self.glance.animate(url=C["fixture"] + "/basic.html?sdk-py-gif", format="gif", duration=2000, fps=5,
                                  width=320, height=240)
        self.assertEqual((gif.content_type, gif.data[:4]), ("image/gif", b"GIF8"))
        same = self.glance.diff(url=C["fixture"] + "/basic.html?sdk-py-a", compare_url=C["fixture"] + "/basic.html?sdk-py-b",
                                width=320, height=240)
        self.assertEqual((same["width"], same["changedPixels"], same["boxes"]), (320, 0, []))
        batch = self.glance.jobs.create_batch(
            [{"endpoint": "og", "params": {"template": "default", "title": f"Batch {n}"}} for n in (1, 2)])
        self.assertEqual(batch["size"], 2)
        for _ in range(300):
            finished = self.glance.jobs.get_batch(batch["id"])
            if finished["status"] == "finished":
                break
            time.sleep(0.2)
        self.assertEqual((finished["counts"]["succeeded"], finished["counts"]["failed"]), (2, 0))

    def test_monitors(self):
        monitor = self.glance.monitors.create(url=C["fixture"] + "/basic.html?sdk-py-monitor", interval=3600,
                                              paused=True)
        self.assertIn(monitor["id"], [m["id"] for m in self.glance.monitors.list()])
        self.assertEqual(self.glance.monitors.update(monitor["id"], name="Py watch")["name"], "Py watch")
        self.glance.monitors.delete(monitor["id"])
        with self.assertRaises(GlanceError) as caught:
            self.glance.monitors.get(monitor["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "monitor_not_found"))

    def test_map_and_crawls(self):
        urls = self.glance.map(url=C["fixture"] + "/content-article.html", sitemap="skip")["urls"]
        self.assertIn(C["fixture"] + "/topics", urls)
        started = self.glance.crawls.start(url=C["fixture"] + "/content-article.html?sdk-py-crawl", depth=0,
                                           sitemap="skip")
        for _ in range(300):
            if self.glance.crawls.get(started["id"])["status"] != "running":
                break
            time.sleep(0.2)
        pages = self.glance.crawls.pages(started["id"])
        self.assertEqual([page["status"] for page in pages], ["completed"])
        self.assertGreater(len(pages[0]["markdown"]), 100)
        with self.assertRaises(GlanceError) as caught:
            self.glance.crawls.get("crawl_000000000000000000000000")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "crawl_not_found"))

    def test_sessions(self):
        url = self.glance.sessions.connect_url()
        parts = urllib.parse.urlsplit(url)
        self.assertEqual((parts.scheme, parts.path), ("ws", "/v1/browser"))
        session_id = urllib.parse.parse_qs(parts.query)["session"][0]
        # A WebSocket handshake on the URL, as a CDP client opens it: the server switches protocols.
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as conn:
            key = base64.b64encode(os.urandom(16)).decode()
            conn.sendall((f"GET {parts.path}?{parts.query} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                          f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n").encode())
            self.assertTrue(conn.recv(4096).startswith(b"HTTP/1.1 101"))
            self.assertEqual(self.glance.sessions.get(session_id)["status"], "live")
            self.assertIn(session_id, [s["id"] for s in self.glance.sessions.list()])
            self.glance.sessions.delete(session_id)
            for _ in range(100):
                if self.glance.sessions.get(session_id)["status"] == "ended":
                    break
                time.sleep(0.1)
        self.assertEqual(self.glance.sessions.get(session_id)["endReason"], "deleted")
        with self.assertRaises(GlanceError) as caught:
            self.glance.sessions.get("bs_0000000000000000")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "session_not_found"))


class Errors(unittest.TestCase):
    def test_problem_json_is_a_glance_error(self):
        with self.assertRaises(GlanceError) as caught:
            Glance("sk_live_" + "x" * 32, base_url=C["base_url"]).screenshot(url=C["fixture"] + "/basic.html")
        e = caught.exception
        self.assertEqual((e.status, e.code, e.detail), (401, "invalid_api_key", "Invalid or revoked API key."))
        self.assertTrue(e.request_id)
        self.assertEqual(e.type, C["base_url"] + "/docs/errors#invalid_api_key")

        with self.assertRaises(GlanceError) as caught:
            Glance(C["api_key"], base_url=C["base_url"]).screenshot(url=C["fixture"] + "/basic.html", width=99999)
        self.assertEqual((caught.exception.status, caught.exception.code), (400, "parameter_out_of_range"))

        with self.assertRaises(GlanceError) as caught:
            Glance(C["free_api_key"], base_url=C["base_url"]).og("default", {"title": "x"})
        self.assertEqual((caught.exception.status, caught.exception.code), (403, "plan_upgrade_required"))

    def test_renderer_busy_retried_after_retry_after(self):
        glance = Glance(C["api_key"], base_url=C["base_url"])
        # The one renderer slot, held by a page whose server answers after 5 s.
        busy = threading.Thread(target=glance.screenshot,
                                kwargs=dict(url=C["fixture"] + "/slow.html?ms=5000&sdk-py-busy", width=320, height=240))
        busy.start()
        quick = dict(width=300, height=200, timeout=4000)
        impatient = Glance(C["api_key"], base_url=C["base_url"], max_retries=0)
        # Until the slow page holds the slot a request goes through (each with a new URL, so none
        # is a cache hit); once it does, one without retries is refused.
        deadline = time.monotonic() + 4
        for attempt in range(100):
            try:
                impatient.screenshot(url=f"{C['fixture']}/basic.html?sdk-py-early-{attempt}", **quick)
            except GlanceError as error:
                refused = error
                break
            if time.monotonic() > deadline:
                self.fail("the renderer never became busy")
            time.sleep(0.1)
        self.assertEqual((refused.status, refused.code), (503, "renderer_busy"))
        self.assertGreaterEqual(refused.retry_after, 1)
        quick["url"] = C["fixture"] + "/basic.html?sdk-py-retry"
        started = time.monotonic()
        shot = Glance(C["api_key"], base_url=C["base_url"], max_retries=8).screenshot(**quick)
        self.assertEqual(png_size(shot.data), (300, 200))
        self.assertGreaterEqual(time.monotonic() - started, 1)
        busy.join()


class SignedUrls(unittest.TestCase):
    def sign(self, **kwargs):
        return sign_url(C["base_url"], key_id=C["key_id"], signing_secret=C["signing_secret"], **kwargs)

    def test_signs_as_the_server_does(self):
        example = C["server_signed"]
        ours = self.sign(path="/v1/og", params=example["params"], expires=example["expires"])
        self.assertEqual(ours.rsplit("signature=", 1)[1], example["url"].rsplit("signature=", 1)[1])

    def test_accepted_and_tampered_refused(self):
        url = self.sign(path="/v1/og", params={"template": "default", "variables": {"title": "Signed by Python"}},
                        expires=int(time.time()) + 600)
        with urllib.request.urlopen(url) as response:
            self.assertEqual((response.status, response.headers["content-type"]), (200, "image/png"))
        tampered = url.replace("Signed%20by%20Python", "Signed%20by%20someone%20else")
        self.assertNotEqual(tampered, url)
        with self.assertRaises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(tampered)
        self.assertEqual(caught.exception.code, 403)
        self.assertEqual(json.loads(caught.exception.read())["code"], "invalid_signature")


class Webhooks(unittest.TestCase):
    def test_real_delivery_verifies_and_tampering_is_refused(self):
        hook = C["webhook"]
        body = hook["body"].encode("utf-8")
        event = verify_webhook(hook["secret"], hook["headers"], body)
        self.assertEqual(event["type"], "job.succeeded")
        self.assertEqual(event["data"]["id"], hook["job_id"])
        with self.assertRaisesRegex(WebhookVerificationError, "invalid webhook signature"):
            verify_webhook(hook["secret"], hook["headers"], body.replace(b"succeeded", b"failed"))
        stale = dict(hook["headers"], **{"webhook-timestamp": str(int(time.time()) - 3600)})
        with self.assertRaisesRegex(WebhookVerificationError, "out of tolerance"):
            verify_webhook(hook["secret"], stale, body)


EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


class Examples(unittest.TestCase):
    """The examples run as a customer would: a script with its settings in the environment."""

    def run_example(self, name, *args, cwd=None, **env):
        environment = dict(os.environ, PYTHONPATH=str(EXAMPLES.parent), GLANCE_BASE_URL=C["base_url"], **env)
        done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], cwd=cwd, env=environment,
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_quickstart(self):
        with tempfile.TemporaryDirectory() as folder:
            out = self.run_example("quickstart.py", C["fixture"] + "/basic.html?py-example", cwd=folder,
                                   GLANCE_API_KEY=C["api_key"])
            self.assertRegex(out, r"screenshot\.png: \d+ bytes \(cache MISS\)")
            self.assertIn("refused: 400 parameter_out_of_range", out)
            self.assertEqual(png_size(pathlib.Path(folder, "screenshot.png").read_bytes()), (1280, 800))
            self.assertEqual(png_size(pathlib.Path(folder, "og.png").read_bytes()), (1200, 630))

    def test_signed_url(self):
        out = self.run_example("signed_url.py", "From the Python example", GLANCE_KEY_ID=C["key_id"],
                               GLANCE_SIGNING_SECRET=C["signing_secret"])
        with urllib.request.urlopen(out.strip()) as response:
            self.assertEqual((response.status, response.headers["content-type"]), (200, "image/png"))

    def test_webhook_receiver(self):
        hook = C["webhook"]
        port = C["example_port"]
        environment = dict(os.environ, PYTHONPATH=str(EXAMPLES.parent), GLANCE_WEBHOOK_SECRET=hook["secret"],
                           PORT=str(port), PYTHONUNBUFFERED="1")
        child = subprocess.Popen([sys.executable, str(EXAMPLES / "webhook_receiver.py")], env=environment,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        headers = {k: v for k, v in hook["headers"].items() if k not in ("content-length", "host", "connection")}

        def post(body: bytes) -> int:
            for _ in range(100):
                request = urllib.request.Request(f"http://127.0.0.1:{port}/", data=body, headers=headers,
                                                 method="POST")
                try:
                    with urllib.request.urlopen(request) as response:
                        return response.status
                except urllib.error.HTTPError as error:
                    return error.code
                except urllib.error.URLError:
                    time.sleep(0.1)  # not listening yet
            raise AssertionError("the example receiver never listened")

        try:
            self.assertEqual(post(hook["body"].encode()), 204)
            self.assertEqual(post(hook["body"].replace('"succeeded"', '"failed"').encode()), 400)
        finally:
            child.terminate()
            out, _ = child.communicate(timeout=10)
        self.assertIn(f'job.succeeded: {{"id": "{hook["job_id"]}"', out)


if __name__ == "__main__":
    unittest.main()
