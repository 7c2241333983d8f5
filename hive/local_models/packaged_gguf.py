"""GGUF models that PyPI packages carry in parts (`packaged.yaml`), joined once into the cache folder."""

from __future__ import annotations

import importlib.util
import os
import shutil
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from hive.errors import HiveError

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
    entries = yaml.safe_load(resources.files("hive.local_models").joinpath("packaged.yaml").read_text(encoding="utf-8"))
    return {e["name"]: PackagedGGUF(e["name"], e["model"], e["distribution"], e["module"], e["file"], e["count"], e["bytes"])
            for e in entries}


def cache_dir() -> Path:
    return Path(os.environ.get("HIVE_CACHE") or Path.home() / ".cache" / "hive") / "models"


def joined_gguf(name: str) -> Path:
    """The path of the joined model file, joining the parts first if the cache lacks a complete copy.

    The parts are written to a temporary file that is renamed into place, so a crash or a concurrent
    join never leaves a half-written model where a later load would find it."""
    packaged = packaged_models()[name]
    parts = packaged.parts()
    target = cache_dir() / f"{name}.gguf"
    expected = sum(p.stat().st_size for p in parts)
    if target.is_file() and target.stat().st_size == expected:
        return target
    with parts[0].open("rb") as first:
        if first.read(len(GGUF_MAGIC)) != GGUF_MAGIC:
            raise HiveError(f"{parts[0]} does not start a GGUF file; reinstall {packaged.distributions()[0]}")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with partial.open("wb") as out:
            for part in parts:
                with part.open("rb") as chunk:
                    shutil.copyfileobj(chunk, out, length=16 * 2**20)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target
