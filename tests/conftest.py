"""Shared fixtures: the shipped domain library, a planner, and the development benchmark when present."""

from __future__ import annotations

import json
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
