"""Past runs: the run directories under a folder (staging directories of unfinished runs are hidden)."""

from __future__ import annotations

import json
from pathlib import Path

from hive.errors import HiveError


def list_runs(folder: Path) -> list[dict]:
    manifests = []
    for path in sorted(folder.glob("*/manifest.json"), reverse=True):
        try:
            manifests.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError):
            continue
    return manifests


def run_directory(folder: Path, run_id: str) -> Path:
    directory = folder / run_id
    if run_id.startswith(".") or "/" in run_id or not (directory / "manifest.json").exists():
        known = [m["id"] for m in list_runs(folder)][:5]
        raise HiveError(f"no run '{run_id}' in {folder}; recent runs: {', '.join(known) or 'none'}")
    return directory
