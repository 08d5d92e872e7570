"""The preview page of ``samizdat watch``: an HTTP server on 127.0.0.1 only.

Routes: ``/`` the page (:file:`page.html`, which polls ``/state`` and redraws itself
when the version changes), ``/state`` the session's state as JSON (``?after=N`` waits
up to 10 s for a version after N), ``/image/<name>.png`` a card side, and ``POST
/shown`` where the page says which version it now shows and what it reads, once its
images have loaded; ``GET /shown`` gives that back with the seconds from each save to
the page showing it (what the benchmark measures, and what tests read of what a real
browser displayed).
"""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlparse

from compiler.watch.session import Session

HOST = "127.0.0.1"
IMAGE = re.compile(r"^/image/([0-9a-f]{20}\.png)$")
MAX_REPORT = 1 << 20        # what the page may post about itself


class Shown:
    """What the page last said it shows: its version, its text, when."""

    def __init__(self) -> None:
        self.version = -1
        self.text = ""
        self.at = 0.0
        self.latencies: list[float] = []       # seconds from a save to the page showing it
        self.lock = threading.Lock()


def page() -> bytes:
    return resources.files("compiler.watch").joinpath("page.html").read_bytes()


def make_server(session: Session, port: int = 0) -> tuple[ThreadingHTTPServer, Shown]:
    """A server for ``session`` on 127.0.0.1:``port`` (0: any free port), not started."""
    shown = Shown()
    body = page()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:   # noqa: A002 - quiet
            return

        def _send(self, status: int, kind: str, data: bytes, forever: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            # an image is named by its drawing: the same name is the same picture
            self.send_header("Cache-Control", "max-age=31536000, immutable" if forever
                             else "no-store")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            url = urlparse(self.path)
            if url.path == "/":
                self._send(200, "text/html; charset=utf-8", body)
                return
            if url.path == "/state":
                after = parse_qs(url.query).get("after", ["-1"])[0]
                wanted = int(after) if after.lstrip("-").isdigit() else -1
                with session.changed:
                    session.changed.wait_for(lambda: session.state.version > wanted,
                                             timeout=10)
                    data = session.state.as_json()
                self._send(200, "application/json", json.dumps(data).encode())
                return
            if url.path == "/shown":
                with shown.lock:
                    data = {"version": shown.version, "text": shown.text,
                            "latencies": shown.latencies[-100:]}
                self._send(200, "application/json", json.dumps(data).encode())
                return
            found = IMAGE.match(url.path)
            image = session.image(found.group(1)) if found else None
            if image is None:
                self._send(404, "text/plain", b"not found")
                return
            self._send(200, "image/png", image, forever=True)

        def do_POST(self) -> None:  # noqa: N802
            if urlparse(self.path).path != "/shown":
                self._send(404, "text/plain", b"not found")
                return
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_REPORT:
                self._send(413, "text/plain", b"too large")
                return
            try:
                said = json.loads(self.rfile.read(length))
                version, text = int(said["version"]), str(said["text"])
            except (ValueError, KeyError, TypeError):
                self._send(400, "text/plain", b"expected {version, text}")
                return
            now = time.time()
            with shown.lock:
                if version > shown.version:
                    state = session.state
                    if version == state.version and state.saved_at:
                        shown.latencies.append(now - state.saved_at)
                    shown.version, shown.text, shown.at = version, text, now
            self._send(204, "text/plain", b"")

    server = ThreadingHTTPServer((HOST, port), Handler)
    server.daemon_threads = True
    return server, shown
