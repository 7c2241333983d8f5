"""`hive select --explain`: the ranking and, only when asked, each rejected model with its failing constraint."""

from __future__ import annotations

import json
import subprocess
import sys


def _select(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "select", "automatic-speech-recognition",
                           "permissive models under 500M parameters", "--format", "json", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_select_lists_rejected_models_only_when_asked_to_explain():
    answered, explained = _select(), _select("--explain")
    assert "rejected" not in answered
    assert answered["model"] == explained["model"] and answered["rejected_by"] == explained["rejected_by"]
    assert len(explained["rejected"]) == sum(explained["rejected_by"].values()) > 0
    assert set(explained["rejected"].values()) == set(explained["rejected_by"])
