"""The hub source pages through the listing (each page retried on its own) and tells changed cards by the
hub's lastModified: unchanged ones are not fetched, cached ones are refetched only when the hub changed them."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

import pytest

from kg_builder.cards import Card
from kg_builder.sources import HubSource, Skipped, Unchanged

PAGES = {
    "": [{"id": "acme/one", "lastModified": "2026-01-01T00:00:00.000Z"}, {"id": "acme/two", "lastModified": "2026-02-01T00:00:00.000Z"}],
    "cursor=2": [{"id": "acme/three", "lastModified": "2026-03-01T00:00:00.000Z"}],
}


class Listing(BaseHTTPRequestHandler):
    """Two pages of models linked by a Link header; the second answers 503 once; model details are not there."""

    requests: list[str] = []
    busy_once = True

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        url = urlparse(self.path)
        type(self).requests.append(f"{url.path}?{url.query}" if url.query == "cursor=2" else url.path)
        if url.path == "/api/models" and url.query == "cursor=2" and type(self).busy_once:
            type(self).busy_once = False
            return self._send(503, {"error": "busy"})
        if url.path == "/api/models":
            page = "cursor=2" if url.query == "cursor=2" else ""
            link = {} if page else {"Link": f'<http://{self.headers["Host"]}/api/models?cursor=2>; rel="next"'}
            return self._send(200, [{**m, "pipeline_tag": "translation", "private": False, "tags": []} for m in PAGES[page]], link)
        self._send(404, {"error": "not here"})

    def _send(self, status: int, body, headers: dict | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture
def hub(monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    Listing.requests, Listing.busy_once = [], True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Listing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class Previous:
    def __init__(self, versions: dict[str, str]) -> None:
        self.versions = versions

    def version_of(self, model_id: str) -> str | None:
        return self.versions.get(model_id)

    def id_of(self, version: str) -> str | None:
        return None


def cache(folder, model_id: str, version: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    card = Card(id=model_id, meta={}, body="", source="hub", pipeline_tag="translation", version=version)
    (folder / (model_id.replace("/", "__") + ".json")).write_text(json.dumps(vars(card)))


def test_pages_are_followed_and_a_failing_page_is_retried_alone(hub, tmp_path):
    for model in [*PAGES[""], *PAGES["cursor=2"]]:
        cache(tmp_path / "cache", model["id"], model["lastModified"].replace(".000Z", "+00:00"))
    source = HubSource(tmp_path / "cache", endpoint=hub, per_second=1000, sleep=lambda s: None)
    assert [c.id for c in source.cards()] == ["acme/one", "acme/two", "acme/three"]
    assert Listing.requests == ["/api/models", "/api/models?cursor=2", "/api/models?cursor=2"]


def test_the_listing_stops_at_the_limit(hub, tmp_path):
    cache(tmp_path / "cache", "acme/one", "2026-01-01T00:00:00+00:00")
    source = HubSource(tmp_path / "cache", limit=1, endpoint=hub, per_second=1000, sleep=lambda s: None)
    assert [c.id for c in source.cards()] == ["acme/one"]
    assert Listing.requests == ["/api/models"]


def test_unchanged_cards_are_not_fetched_and_cards_changed_since_their_cache_are(hub, tmp_path):
    cache(tmp_path / "cache", "acme/two", "2026-02-01T00:00:00+00:00")  # what the hub lists now
    cache(tmp_path / "cache", "acme/three", "2025-12-01T00:00:00+00:00")  # older than what the hub lists
    known = Previous({"acme/one": "2026-01-01T00:00:00+00:00", "acme/two": "2025-06-01T00:00:00+00:00"})
    found = list(HubSource(tmp_path / "cache", endpoint=hub, per_second=1000, sleep=lambda s: None).cards(known))
    assert found[0] == Unchanged("acme/one")
    assert isinstance(found[1], Card) and found[1].version == "2026-02-01T00:00:00+00:00"
    assert isinstance(found[2], Skipped) and found[2].where == "hub:acme/three"  # refetched: the hub here has no details
    assert "/api/models/acme/three" in Listing.requests
    assert not any(r.startswith(("/api/models/acme/one", "/api/models/acme/two")) for r in Listing.requests)
