"""The SPARQL endpoint and explorer page: protocol, content negotiation, read-only, clients, a real browser."""

from __future__ import annotations

import multiprocessing
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import pytest
import requests

from hive.contracts import ConstraintSet
from hive.kg.server import KGServer
from hive.kg.store import open_kg
from hive.pipeline import Planner

from support.installed import CHROMIUM

TASKS_QUERY = "SELECT ?task WHERE { ?task a <https://w3id.org/hive/ckg#Task> } ORDER BY ?task LIMIT 3"


@pytest.fixture(scope="module")
def server():
    running = KGServer(open_kg(), port=0).start()
    yield running
    running.stop()


def _sparql(server, **kwargs):
    return requests.request(kwargs.pop("method", "GET"), server.url + "/sparql", timeout=10, **kwargs)


def test_get_and_post_answer_in_json(server):
    by_get = _sparql(server, params={"query": TASKS_QUERY})
    by_form = _sparql(server, method="POST", data={"query": TASKS_QUERY})
    by_body = _sparql(server, method="POST", data=TASKS_QUERY, headers={"Content-Type": "application/sparql-query"})
    for response in (by_get, by_form, by_body):
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "application/sparql-results+json"
        assert [b["task"]["value"].rsplit("/", 1)[1] for b in response.json()["results"]["bindings"]] == [
            "audio-classification", "audio-to-audio", "automatic-speech-recognition"]


@pytest.mark.parametrize("accept, media, start", [
    ("text/csv", "text/csv; charset=utf-8", "task\r\n"),
    ("application/sparql-results+xml", "application/sparql-results+xml", "<?xml"),
    ("text/tab-separated-values", "text/tab-separated-values; charset=utf-8", "?task\n"),
    ("text/html, text/csv;q=0.5", "text/csv; charset=utf-8", "task"),
])
def test_results_follow_content_negotiation(server, accept, media, start):
    response = _sparql(server, params={"query": TASKS_QUERY}, headers={"Accept": accept})
    assert response.headers["Content-Type"] == media
    assert response.text.startswith(start)


def test_graph_queries_answer_in_turtle_or_ntriples(server):
    query = 'CONSTRUCT { ?m ?p ?o } WHERE { ?m <http://purl.org/dc/terms/identifier> "openai/whisper-tiny" ; ?p ?o }'
    turtle = _sparql(server, params={"query": query})
    assert turtle.headers["Content-Type"].startswith("text/turtle") and "whisper-tiny" in turtle.text
    ntriples = _sparql(server, params={"query": query}, headers={"Accept": "application/n-triples"})
    assert all(line.endswith(" .") for line in ntriples.text.strip().splitlines())


def test_bad_requests_get_clear_4xx_and_the_server_keeps_serving(server):
    malformed = _sparql(server, params={"query": "SELECT ?s WHERE { ?s ?p }"})
    assert malformed.status_code == 400 and malformed.text.startswith("malformed SPARQL query: error at 1:")
    for refused in (
        _sparql(server, method="POST", data={"update": "INSERT DATA { <a:b> <a:c> <a:d> }"}),
        _sparql(server, params={"query": "INSERT DATA { <a:b> <a:c> <a:d> }"}),
        _sparql(server, method="POST", data="DELETE WHERE { ?s ?p ?o }", headers={"Content-Type": "application/sparql-update"}),
    ):
        assert refused.status_code == 403 and "read-only" in refused.text
    assert _sparql(server, params={}).status_code == 400
    assert _sparql(server, method="POST", data={"query": "x" * 200_000}).status_code == 413
    assert requests.get(server.url + "/model/no/such-model", timeout=10).status_code == 404
    assert _sparql(server, params={"query": "ASK { ?s ?p ?o }"}).json()["boolean"] is True


def test_service_clauses_are_refused_before_any_url_is_fetched(server):
    """SSRF: a SERVICE clause would make the endpoint fetch any URL; a real listener checks none is fetched."""
    import http.server
    import threading

    hits = []

    class Listener(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            hits.append(self.path)
            self.send_response(500)
            self.end_headers()

        do_POST = do_GET

        def log_message(self, *args):
            pass

    listener = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Listener)
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    try:
        target = f"http://127.0.0.1:{listener.server_address[1]}/sparql"
        for query in (f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
                      f"select * where {{ service silent <{target}> {{ ?s ?p ?o }} }}"):
            refused = _sparql(server, params={"query": query})
            assert refused.status_code == 403 and "SERVICE (federated query) is off" in refused.text
        quoted = _sparql(server, params={"query": 'SELECT * WHERE { ?s ?p "SERVICE" } LIMIT 1'})  # a word in a literal
        assert quoted.status_code == 200
    finally:
        listener.shutdown()
    assert hits == []


