"""The shipped snapshot as an on-disk pyoxigraph store in HIVE's cache folder, built once per machine.

Parsing the snapshot's N-Triples into memory costs about 0.1 s at every start of `hive plan`; opening a
store on disk read-only costs a few milliseconds. The store's folder is named by the snapshot's SHA-256
and pyoxigraph's version, so a new snapshot or a new store format gets a folder of its own and a stale
store is never read. The folder appears whole or not at all (built beside it, then renamed). A cache
that cannot be written or a store that cannot be opened gives None: the caller parses the snapshot.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import pyoxigraph

from hive.cache import cache_root

FOLDER = "ckg"  # under HIVE_CACHE


def cached_store(snapshot: bytes) -> pyoxigraph.Store | None:
    """A read-only store holding `snapshot` (gzipped N-Triples, as shipped), from the cache or built into
    it now; None when the cache cannot serve it."""
    folder = store_folder(snapshot)
    store = _open(folder)
    if store is None and _build(folder, snapshot):
        store = _open(folder)
    return store


def store_folder(snapshot: bytes) -> Path:
    """Where the store of this snapshot, in this pyoxigraph's format, lives."""
    digest = hashlib.sha256(snapshot).hexdigest()[:16]
    return cache_root() / FOLDER / f"{digest}-pyoxigraph-{pyoxigraph.__version__}"


def _open(folder: Path) -> pyoxigraph.Store | None:
    if not folder.is_dir():
        return None
    try:
        return pyoxigraph.Store.read_only(str(folder))
    except OSError:  # damaged (a file removed by hand, a full disk): built again
        shutil.rmtree(folder, ignore_errors=True)
        return None


def _build(folder: Path, snapshot: bytes) -> bool:
    """Write the store into a new folder beside `folder`, then rename it into place; False if that fails."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    except OSError:
        return False
    try:
        store = pyoxigraph.Store(str(staging))
        store.bulk_load(gzip.decompress(snapshot), format=pyoxigraph.RdfFormat.N_TRIPLES)
        store.flush()
        del store  # closes the database before its folder moves
        os.rename(staging, folder)
        return True
    except Exception:  # noqa: BLE001 - a full disk, a damaged snapshot (which the in-memory load then reports), or
        # another process that renamed its own build into place first (then its store serves)
        shutil.rmtree(staging, ignore_errors=True)
        return folder.is_dir()
