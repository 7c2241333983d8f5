"""`hive kg serve`: a read-only SPARQL 1.1 Protocol endpoint over a C-KG, with an explorer page.

Routes: `/` the explorer (query editor, example queries, results table), `/sparql` the endpoint
(GET ?query=, POST form or application/sparql-query; results as JSON, XML, CSV or TSV, graphs as
Turtle or N-Triples, by content negotiation), `/model/<id>` a page of one model's facts.
Updates and SERVICE are refused; a malformed query is a 400 carrying the parser's message; a query
runs in a query process and is stopped past its time limit (503).
"""

from __future__ import annotations

import html
import json
import re
import threading
from functools import lru_cache
from typing import TYPE_CHECKING
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, unquote, urlparse

import pyoxigraph
import yaml

from hive.kg.schema import PREFIX, model_node

if TYPE_CHECKING:  # the pool imports this module
    from hive.kg.query_pool import QueryPool

RESULT_FORMATS = {
    "application/sparql-results+json": pyoxigraph.QueryResultsFormat.JSON,
    "application/json": pyoxigraph.QueryResultsFormat.JSON,
    "application/sparql-results+xml": pyoxigraph.QueryResultsFormat.XML,
    "application/xml": pyoxigraph.QueryResultsFormat.XML,
    "text/csv": pyoxigraph.QueryResultsFormat.CSV,
    "text/tab-separated-values": pyoxigraph.QueryResultsFormat.TSV,
}
GRAPH_FORMATS = {
    "text/turtle": pyoxigraph.RdfFormat.TURTLE,
    "application/n-triples": pyoxigraph.RdfFormat.N_TRIPLES,
}
MAX_QUERY_BYTES = 100_000
QUERY_SECONDS = 10.0  # a query still running then is stopped (hive kg serve --query-seconds)
UPDATE = re.compile(r"^\s*(?:(?:PREFIX|BASE)\b[^\n]*\n\s*)*(?:INSERT|DELETE|LOAD|CLEAR|DROP|CREATE|ADD|MOVE|COPY|WITH)\b", re.I)
# What is not query keywords: string literals (long and short), IRIs, comments.
NOT_KEYWORDS = re.compile(r"'''.*?'''|\"\"\".*?\"\"\"|'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|<[^<>\"{}|^`\\\s]*>|#[^\n]*", re.S)
SERVICE = re.compile(r"\bSERVICE\b", re.I)


