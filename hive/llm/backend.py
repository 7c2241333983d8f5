"""The interface every LLM back-end offers, and the usage it reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from hive.errors import HiveError


class LLMUnavailable(HiveError):
    """The back-end cannot be used at all (unreachable, wrong key, timed out, missing model)."""


@dataclass
class Completion:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0


@dataclass
class Usage:
    """Calls, tokens and time, per stage."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    milliseconds: float = 0.0
    retries: int = 0
    invalid: int = 0  # answers that broke the schema or named something impossible
    fallback: bool = False
    errors: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)  # what the LLM decided differently from the embedded reading

    def add(self, completion: Completion) -> None:
        self.calls += 1
        self.prompt_tokens += completion.prompt_tokens
        self.completion_tokens += completion.completion_tokens
        self.milliseconds += completion.seconds * 1000


class LLMBackend(Protocol):
    """Answers chat messages, constrained to a JSON schema where the back-end supports it."""

    name: str

    def complete(self, messages: list[dict[str, str]], schema: dict[str, Any] | None = None) -> Completion: ...


def prompt_function(understander: object) -> Callable[[str], str] | None:
    """The understander's LLM back-end as a text-in, text-out function, or None for the rules."""
    backend = getattr(understander, "backend", None)
    if backend is None:
        return None
    return lambda prompt: backend.complete([{"role": "user", "content": prompt}]).text
