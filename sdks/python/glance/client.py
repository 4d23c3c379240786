"""The API client: one method per operation, the key in X-API-Key, problem+json answers raised as
GlanceError, and 429/503 answers retried after their Retry-After. Standard library only (urllib)."""

from __future__ import annotations

import email.utils
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from ._operations import OPERATIONS
from ._query import query_pairs
from ._sessions import Sessions
from .errors import GlanceError

__version__ = "0.1.0"


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _options(operation: str, given: Mapping[str, Any]) -> Dict[str, Any]:
    """``given`` with each name as the API spells it (fullPage for full_page); unknown names refused."""
    names = OPERATIONS[operation]
    lookup = {name: name for name in names}
    lookup.update({_snake(name): name for name in names})
    out: Dict[str, Any] = {}
    for name, value in given.items():
        if name not in lookup:
            raise TypeError(f"{operation}: unknown option {name!r}")
        if value is not None:
            out[lookup[name]] = value
    return out


def _retry_after(value: Optional[str]) -> Optional[int]:
    if value is None:
        return None
    if value.strip().isdigit():
        return int(value.strip())
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, int(at - time.time() + 0.999))


@dataclass
class RenderedFile:
    """A rendered file: the bytes and what the answer's headers said about them."""

    data: bytes
    content_type: str
    #: X-Cache: "HIT" or "MISS".
    cache: Optional[str]
    request_id: Optional[str]
    headers: Dict[str, str] = field(default_factory=dict)


class Glance:
    """``Glance(api_key="sk_live_…", base_url="https://glance.example.com")``."""

    def __init__(
        self,
        api_key: str,
        base_url: str = "https://glance.example",
        max_retries: int = 2,
        max_retry_delay: float = 60.0,
        timeout: float = 180.0,
    ) -> None:
        if not api_key:
            raise ValueError("api_key is required")
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self._max_retries = max_retries
        self._max_retry_delay = max_retry_delay
        self._timeout = timeout
        self.jobs = _Jobs(self)
        self.monitors = _Monitors(self)
        self.crawls = _Crawls(self)
        self.sessions = Sessions(self)

    # -- transport ---------------------------------------------------------------------------

    def _send(
        self,
        method: str,
        path: str,
        query: Optional[List[Tuple[str, str]]] = None,
        body: Any = None,
    ) -> Tuple[int, Dict[str, str], bytes]:
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
        headers = {"X-API-Key": self._api_key, "User-Agent": f"glance-sdk-python/{__version__}"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self._timeout) as response:
                    return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
            except urllib.error.HTTPError as answer:
                error = self._error(answer)
            # 429 and 503 say "not now" and were not acted on: worth another try after their wait.
            wait = error.retry_after if error.retry_after is not None else 2**attempt
            if error.status not in (429, 503) or attempt >= self._max_retries or wait > self._max_retry_delay:
                raise error
            time.sleep(wait)
            attempt += 1

    @staticmethod
    def _error(answer: urllib.error.HTTPError) -> GlanceError:
        headers = {k.lower(): v for k, v in answer.headers.items()}
        text = answer.read().decode("utf-8", "replace")
        request_id = headers.get("x-request-id")
        retry_after = _retry_after(headers.get("retry-after"))
        if "json" in headers.get("content-type", ""):
            try:
                problem = json.loads(text)
            except ValueError:
                problem = None
            if isinstance(problem, dict) and isinstance(problem.get("code"), str):
                return GlanceError(answer.code, problem, request_id, retry_after)
        return GlanceError(answer.code, None, request_id, retry_after, text[:500] or None)

    def _json(self, method: str, path: str, query=None, body=None) -> Any:
        status, _, content = self._send(method, path, query, body)
        return None if status == 204 or not content else json.loads(content)

    def _file(self, method: str, path: str, query=None, body=None) -> RenderedFile:
        _, headers, content = self._send(method, path, query, body)
        return RenderedFile(
            data=content,
            content_type=headers.get("content-type", "application/octet-stream"),
            cache=headers.get("x-cache"),
            request_id=headers.get("x-request-id"),
            headers=headers,
        )

    # -- renders -----------------------------------------------------------------------------

    def screenshot(self, **options: Any) -> RenderedFile:
        """A capture of a page (``url``) or of HTML (``html``) as png, jpg, webp or pdf."""
        return self._file("POST", "/v1/screenshot", body=_options("screenshot", options))

    def screenshot_metadata(self, **options: Any) -> Dict[str, Any]:
        """The same capture, answered as JSON metadata with the stored file's URL."""
        return self._json("POST", "/v1/screenshot", body={**_options("screenshot", options), "response": "json"})

    def _og_query(self, template: str, variables: Optional[Mapping[str, Any]], options: Mapping[str, Any]):
        return query_pairs({"template": template, **_options("og", options), "variables": dict(variables or {})})

    def og(self, template: str, variables: Optional[Mapping[str, Any]] = None, **options: Any) -> RenderedFile:
        """An Open Graph image of ``template`` with its ``variables`` (Pro plan or higher)."""
        return self._file("GET", "/v1/og", self._og_query(template, variables, options))

    def og_metadata(self, template: str, variables: Optional[Mapping[str, Any]] = None, **options: Any):
        return self._json("GET", "/v1/og", self._og_query(template, variables, options) + [("response", "json")])

    def og_templates(self) -> Dict[str, Any]:
        return self._json("GET", "/v1/og/templates")

    def content(self, **options: Any) -> Dict[str, Any]:
        """A page as data: Markdown, HTML, text, links, metadata (the ``formats`` asked for)."""
        return self._json("POST", "/v1/content", body={**_options("content", options), "response": "json"})

    def animate(self, **options: Any) -> RenderedFile:
        """A recording of a page: mp4, webm or gif."""
        return self._file("POST", "/v1/animate", body=_options("animate", options))

    def animate_metadata(self, **options: Any) -> Dict[str, Any]:
        return self._json("POST", "/v1/animate", body={**_options("animate", options), "response": "json"})

    def diff(self, **options: Any) -> Dict[str, Any]:
        """A visual comparison of two captures (``compare_url``) or with a reference (``compare_to``)."""
        return self._json("POST", "/v1/diff", body=_options("diff", options))

    def map(self, **options: Any) -> Dict[str, Any]:
        """A site's URLs from its sitemaps and links, without rendering (costs no render)."""
        # A list (include, exclude) is comma-separated in a query.
        given = {k: ",".join(v) if isinstance(v, (list, tuple)) else v for k, v in _options("map", options).items()}
        return self._json("GET", "/v1/map", query_pairs(given))

    def usage(self) -> Dict[str, Any]:
        return self._json("GET", "/v1/usage")

    def connectors(self) -> Dict[str, Any]:
        """The workspace's connectors for private sites and their status (online, last seen, origins)."""
        return self._json("GET", "/v1/connectors")

    def download(self, url: str) -> RenderedFile:
        """A stored result by its URL (a job's ``resultUrl``, metadata's ``imageUrl``)."""
        path = urllib.parse.urlsplit(url).path
        if not path.startswith("/v1/files/"):
            raise ValueError(f"not a result file URL: {url}")
        return self._file("GET", path)


