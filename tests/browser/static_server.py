"""A plain local static web server, for the browser tests and the page-weight benchmark.

Python's ``http.server`` on a free local port, in a thread: no compression, ``Last-Modified``
headers, as the simplest static host serves a folder. It logs nothing, and says nothing when
the browser drops a download (a page closed while loading).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing when the browser drops a download (a page closed while loading)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def static_server(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free local port for the duration; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    httpd = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
