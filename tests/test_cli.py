"""The `hive` command as a user runs it: output, exit codes (3 for a step no model satisfies), one-line errors,
atomic batch output, runs and their reports."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support.installed import needs_offline
from support.paths import EXAMPLES

HIVE = shutil.which("hive")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    command = [HIVE, *args] if HIVE else [sys.executable, "-m", "hive.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env={**os.environ, "COLUMNS": "200"})


def test_plan_json_follows_the_contract():
    done = run("plan", "Transcribe ./a.wav, summarise it and draw a picture of the summary", "--json")
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)
    assert [(t["id"], t["task"], t["dep"]) for t in plan["tasks"]] == [
        (0, "automatic-speech-recognition", []), (1, "summarization", [0]), (2, "text-to-image", [1])
    ]
    assert plan["tasks"][1]["args"] == {"text": "<resource-0>"}
    assert plan["tasks"][0]["args"] == {"audio": "./a.wav"}
    assert set(plan["timings_ms"]) >= {"understand", "plan"}
    assert plan["parsed"]["files"] == ["./a.wav"]
    assert any("does not exist yet" in w for w in plan["warnings"])


def test_a_request_written_as_a_list_is_a_request_not_an_option():
    """'- Input: shoe.jpg ...' had stopped at 'No such option: -'."""
    done = run("plan", "- Input: shoe.jpg\n- Step 1: describe the image in one sentence", "--json")
    assert done.returncode == 0, done.stderr
    assert [t["task"] for t in json.loads(done.stdout)["tasks"]] == ["image-to-text"]


def test_plan_human_view_shows_stages_and_added_steps():
    done = run("plan", "Caption ./x.png and estimate its depth, and summarise ./y.wav")
    assert done.returncode == 0, done.stderr
    assert "stage 0 (parallel)" in done.stdout
    assert "added by the planner" in done.stdout
    assert "automatic-speech-recognition" in done.stdout


def test_explain_shows_domain_problem_and_planner_log():
    done = run("plan", "Translate 'bonjour' to English", "--explain")
    assert done.returncode == 0, done.stderr
    for part in ("merged domain", "(define (domain merged-translation)", "(define (problem request)", "planner log", "Nodes expanded"):
        assert part in done.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["plan", ""], "error: the request is empty"),
        (["plan", "hello"], "error: nothing to plan"),
        (["plan", "Transcribe a.wav", "--engine", "nope"], "error: unknown planner engine 'nope'"),
        (["plan", "estimate the depth of ./song.wav"], "error: cannot plan 'depth-estimation'"),
        (["plan", "summarise ./doc.xyz"], "error: cannot tell what kind of file './doc.xyz' is"),
        (["batch", "missing.jsonl", "--plan-only", "--out", "o.jsonl"], "error: cannot read missing.jsonl"),
        (["plan", "Summarise ./a.txt and " + "the weather is nice, " * 60], "error: the request has 61 clauses; HIVE reads"),
        (["plan", "Transcribe a.wav", "--licence", ""], "error: --licence is empty: give it a value or leave the flag out"),
        (["plan", "Transcribe a.wav", "--max-params", " "], "error: --max-params is empty"),  # had been ignored
        (["plan", ". ".join(f"summarise ./a{i}.wav and read it aloud" for i in range(6))],
         "error: the request needs up to 18 steps (12 asked for, the rest conversions); HIVE plans at most 12"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(tmp_path, args, message):
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr


def test_bytes_that_are_not_utf8_in_a_request_are_a_one_line_error():
    command = [sys.executable, "-m", "hive.cli", "plan", b"Translate \xff\xfe into French"]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 2 and done.stderr.startswith("error: the request is not UTF-8 text") and "Traceback" not in done.stderr


def test_batch_continues_past_bad_lines(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(
        '{"id": "a", "query": "Transcribe ./a.wav", "extra": 1}\n'
        "this is not json\n"
        '{"id": "c"}\n'
        "\n"
        '{"id": "d", "query": "hello"}\n'
        '{"id": 5, "query": "Describe ./p.png and read it aloud"}\n'
    )
    out = tmp_path / "sub" / "out.jsonl"
    done = run("batch", str(source), "--plan-only", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "planned 2, failed 3" in done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a", "line-2", "c", "d", "5"]
    assert [bool(r.get("error")) for r in rows] == [False, True, True, True, False]
    assert "not valid JSON" in rows[1]["error"] and "no \"query\"" in rows[2]["error"]
    assert [t["task"] for t in rows[4]["tasks"]] == ["image-to-text", "text-to-speech"]
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")], "temporary files left behind"


def test_batch_keeps_the_old_output_when_the_input_cannot_be_read(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text("previous results\n")
    done = run("batch", str(tmp_path / "absent.jsonl"), "--plan-only", "--out", str(out))
    assert done.returncode == 2
    assert out.read_text() == "previous results\n"


def test_domains_lists_every_task():
    done = run("domains")
    assert done.returncode == 0
    for task in ("automatic-speech-recognition", "image-editing", "tabular-classification", "conversational"):
        assert task in done.stdout


def test_an_unsatisfiable_step_exits_3_and_keeps_the_other_models():
    done = subprocess.run([sys.executable, "-m", "hive.cli", "plan",
                           "Transcribe ./a.wav with the best WER on LibriSpeech, then summarise it with a GPL-3.0 model"],
                          capture_output=True, text=True)
    assert done.returncode == 3, done.stderr
    assert "no model" in done.stdout and "nvidia/stt_en_conformer_transducer_xlarge" in done.stdout
    assert "applied: licences=['gpl-3.0']" in done.stdout
    as_json = subprocess.run([sys.executable, "-m", "hive.cli", "plan", "--json",
                              "Transcribe ./a.wav with the best WER on LibriSpeech, then summarise it with a GPL-3.0 model"],
                             capture_output=True, text=True)
    summary = next(t for t in json.loads(as_json.stdout)["tasks"] if t["task"] == "summarization")
    assert as_json.returncode == 3 and summary["model"] is None and summary["unsatisfiable"]


@needs_offline
def test_cli_run_runs_and_report(tmp_path):
    hive = [sys.executable, "-c", "from hive.cli import main; main()"]
    done = subprocess.run([*hive, "run", f"Transcribe {EXAMPLES / 'meeting.wav'}", "--out", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    run_id = done.stdout.strip().splitlines()[-1].split()[1].rstrip(":")
    listed = subprocess.run([*hive, "runs", "--out", str(tmp_path)], capture_output=True, text=True)
    assert run_id in listed.stdout and "complete" in listed.stdout
    shown = subprocess.run([*hive, "report", run_id, "--out", str(tmp_path)], capture_output=True, text=True)
    assert shown.stdout.startswith(f"# HIVE run {run_id}")
    missing = subprocess.run([*hive, "report", "nope", "--out", str(tmp_path)], capture_output=True, text=True)
    assert missing.returncode == 2 and "no run 'nope'" in missing.stderr
    dry = subprocess.run([*hive, "run", f"Transcribe {EXAMPLES / 'meeting.wav'}", "--dry-run", "--out", str(tmp_path / "dry")], capture_output=True, text=True)
    assert "via offline package" in dry.stdout and not (tmp_path / "dry").exists()
