"""The `hive` command run as a user runs it, in a process of its own, and the request files `hive batch` reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def hive(*args: str, cwd: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`hive ARGS` in a fresh Python process; its exit code and output, as text."""
    return subprocess.run([sys.executable, "-m", "hive.cli", *args], input=stdin, capture_output=True, text=True, cwd=cwd,
                          timeout=600)


def write_requests(path: Path, items: list[dict]) -> Path:
    """A batch file of `items`' ids and queries, one JSON object a line."""
    path.write_text("".join(json.dumps({"id": i["id"], "query": i["query"]}) + "\n" for i in items))
    return path
