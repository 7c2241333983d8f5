"""Open a C-KG: the snapshot shipped in the package (default), or a directory written by `hive kg build`."""

from __future__ import annotations

import gzip
import importlib.resources
from functools import lru_cache
from pathlib import Path

import pyoxigraph

from hive.errors import HiveError
from hive.kg.store_cache import cached_store

SNAPSHOT_NAME = "ckg.nt.gz"
PENDING_EDIT = "pending.npz"  # beside a build's ckg.nt while an update has not finished editing it (kg_builder/in_place.py)


def snapshot_path() -> Path:
    """The snapshot shipped inside the package (built from HuggingGPT's 673-card dump)."""
    return Path(str(importlib.resources.files("hive.data").joinpath(SNAPSHOT_NAME)))


def open_kg(location: str | Path | None = None) -> pyoxigraph.Store:
    """A read-only view of the graph at `location`: None = the shipped snapshot, a build directory, or an .nt(.gz) file."""
    if location is None:
        return _snapshot_store()
    path = Path(location)
    if (path / "store").is_dir():
        try:
            return pyoxigraph.Store.read_only(str(path / "store"))
        except OSError as exc:
            raise HiveError(f"cannot open the graph store in {path}: {exc}") from exc
    for candidate in (path, path / "ckg.nt", path / SNAPSHOT_NAME):
        if candidate.is_file():
            if (candidate.parent / PENDING_EDIT).exists():
                raise HiveError(f"{candidate} is being edited by an unfinished update: run the update again "
                                f"('hive kg build --update --out {candidate.parent} ...') to finish it, or use the folder's store")
            return _load_ntriples(candidate)
    raise HiveError(f"no knowledge graph at {location}: expected a directory from 'hive kg build' or an .nt/.nt.gz file")


@lru_cache(maxsize=1)
def _snapshot_store() -> pyoxigraph.Store:
    """The snapshot's store from the cache folder (a few ms), else parsed into memory (~0.1 s)."""
    path = snapshot_path()
    if not path.exists():
        raise HiveError("the shipped knowledge graph is missing from the installation; reinstall HIVE")
    return cached_store(path.read_bytes()) or _load_ntriples(path)


def _load_ntriples(path: Path) -> pyoxigraph.Store:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    store = pyoxigraph.Store()
    try:
        store.bulk_load(data, format=pyoxigraph.RdfFormat.N_TRIPLES)
    except SyntaxError as exc:
        raise HiveError(f"{path} is not valid N-Triples: {exc}") from exc
    return store
