"""`hive select`: a task's models ranked under constraints, one job or a batch, and with `--explain` each rejected
model with its failing constraint (hive/selection/jobs.py)."""

from __future__ import annotations

import json
import subprocess
import sys


def hive(*args, **kwargs):
    return subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", *args], capture_output=True, text=True, **kwargs)


def test_select_cli_ranks_in_json_and_csv():
    done = hive("select", "automatic-speech-recognition", "permissive models under 500M parameters ranked by LibriSpeech-clean WER",
                 "--format", "json", "--top", "3")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert [r["rank"] for r in answer["ranking"]] == [1, 2, 3]
    assert answer["model"] == answer["ranking"][0]["id"]
    csv_out = hive("select", "token-classification", "--smallest", "--format", "csv", "--top", "2")
    assert csv_out.stdout.splitlines()[0].startswith("rank,id,value,parameters")
    assert len(csv_out.stdout.splitlines()) == 3
    nothing = hive("select", "token-classification", "--licence", "openrail++")  # no model: 3, as `hive plan` (docs/cli.md)
    assert nothing.returncode == 3 and "removed the last candidates" in nothing.stdout


def test_select_batch_and_plan_batch_with_line_constraints(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text('{"id": "a", "task": "automatic-speech-recognition", "constraints": {"smallest": true}}\n'
                    '{"id": "b", "task": "summarization", "constraints": {"licences": ["apache2"]}}\n')
    done = hive("select", "--batch", str(jobs))
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert rows[0]["model"] and rows[1]["error"].startswith("unknown licence 'apache2'")
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"id": "x", "query": "Transcribe ./a.wav", "constraints": {"licences": ["deepseek"]}}\n'
                        '{"id": "y", "query": "Transcribe ./a.wav"}\n')
    out = tmp_path / "plans.jsonl"
    planned = hive("batch", str(requests), "--plan-only", "--out", str(out), "--smallest")
    assert planned.returncode == 0, planned.stderr
    assert "steps with a model: 1, without: 1" in planned.stderr
    assert "unsatisfiable by: licence in LicenseRef-deepseek" in planned.stderr
    plans = [json.loads(line) for line in out.read_text().splitlines()]
    assert plans[1]["tasks"][0]["model"] == rows[0]["model"]  # --smallest picks what 'smallest' selects alone


def _select(*args: str) -> dict:
    done = hive("select", "automatic-speech-recognition", "permissive models under 500M parameters", "--format", "json", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_select_lists_rejected_models_only_when_asked_to_explain():
    answered, explained = _select(), _select("--explain")
    assert "rejected" not in answered
    assert answered["model"] == explained["model"] and answered["rejected_by"] == explained["rejected_by"]
    assert len(explained["rejected"]) == sum(explained["rejected_by"].values()) > 0
    assert set(explained["rejected"].values()) == set(explained["rejected_by"])
