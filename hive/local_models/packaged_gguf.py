"""GGUF models that PyPI packages carry in parts (the registry's `gguf` entries), joined once into the cache folder."""

from __future__ import annotations

import hashlib
import importlib.util
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hive.cache import cache_root
from hive.errors import HiveError
from hive.execution.registry import registry
from hive.local_models.digests import blocks, file_digest, is_recorded, write_record

GGUF_MAGIC = b"GGUF"


@dataclass(frozen=True)
class PackagedGGUF:
    """One model: its name, the hub id it stands for, and where its parts live."""

    name: str
    model: str
    distribution: str
    module: str
    file: str
    count: int
    bytes: int  # the joined file's size
    sha256: str  # the joined file's pinned digest

    def distributions(self) -> list[str]:
        return [self.distribution.format(n=n) for n in range(1, self.count + 1)]

    def missing(self) -> list[str]:
        """The part distributions that are not installed."""
        return [d for n, d in enumerate(self.distributions(), start=1)
                if importlib.util.find_spec(self.module.format(n=n)) is None]

    def parts(self) -> list[Path]:
        found = []
        for n in range(1, self.count + 1):
            spec = importlib.util.find_spec(self.module.format(n=n))
            if spec is None or not spec.submodule_search_locations:
                raise HiveError(f"the model {self.name} needs {self.distribution.format(n=n)}; "
                                f"pip install {' '.join(self.missing())}")
            found.append(Path(next(iter(spec.submodule_search_locations))) / self.file.format(n=n))
        return found


@lru_cache(maxsize=1)
def packaged_models() -> dict[str, PackagedGGUF]:
    """Name -> the split GGUF models of the registry."""
    ggufs = [(m["model"], m["gguf"]) for m in registry()["models"] if "gguf" in m]
    return {g["name"]: PackagedGGUF(g["name"], model, g["distribution"], g["module"], g["file"], g["count"], g["bytes"], g["sha256"])
            for model, g in ggufs}


def cache_dir() -> Path:
    return cache_root() / "models"


def joined_gguf(name: str) -> Path:
    """The path of the joined model file, joining the parts first if the cache lacks a verified copy.

    The parts are written to a temporary file that is renamed into place only when its SHA-256 is the
    pinned one, so a crash, a concurrent join or a tampered part never leaves a model where a later load
    would find it. A verified copy is recorded beside it (digest, size, modification time); a copy that
    changed since is verified again before use."""
    packaged = packaged_models()[name]
    parts = packaged.parts()
    target = cache_dir() / f"{name}.gguf"
    if is_recorded(_record_of(target), [target], packaged.sha256):
        return target
    if target.is_file() and file_digest(target) == packaged.sha256:  # a copy that changed since, or was never recorded
        write_record(_record_of(target), [target], packaged.sha256)
        return target
    with parts[0].open("rb") as first:
        if first.read(len(GGUF_MAGIC)) != GGUF_MAGIC:
            raise HiveError(f"{parts[0]} does not start a GGUF file; reinstall {packaged.distributions()[0]}")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    digest = hashlib.sha256()
    try:
        with partial.open("wb") as out:
            for part in parts:
                for block in blocks(part):
                    digest.update(block)
                    out.write(block)
        if digest.hexdigest() != packaged.sha256:
            raise HiveError(f"the joined model {name} does not match its pinned SHA-256 ({digest.hexdigest()[:12]}… "
                            f"instead of {packaged.sha256[:12]}…); reinstall its parts: pip install --force-reinstall "
                            f"{' '.join(packaged.distributions())}")
        os.replace(partial, target)
        write_record(_record_of(target), [target], packaged.sha256)
    finally:
        partial.unlink(missing_ok=True)
    return target


def _record_of(target: Path) -> Path:
    return target.with_name(target.name + ".verified")
