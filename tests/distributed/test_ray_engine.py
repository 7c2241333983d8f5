"""`hive batch --engine ray` on a local Ray started by the test, against the local engine (hive/distributed/ray_engine.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.commands import hive, write_requests
from support.installed import HAVE_RAY, HAVE_SPACY
from support.paths import DATA


def _plans(path: Path) -> dict[str, list]:
    return {d["id"]: [(t["task"], t.get("model"), t["dep"], t["args"]) for t in d["tasks"]]
            for d in map(json.loads, path.read_text().splitlines())}


@pytest.mark.skipif(not HAVE_RAY, reason="Ray (extra 'ray') is not installed")
def test_ray_plans_the_request_set_exactly_as_the_local_engine(tmp_path):
    items = [json.loads(line) for line in (DATA / "heldout.jsonl").read_text().splitlines() if line.strip()]
    source = write_requests(tmp_path / "in.jsonl", items)
    local = hive("batch", str(source), "--out", str(tmp_path / "local.jsonl"), "--plan-only", cwd=tmp_path)
    ray = hive("batch", str(source), "--out", str(tmp_path / "ray.jsonl"), "--plan-only", "--engine", "ray", "--workers", "2", cwd=tmp_path)
    assert local.returncode == 0 and ray.returncode == 0, ray.stderr[-2000:]
    assert _plans(tmp_path / "ray.jsonl") == _plans(tmp_path / "local.jsonl")
    assert list(_plans(tmp_path / "ray.jsonl")) == [i["id"] for i in items]  # input order kept


@pytest.mark.skipif(not (HAVE_RAY and HAVE_SPACY), reason="Ray or spaCy's packaged model is not installed")
def test_ray_actors_run_the_plans_and_write_run_directories(tmp_path):
    items = [{"id": f"r{n}", "query": f"Find the named entities in 'Ada Lovelace wrote to Charles Babbage from London in 18{40 + n}.'"}
             for n in range(4)]
    source = write_requests(tmp_path / "in.jsonl", items)
    done = hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--runs", str(tmp_path / "runs"),
                 "--engine", "ray", "--workers", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [line["run"]["status"] for line in lines] == ["complete"] * 4
    for line in lines:
        entities = json.loads((Path(line["run"]["directory"]) / "outputs" / "step-0.json").read_text())
        assert "Charles Babbage" in {e["word"] for e in entities}


@pytest.mark.skipif(not HAVE_RAY, reason="Ray (extra 'ray') is not installed")
def test_an_unreachable_ray_cluster_is_a_one_line_error(tmp_path):
    source = write_requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}])
    failed = hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", "--engine", "ray",
                   "--address", "127.0.0.1:1", cwd=tmp_path)
    assert failed.returncode != 0 and "cannot reach the Ray cluster at 127.0.0.1:1" in failed.stderr
    assert "Traceback" not in failed.stderr and not (tmp_path / "out.jsonl").exists()
