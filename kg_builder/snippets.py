"""The builder's snippet writers: one interface, two routes.

- `hive.kg.snippet_templates.TemplateWriter` (deterministic, offline): the runtime's templates.
- `LLMWriter`: the HIVE paper's approach, an LLM rewrites the card's code with the prompt in
  `prompts/snippet.md`; its answer is checked like any other snippet, and the template is used instead
  when it fails.
Every snippet passes `hive.snippet_policy.check_snippet` before it enters the graph.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Callable, Protocol

from hive.kg.snippet_templates import OWN, CardCode, Snippet, TemplateWriter, parameters, signature_for
from hive.snippet_policy import SnippetRejected, check_snippet

PROMPTS = Path(__file__).parent / "prompts"


class SnippetWriter(Protocol):
    def write(self, facts: CardCode, task: str) -> Snippet: ...


class LLMWriter:
    """The paper's route: an LLM rewrites the card's usage code into the fixed signature."""

    def __init__(self, complete: Callable[[str], str], fallback: TemplateWriter | None = None) -> None:
        self.complete = complete
        self.fallback = fallback or TemplateWriter()
        self.prompt = string.Template((PROMPTS / "snippet.md").read_text(encoding="utf-8"))

    def write(self, facts: CardCode, task: str) -> Snippet:
        if not facts.code_blocks:
            return self.fallback.fallback(facts.id, task)
        signature = signature_for(facts.id, task)
        prompt = self.prompt.substitute(
            model_id=facts.id, task=task, signature=f"def run({parameters(signature)}, model: str = {facts.id!r}, device: str = 'cpu'):",
            code="\n\n".join(facts.code_blocks),
        )
        answer = _code_from_answer(self.complete(prompt))
        try:
            check_snippet(answer, signature)
        except SnippetRejected as exc:
            snippet = self.fallback.write(facts, task)
            return Snippet(snippet.model_id, task, snippet.code, snippet.kind, snippet.loader, f"LLM answer rejected: {exc}")
        return Snippet(facts.id, task, answer, OWN, "llm", "rewritten from the card's code by the LLM")


def _code_from_answer(answer: str) -> str:
    fenced = re.search(r"```(?:python)?\n(.*?)```", answer, re.S)
    return (fenced.group(1) if fenced else answer).strip() + "\n"
