"""Language tasks done by a packaged instruction LLM: one prompt file per task (`prompts/<task>.md`)."""

from __future__ import annotations

import string
from importlib import resources

from hive.llm.local_backend import LlamaCppLocal

DEFAULT_MODEL = "qwen2.5-coder-1.5b-instruct"


def load_instruct_model(name: str = DEFAULT_MODEL) -> LlamaCppLocal:
    """The packaged model behind llama.cpp (workers memoize this loader: see loaders.yaml)."""
    return LlamaCppLocal(name)  # find_gguf joins a packaged model's parts on first use


def prompt(task: str, **fields: str) -> str:
    template = resources.files("hive.local_models").joinpath("prompts", f"{task}.md").read_text(encoding="utf-8")
    return string.Template(template).substitute(fields)


def instruct(task: str, name: str = DEFAULT_MODEL, **fields: str) -> str:
    """The model's answer to the task's prompt filled with `fields`, stripped of surrounding space."""
    answer = load_instruct_model(name).complete([{"role": "user", "content": prompt(task, **fields)}])
    return answer.text.strip()
