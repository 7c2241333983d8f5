"""`hive kg build|stats|validate` as a user runs them: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys


def test_cli_builds_describes_and_validates(tmp_path):
    dump = tmp_path / "cards.jsonl"
    dump.write_text(json.dumps({"id": "org/m", "pipeline_tag": "translation", "meta": {"license": "mit"}, "description": ""}) + "\n")
    hive = [sys.executable, "-c", "from hive.cli import main; main()"]
    built = subprocess.run([*hive, "kg", "build", "--source", f"jsonl:{dump}", "--out", str(tmp_path / "kg")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert "models 1, tasks 1, licences 1" in built.stdout
    stats = subprocess.run([*hive, "kg", "stats", "--kg", str(tmp_path / "kg"), "--json"], capture_output=True, text=True)
    assert json.loads(stats.stdout)["models"] == 1
    checked = subprocess.run([*hive, "kg", "validate", "--kg", str(tmp_path / "kg")], capture_output=True, text=True)
    assert checked.returncode == 0 and "every check passed" in checked.stdout
    bad = subprocess.run([*hive, "kg", "build", "--source", "ftp:x", "--out", str(tmp_path / "o")], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown source kind 'ftp'")
    missing = subprocess.run([*hive, "kg", "stats", "--kg", str(tmp_path / "nothing")], capture_output=True, text=True)
    assert missing.returncode == 2 and "no knowledge graph at" in missing.stderr