class RequestProblem(Exception):
    """A request the endpoint refuses, with its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@lru_cache(maxsize=1)
def explorer_page() -> bytes:
    examples = yaml.safe_load(resources.files("hive.kg").joinpath("examples.yaml").read_text(encoding="utf-8"))
    examples = [{**example, "query": PREFIX + example["query"]} for example in examples]
    page = resources.files("hive.kg").joinpath("web", "index.html").read_text(encoding="utf-8")
    page = page.replace("__MODEL_PREFIX__", json.dumps(model_node("").value))
    return page.replace("__EXAMPLES__", json.dumps(examples).replace("</", "<\\/")).encode()


def negotiate(accept: str, offered: dict[str, object], default: str) -> tuple[str, object]:
    """The first offered media type the Accept header lists (by q-value), else the default."""
    choices = []
    for position, part in enumerate(accept.split(",")):
        media, *params = [p.strip() for p in part.split(";")]
        quality = next((float(p[2:]) for p in params if p.startswith("q=") and p[2:].replace(".", "", 1).isdigit()), 1.0)
        choices.append((-quality, position, media))
    for _q, _p, media in sorted(choices):
        if media in offered:
            return media, offered[media]
        if media in ("*/*", "application/*", "text/*"):
            break
    return default, offered[default]


def check_query(query: str) -> None:
    """Refuse what this endpoint never runs: updates, and SERVICE (it would fetch a URL the query names)."""
    if UPDATE.search(query):
        raise RequestProblem(403, "this endpoint is read-only: updates are refused")
    if SERVICE.search(NOT_KEYWORDS.sub(" ", query)):
        raise RequestProblem(403, "SERVICE (federated query) is off: this endpoint answers from its own graph and fetches no URL")


def run_query(store: pyoxigraph.Store, query: str, accept: str) -> tuple[str, bytes]:
    """Execute a read-only query; (media type, body). Network-facing callers go through a QueryPool,
    which runs this in a process with a time limit."""
    check_query(query)
    try:
        answer = store.query(query)
    except SyntaxError as exc:
        raise RequestProblem(400, f"malformed SPARQL query: {exc}") from exc
    if isinstance(answer, pyoxigraph.QueryTriples):
        media, rdf_format = negotiate(accept, GRAPH_FORMATS, "text/turtle")
        return media, pyoxigraph.serialize(list(answer), format=rdf_format)
    media, result_format = negotiate(accept, RESULT_FORMATS, "application/sparql-results+json")
    return media, answer.serialize(format=result_format)


def model_page(store: pyoxigraph.Store, model_id: str) -> bytes:
    """Every fact about one model, and about its results and snippet, as an HTML page."""
    subject = model_node(model_id)
    facts = list(store.quads_for_pattern(subject, None, None))
    if not facts:
        raise RequestProblem(404, f"no model '{model_id}' in this knowledge graph")
    rows = []
    for quad in facts:
        rows.append((quad.predicate.value, quad.object))
        if isinstance(quad.object, pyoxigraph.NamedNode) and ("/result/" in quad.object.value or "/snippet/" in quad.object.value):
            rows += [(f"  {inner.predicate.value}", inner.object) for inner in store.quads_for_pattern(quad.object, None, None)]
    body = "".join(
        f"<tr><td>{html.escape(p)}</td><td><pre>{html.escape(o.value)}</pre></td></tr>" for p, o in rows
    )
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(model_id)}</title>"
        "<style>body{font-family:system-ui,sans-serif;margin:1.5rem}td{border:1px solid #ccc;padding:.2rem .5rem;"
        "vertical-align:top;font-size:.85rem}pre{margin:0;white-space:pre-wrap}</style></head><body>"
        f"<p><a href='/'>explorer</a></p><h1 id='model'>{html.escape(model_id)}</h1>"
        f"<table id='facts'>{body}</table></body></html>"
    ).encode()


class _Handler(BaseHTTPRequestHandler):
    store: pyoxigraph.Store
    queries: "QueryPool"
    server_version = "hive-kg/1"

    def log_message(self, *args) -> None:
        pass

    def _reply(self, status: int, media: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{media}; charset=utf-8" if media.startswith("text/") else media)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(body)

    def _problem(self, problem: RequestProblem) -> None:
        self._reply(problem.status, "text/plain", (str(problem) + "\n").encode())

    def do_GET(self) -> None:
        url = urlparse(self.path)
        try:
            if url.path == "/":
                self._reply(200, "text/html", explorer_page())
            elif url.path == "/sparql":
                params = parse_qs(url.query)
                if "update" in params:
                    raise RequestProblem(403, "this endpoint is read-only: updates are refused")
                if "query" not in params:
                    raise RequestProblem(400, "missing 'query' parameter")
                self._answer(params["query"][0])
            elif url.path.startswith("/model/"):
                self._reply(200, "text/html", model_page(self.store, unquote(url.path[len("/model/"):])))
            else:
                raise RequestProblem(404, f"no such page: {url.path}")
        except RequestProblem as problem:
            self._problem(problem)

    def do_POST(self) -> None:
        try:
            if urlparse(self.path).path != "/sparql":
                raise RequestProblem(404, "POST queries to /sparql")
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_QUERY_BYTES:
                raise RequestProblem(413, f"query larger than {MAX_QUERY_BYTES} bytes")
            body = self.rfile.read(length).decode("utf-8", "replace")
            media = (self.headers.get("Content-Type") or "").split(";")[0].strip()
            if media == "application/sparql-update":
                raise RequestProblem(403, "this endpoint is read-only: updates are refused")
            if media == "application/sparql-query":
                self._answer(body)
                return
            params = parse_qs(body)
            if "update" in params:
                raise RequestProblem(403, "this endpoint is read-only: updates are refused")
            if "query" not in params:
                raise RequestProblem(400, "missing 'query' (form field, or an application/sparql-query body)")
            self._answer(params["query"][0])
        except RequestProblem as problem:
            self._problem(problem)

    def _answer(self, query: str) -> None:
        media, body = self.queries.run(query, self.headers.get("Accept") or "")
        self._reply(200, media, body)


class KGServer:
    """The endpoint on host:port (port 0 picks a free one), serving in a background thread or forever."""

    def __init__(self, store: pyoxigraph.Store, host: str = "127.0.0.1", port: int = 7878,
                 query_seconds: float = QUERY_SECONDS) -> None:
        from hive.kg.query_pool import QueryPool

        self.queries = QueryPool(store, seconds=query_seconds)
        handler = type("Handler", (_Handler,), {"store": store, "queries": self.queries})
        self.httpd = ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://{host}:{self.httpd.server_address[1]}"

    def start(self) -> "KGServer":
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def serve_forever(self) -> None:
        self.httpd.serve_forever()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.queries.close()
