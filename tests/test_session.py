"""One request through every entry point (hive plan, hive batch local and on Ray, hive chat, the HTTP API):
each goes through a Session, so each gives the same plan."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hive.contracts import ConstraintSet
from hive.session import ExecutionOptions, Session

from support.commands import hive
from support.installed import HAVE_RAY, installed
from support.paths import EXAMPLES

QUERY = f"Transcribe {EXAMPLES / 'meeting.wav'} and find the named entities in it"
LICENCES = ["mit"]
HAVE_SERVE = installed("fastapi")
PER_CALL = ("id", "timings_ms", "request_sha256")  # what differs from call to call, not from entry point to entry point


def _comparable(plan: dict) -> dict:
    return {key: value for key, value in plan.items() if key not in PER_CALL}


@pytest.fixture(scope="module")
def expected(planner) -> dict:
    """The plan of the request, from a session in this process."""
    plan = Session(planner).plan(QUERY, constraints=ConstraintSet.parse({"licences": LICENCES}, "test")).to_json_dict()
    assert [t["task"] for t in plan["tasks"]] == ["automatic-speech-recognition", "token-classification"]
    assert plan["constraints"] == {"global": {"licences": LICENCES}} and all(t["model"] for t in plan["tasks"])
    return _comparable(plan)


def test_hive_plan_and_hive_chat_give_the_sessions_plan(expected, tmp_path):
    planned = hive("plan", "--json", "--licence", "mit", QUERY, cwd=tmp_path)
    assert planned.returncode == 0, planned.stderr
    assert _comparable(json.loads(planned.stdout)) == expected
    chatted = hive("chat", "--json", "--licence", "mit", cwd=tmp_path, stdin=QUERY + "\n")
    assert chatted.returncode == 0, chatted.stderr
    assert _comparable(json.loads(chatted.stdout)) == expected


@pytest.mark.parametrize("engine", ["local", pytest.param("ray", marks=pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed"))])
def test_hive_batch_gives_the_sessions_plan(expected, tmp_path, engine):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "r1", "query": QUERY, "constraints": {"licences": LICENCES}}) + "\n")
    done = hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", "--engine", engine, "--workers", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    line = json.loads((tmp_path / "out.jsonl").read_text())
    assert line["id"] == "r1" and _comparable(line) == expected


@pytest.mark.skipif(not HAVE_SERVE, reason="the serve extra is not installed")
def test_the_http_api_gives_the_sessions_plan(expected, planner, tmp_path):
    from fastapi.testclient import TestClient

    from hive.serve.app import create_app
    from hive.serve.settings import ServeSettings

    with TestClient(create_app(ServeSettings(data=tmp_path / "serve", inputs=EXAMPLES), Session(planner))) as client:
        answer = client.post("/plan", json={"query": QUERY, "constraints": {"licences": LICENCES}})
    assert answer.status_code == 200, answer.text
    assert _comparable(answer.json()) == expected


def test_a_spec_builds_a_session_that_plans_alike(expected):
    """What a Ray process does with the driver's session: build it again from its picklable spec."""
    session = Session.open(constraints=ConstraintSet.parse({"licences": LICENCES}, "test"), execution=ExecutionOptions(timeout=9.0))
    again = session.spec().build()
    assert again.execution == ExecutionOptions(timeout=9.0) and again.planner is not session.planner
    assert _comparable(again.plan(QUERY).to_json_dict()) == expected


def test_a_twin_shares_the_planner_and_has_an_executor_of_its_own(planner):
    session = Session(planner, ExecutionOptions(timeout=5.0))
    twin = session.twin(parallel=1)
    assert twin.planner is session.planner and twin.execution == ExecutionOptions(timeout=5.0, parallel=1)
    with twin:
        assert twin.executor is twin.executor and twin.executor.parallel == 1 and twin.executor.timeout == 5.0
    assert twin._executor is None and session._executor is None


def test_planning_does_not_import_the_executor(tmp_path):
    script = ("import sys; from hive.cli import app\n"
              "try:\n    app(['plan', '--json', 'Transcribe a.wav'])\nexcept SystemExit:\n    pass\n"
              "print('hive.execution.executor' in sys.modules, 'hive.session' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.stdout.strip().splitlines()[-1] == "False True", done.stderr[-2000:]
