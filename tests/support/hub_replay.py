"""A local HTTP server that replays recorded Hugging Face hub responses (the hub cannot be reached here)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlparse

from support.paths import DATA

RECORDED = DATA / "hub"
COMMIT = "0123456789abcdef0123456789abcdef01234567"


class _Replay(BaseHTTPRequestHandler):
    requests: list[str] = []
    failures_left: dict[str, int] = {}

    def log_message(self, *args) -> None:
        pass

    def _send(self, status: int, body: bytes, content_type: str, head_only: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("ETag", '"' + str(abs(hash(body))) + '"')
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def _route(self, head_only: bool) -> None:
        path = unquote(urlparse(self.path).path)
        type(self).requests.append(f"{self.command} {path}")
        if type(self).failures_left.get(path, 0) > 0:
            type(self).failures_left[path] -= 1
            self._send(503, b'{"error": "busy"}', "application/json", head_only)
            return
        if path == "/api/models":
            self._send(200, (RECORDED / "list_models.json").read_bytes(), "application/json", head_only)
        elif path.startswith("/api/models/"):
            model_id = path[len("/api/models/"):].split("/revision/")[0]
            self._file(f"model_info_{model_id.replace('/', '__')}.json", "application/json", head_only)
        elif path.endswith("/resolve/main/README.md"):
            model_id = path.strip("/").rsplit("/resolve/", 1)[0]
            self._file(f"README_{model_id.replace('/', '__')}.md", "text/markdown", head_only)
        else:
            self._send(404, b'{"error": "not recorded"}', "application/json", head_only)

    def _file(self, name: str, content_type: str, head_only: bool) -> None:
        path = RECORDED / name
        if path.exists():
            self._send(200, path.read_bytes(), content_type, head_only)
        else:
            self._send(404, json.dumps({"error": f"{name} not recorded"}).encode(), "application/json", head_only)

    def do_GET(self) -> None:
        self._route(head_only=False)

    def do_HEAD(self) -> None:
        self._route(head_only=True)


class HubReplay:
    """`with HubReplay() as hub:` gives `hub.endpoint` on 127.0.0.1 and the list of requests it saw."""

    def __enter__(self) -> "HubReplay":
        _Replay.requests = []
        _Replay.failures_left = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Replay)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.requests = _Replay.requests
        self.failures_left = _Replay.failures_left
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
