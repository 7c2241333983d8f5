"""Before a step is called done: is its output an answer to what was asked? An empty or refused answer,
a summary no shorter than its input, a translation in another language than the one asked for, or the
input handed back untranslated is a failed step with its reason."""

from __future__ import annotations

import re
from typing import Any

from hive.execution.values import as_text
from hive.understanding.language import FUNCTION_WORDS, written_in

# Tasks that write new text (their answer must not be empty or a refusal).
WRITING_TASKS = frozenset({
    "summarization", "translation", "text-generation", "text2text-generation", "conversational", "question-answering",
    "table-question-answering", "document-question-answering", "visual-question-answering", "image-to-text",
})
# How an instruction model declines: an apology followed by "I can't", or speaking of itself as an AI.
REFUSAL = re.compile(r"^\W*(?:(?:i'?m|i am)\s+(?:so\s+)?sorry,?\s+(?:but\s+)?i\s+(?:can(?:'|no)?t|am unable|won'?t)|"
                     r"i\s+(?:can(?:'|no)?t|am unable to|won'?t)\s+(?:help|assist|comply|provide|do that)|as an ai\b)", re.I)
MIN_WORDS_TO_SHORTEN = 30  # a summary of a shorter text may fairly be as long as it


def output_problem(task: str, arguments: dict[str, Any], value: Any, language: str | None = None) -> str | None:
    """Why the output of a `task` step given `arguments` is not an answer, or None when it is."""
    if task not in WRITING_TASKS:
        return None
    text = as_text(value).strip()
    if not text:
        return "the model returned an empty answer"
    if REFUSAL.match(text):
        return f"the model declined: {_quoted(text)}"
    source = str(arguments.get("text") or "")
    if task == "summarization" and len(source.split()) >= MIN_WORDS_TO_SHORTEN and len(text.split()) >= len(source.split()):
        return f"the summary ({len(text.split())} words) is not shorter than its input ({len(source.split())} words)"
    if task == "translation":
        return _translation_problem(source, text, language or "English")
    return None


def _translation_problem(source: str, translation: str, language: str) -> str | None:
    if source.strip() and translation.casefold() == source.strip().casefold() and written_in(source) not in (None, language):
        return f"the model handed back its input untranslated, not {language}"
    written = written_in(translation)
    if written is not None and written != language and (language in FUNCTION_WORDS or written == "English"):
        return f"the translation reads as {written}, not {language}: {_quoted(translation)}"
    return None


def _quoted(text: str, limit: int = 80) -> str:
    line = " ".join(text.split())
    return f'"{line[:limit]}…"' if len(line) > limit else f'"{line}"'