SLOW_QUERY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f }"  # 55k x 55k rows: minutes of work


def test_a_query_past_its_time_limit_is_stopped_and_the_endpoint_keeps_answering():
    running = KGServer(open_kg(), port=0, query_seconds=2).start()
    try:
        with ThreadPoolExecutor(max_workers=3) as pool:
            slow = [pool.submit(requests.get, running.url + "/sparql", params={"query": SLOW_QUERY}, timeout=30) for _ in range(2)]
            quick = pool.submit(requests.get, running.url + "/sparql", params={"query": TASKS_QUERY}, timeout=30)
            answers = [f.result() for f in slow]
        assert all(a.status_code == 503 and "ran past its limit of 2 s" in a.text for a in answers)
        assert quick.result().status_code in (200, 503)  # it may have waited behind the two slow ones
        assert _sparql(running, params={"query": TASKS_QUERY}).status_code == 200  # stopped processes were replaced
        alive = [p for p in multiprocessing.active_children() if p.is_alive()]
        assert len(alive) <= running.queries.size  # the killed query processes are gone
    finally:
        running.stop()


def test_standard_clients_query_the_endpoint(server):
    from rdflib.plugins.stores.sparqlstore import SPARQLStore
    from SPARQLWrapper import JSON, SPARQLWrapper

    store = SPARQLStore(server.url + "/sparql", returnFormat="json")
    assert [str(row[0]).rsplit("/", 1)[1] for row in store.query(TASKS_QUERY)][:1] == ["audio-classification"]
    client = SPARQLWrapper(server.url + "/sparql")
    client.setQuery(TASKS_QUERY)
    client.setReturnFormat(JSON)
    assert len(client.query().convert()["results"]["bindings"]) == 3


def test_planning_against_a_remote_endpoint_selects_what_the_local_graph_selects(server):
    constraints = ConstraintSet.parse({"smallest": True}, "test")
    query = "Transcribe ./a.wav and find entity tokens"
    remote = Planner(kg=server.url + "/sparql").plan(query, constraints=constraints)
    local = Planner().plan(query, constraints=constraints)
    assert [t.model for t in remote.tasks] == [t.model for t in local.tasks]
    assert all(t.model for t in remote.tasks)


def test_an_unreachable_endpoint_is_a_clear_error():
    from hive.errors import HiveError

    with pytest.raises(HiveError, match="cannot reach the SPARQL endpoint http://127.0.0.1:9/sparql"):
        Planner(kg="http://127.0.0.1:9/sparql").plan("Transcribe ./a.wav")


def _chromium(*args: str) -> str:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--virtual-time-budget=8000", *args],
            capture_output=True, text=True, timeout=120,
        )
    return done.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")
def test_the_explorer_page_runs_queries_in_a_real_browser(server, tmp_path):
    query = "PREFIX hive: <https://w3id.org/hive/ckg#> SELECT ?model WHERE { ?model hive:task <https://w3id.org/hive/ckg/task/summarization> } ORDER BY ?model LIMIT 4"
    dom = _chromium("--dump-dom", f"{server.url}/?run=1&query={quote(query)}")
    assert "4 rows in" in dom
    assert dom.count('<a href="/model/') == 4
    model_page = _chromium("--dump-dom", f"{server.url}/model/openai/whisper-tiny")
    assert '<h1 id="model">openai/whisper-tiny</h1>' in model_page
    assert "https://w3id.org/hive/ckg#execution" in model_page and "def run(" in model_page
    broken = _chromium("--dump-dom", f"{server.url}/?run=1&query={quote('SELECT ?s WHERE {')}")
    assert 'class="error"' in broken and "malformed SPARQL query" in broken
    _chromium("--window-size=1200,900", f"--screenshot={tmp_path / 'explorer.png'}", f"{server.url}/?run=1")
    assert (tmp_path / "explorer.png").stat().st_size > 10_000
