"""`hive batch`: runs recorded per line, resume from the output or the journal, errors of one line only."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from support.commands import hive, write_requests
from support.installed import needs_offline
from support.paths import EXAMPLES


@needs_offline
def test_batch_runs_each_plan_and_records_it(tmp_path):
    requests = tmp_path / "requests.jsonl"
    requests.write_text(json.dumps({"id": "a", "query": f"Transcribe {EXAMPLES / 'meeting.wav'}"}) + "\n"
                        + json.dumps({"id": "b", "query": f"Transcribe {tmp_path / 'missing.wav'}"}) + "\n")
    done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "batch", str(requests),
                           "--out", str(tmp_path / "out.jsonl"), "--runs", str(tmp_path / "runs")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "runs: 1 complete, 1 not run" in done.stderr
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert lines[0]["run"]["status"] == "complete" and Path(lines[0]["run"]["directory"], "report.md").exists()
    assert "does not exist" in lines[1]["run"]["error"]


def test_a_rerun_keeps_the_answered_ids_and_does_only_the_rest(tmp_path):
    first = [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Summarise 'The bridge opens on Monday.'"}]
    source = write_requests(tmp_path / "in.jsonl", first)
    out = tmp_path / "out.jsonl"
    assert hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path).returncode == 0
    kept = out.read_text().splitlines()
    write_requests(source, [*first, {"id": "c", "query": "Caption ./x.png"}])
    again = hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert again.returncode == 0 and "2 kept from an earlier run" in again.stderr
    lines = out.read_text().splitlines()
    assert lines[:2] == kept and json.loads(lines[2])["id"] == "c"
    assert not (tmp_path / "out.jsonl.partial").exists()


def test_a_crashed_batch_resumes_from_its_journal(tmp_path):
    source = write_requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Caption ./x.png"}])
    journal = tmp_path / "out.jsonl.partial"
    digest = hashlib.sha256(source.read_bytes().splitlines()[0]).hexdigest()  # what line "a" asks, as the batch records it
    planned = json.dumps({"id": "a", "query": "Transcribe a.wav", "tasks": [], "marker": "from the journal", "request_sha256": digest})
    journal.write_text(planned + "\n" + '{"id": "b", "que')  # the crash cut the second line short
    done = hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", cwd=tmp_path)
    assert done.returncode == 0 and "1 kept from an earlier run" in done.stderr
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert lines[0]["marker"] == "from the journal" and lines[1]["tasks"][0]["task"] == "image-to-text"


def test_an_edited_line_is_redone_on_resume_and_repeated_ids_are_refused(tmp_path):
    source = write_requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Caption ./x.png"}])
    out = tmp_path / "out.jsonl"
    assert hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path).returncode == 0
    write_requests(source, [{"id": "a", "query": "Transcribe a.wav"}, {"id": "b", "query": "Summarise ./x.txt"}])
    again = hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert again.returncode == 0 and "1 kept from an earlier run" in again.stderr
    assert [t["task"] for t in json.loads(out.read_text().splitlines()[1])["tasks"]] == ["summarization"]
    before = out.read_text()
    write_requests(source, [{"id": "a", "query": "Transcribe a.wav"}, {"id": "a", "query": "Caption ./x.png"}])
    twice = hive("batch", str(source), "--out", str(out), "--plan-only", cwd=tmp_path)
    assert twice.returncode == 2 and "request ids must be unique" in twice.stderr and "'a' is on lines 1, 2" in twice.stderr
    assert out.read_text() == before


def test_a_line_that_is_not_utf8_is_an_error_of_that_line_only(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"id": "a", "query": "Transcribe a.wav"}\n{"id": "b", "query": "caf\xe9 \xff"}\n')
    done = hive("batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--plan-only", cwd=tmp_path)
    assert done.returncode == 0 and "planned 1, failed 1" in done.stderr
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert rows[0]["tasks"] and "line 2 is not UTF-8 text" in rows[1]["error"]


def test_batch_engine_names_local_ray_or_an_older_planner_name(tmp_path):
    source = write_requests(tmp_path / "in.jsonl", [{"id": "a", "query": "Transcribe a.wav"}])
    legacy = hive("batch", str(source), "--out", str(tmp_path / "a.jsonl"), "--plan-only", "--engine", "pyperplan", cwd=tmp_path)
    assert legacy.returncode == 0 and json.loads((tmp_path / "a.jsonl").read_text())["engine"] == "pyperplan"
    unknown = hive("batch", str(source), "--out", str(tmp_path / "b.jsonl"), "--plan-only", "--engine", "spark", cwd=tmp_path)
    assert unknown.returncode == 2 and "unknown batch engine 'spark'; choose local or ray" in unknown.stderr
