"""Start `hive serve` as a separate process and wait until it answers (for scripts, tests, benchmarks)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import requests

from hive.errors import HiveError


def start_server(data: Path, port: int, *flags: str, wait: float = 60.0) -> subprocess.Popen:
    """A `hive serve` process on 127.0.0.1:`port` (in its own process group) once /health answers."""
    process = subprocess.Popen([sys.executable, "-m", "hive.cli", "serve", "--port", str(port), "--data", str(data), *flags],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + wait
    while time.time() < deadline and process.poll() is None:
        try:
            if requests.get(f"http://127.0.0.1:{port}/health", timeout=1).ok:
                return process
        except requests.ConnectionError:
            time.sleep(0.1)
    process.kill()
    raise HiveError(f"hive serve did not start on port {port}: {process.stderr.read().decode()[-2000:]}")
