"""The shipped snapshot's on-disk store in the cache folder: built once, reused, rebuilt when damaged, named by
the snapshot it holds, and never in the way (a cache that cannot be written falls back to the in-memory load)."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys

import pytest

from hive.kg.queries import rows
from hive.kg.store import _load_ntriples, _snapshot_store, snapshot_path
from hive.kg.store_cache import _build, cached_store, store_folder

COUNTS = ("PREFIX hive: <https://w3id.org/hive/ckg#> SELECT (COUNT(DISTINCT ?m) AS ?models) (COUNT(*) AS ?facts) "
          "WHERE { ?m a hive:Model ; ?p ?o }")


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("HIVE_CACHE", str(folder))
    return folder


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return snapshot_path().read_bytes()


@pytest.fixture(scope="module")
def in_memory():
    return rows(_load_ntriples(snapshot_path()), COUNTS)


def test_the_first_open_builds_the_store_and_later_ones_reuse_it(cache, shipped, in_memory):
    store = cached_store(shipped)
    folder = store_folder(shipped)
    assert store is not None and folder.is_dir() and folder.parent.parent == cache
    assert rows(store, COUNTS) == in_memory
    built = {path.name: path.stat().st_mtime_ns for path in folder.iterdir()}
    assert rows(cached_store(shipped), COUNTS) == in_memory
    assert {path.name: path.stat().st_mtime_ns for path in folder.iterdir() if path.name in built} == built
    assert [p.name for p in folder.parent.iterdir()] == [folder.name]  # no staging folder left behind


def test_another_snapshot_or_store_format_gets_a_folder_of_its_own(cache, shipped, monkeypatch):
    import pyoxigraph

    folder = store_folder(shipped)
    assert store_folder(shipped + b"\n") != folder
    monkeypatch.setattr(pyoxigraph, "__version__", "0.0.0")
    assert store_folder(shipped) != folder


def test_the_store_of_another_snapshot_is_never_read(cache, shipped, in_memory):
    one_fact = gzip.compress(b'<https://example.org/m> <https://example.org/p> "1" .\n')
    assert len(cached_store(one_fact)) == 1
    assert rows(cached_store(shipped), COUNTS) == in_memory
    assert len(cached_store(one_fact)) == 1 and len(list((cache / "ckg").iterdir())) == 2


def test_a_damaged_store_is_built_again(cache, shipped, in_memory):
    cached_store(shipped)
    folder = store_folder(shipped)
    for table in folder.glob("*.sst"):
        table.write_bytes(b"not a table")
    (folder / "CURRENT").write_text("MANIFEST-999999\n")
    assert rows(cached_store(shipped), COUNTS) == in_memory


def test_a_cache_that_cannot_be_written_falls_back_to_memory(tmp_path, monkeypatch, shipped, in_memory):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("HIVE_CACHE", str(blocked))
    assert cached_store(shipped) is None
    assert rows(_snapshot_store.__wrapped__(), COUNTS) == in_memory


def test_a_damaged_snapshot_leaves_nothing_behind(cache):
    assert cached_store(b"not gzipped N-Triples") is None
    assert not any((cache / "ckg").iterdir())


def test_a_store_another_process_moved_into_place_first_serves(cache, shipped):
    cached_store(shipped)
    assert _build(store_folder(shipped), shipped)  # this process's build loses the race to the rename
    assert [p.name for p in (cache / "ckg").iterdir()] == [store_folder(shipped).name]


def test_hive_plan_runs_with_a_cache_folder_it_cannot_write(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    done = subprocess.run([sys.executable, "-m", "hive.cli", "plan", "transcribe ./a.wav", "--json"], capture_output=True,
                          text=True, env={**os.environ, "HIVE_CACHE": str(blocked)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"model"' in done.stdout and "Traceback" not in done.stderr