def _quoted(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class _Jobs:
    def __init__(self, client: Glance) -> None:
        self._c = client

    def create(self, endpoint: str, params: Mapping[str, Any], **options: Any) -> Dict[str, Any]:
        """Starts a render that may outlive an HTTP request; answered at once with the queued job."""
        if endpoint in ("screenshot", "content", "animate"):
            params = _options(endpoint, params)
        body = {**_options("job", options), "endpoint": endpoint, "params": dict(params)}
        return self._c._json("POST", "/v1/jobs", body=body)

    def get(self, job_id: str) -> Dict[str, Any]:
        return self._c._json("GET", f"/v1/jobs/{_quoted(job_id)}")

    def wait(self, job_id: str, interval: float = 1.0, timeout: float = 600.0) -> Dict[str, Any]:
        """Polls until the job has succeeded or failed and returns it (a failed job carries ``error``)."""
        until = time.monotonic() + timeout
        while True:
            job = self.get(job_id)
            if job["status"] in ("succeeded", "failed"):
                return job
            if time.monotonic() > until:
                raise TimeoutError(f"job {job_id} still {job['status']} after {timeout} s")
            time.sleep(interval)

    def create_batch(self, jobs: List[Mapping[str, Any]], **options: Any) -> Dict[str, Any]:
        return self._c._json("POST", "/v1/jobs/bulk", body={**_options("batch", options), "jobs": list(jobs)})

    def get_batch(self, batch_id: str) -> Dict[str, Any]:
        return self._c._json("GET", f"/v1/jobs/bulk/{_quoted(batch_id)}")


class _Monitors:
    def __init__(self, client: Glance) -> None:
        self._c = client

    def create(self, **options: Any) -> Dict[str, Any]:
        return self._c._json("POST", "/v1/monitors", body=_options("monitor_create", options))

    def list(self) -> List[Dict[str, Any]]:
        return self._c._json("GET", "/v1/monitors").get("monitors", [])

    def get(self, monitor_id: str) -> Dict[str, Any]:
        return self._c._json("GET", f"/v1/monitors/{_quoted(monitor_id)}")

    def update(self, monitor_id: str, **changes: Any) -> Dict[str, Any]:
        return self._c._json("PATCH", f"/v1/monitors/{_quoted(monitor_id)}", body=_options("monitor_update", changes))

    def delete(self, monitor_id: str) -> None:
        self._c._send("DELETE", f"/v1/monitors/{_quoted(monitor_id)}")

    def run(self, monitor_id: str) -> Dict[str, Any]:
        """Runs a monitor now; answered with the queued run."""
        return self._c._json("POST", f"/v1/monitors/{_quoted(monitor_id)}/run")

    def runs(self, monitor_id: str) -> List[Dict[str, Any]]:
        return self._c._json("GET", f"/v1/monitors/{_quoted(monitor_id)}/runs").get("runs", [])


class _Crawls:
    def __init__(self, client: Glance) -> None:
        self._c = client

    def start(self, **options: Any) -> Dict[str, Any]:
        """Starts crawling a site; answered at once with the crawl's id and status URL."""
        return self._c._json("POST", "/v1/crawl", body=_options("crawl", options))

    def get(self, crawl_id: str, cursor: Optional[str] = None, size: Optional[int] = None) -> Dict[str, Any]:
        """The crawl's state and a page of its ended pages (``cursor`` from the previous answer's ``next``)."""
        query = [(k, str(v)) for k, v in (("cursor", cursor), ("size", size)) if v is not None]
        return self._c._json("GET", f"/v1/crawl/{_quoted(crawl_id)}", query)

    def pages(self, crawl_id: str) -> List[Dict[str, Any]]:
        """Every ended page, following ``next`` to the end."""
        pages: List[Dict[str, Any]] = []
        cursor: Optional[str] = None
        while True:
            answer = self.get(crawl_id, cursor=cursor, size=500)
            pages.extend(answer.get("pages", []))
            if not answer.get("next"):
                return pages
            cursor = urllib.parse.parse_qs(urllib.parse.urlsplit(answer["next"]).query)["cursor"][0]

    def cancel(self, crawl_id: str) -> Dict[str, Any]:
        """Cancels it: pages not yet rendered are skipped, never charged."""
        return self._c._json("DELETE", f"/v1/crawl/{_quoted(crawl_id)}")
