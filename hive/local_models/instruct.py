"""Language tasks done by a packaged instruction LLM: one prompt file per task (`prompts/<task>.md`).

A text longer than the model's context is read in parts that fit (split at paragraphs, then sentences,
then words); each task's snippet says how the parts' answers combine.
"""

from __future__ import annotations

import re
import string
from importlib import resources

from hive.llm.local_backend import LlamaCppLocal
from hive.llm.openai_backend import MAX_ANSWER_TOKENS

DEFAULT_MODEL = "qwen2.5-coder-1.5b-instruct"
CHAT_TEMPLATE_TOKENS = 64  # the chat template's role markers around the prompt, with room to spare
CONDENSING_ROUNDS = 4  # each round shrinks the text to a few answers; four rounds cover any input HIVE accepts
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def load_instruct_model(name: str = DEFAULT_MODEL) -> LlamaCppLocal:
    """The packaged model behind llama.cpp (workers memoize this loader: the registry, offline.yaml, names it)."""
    return LlamaCppLocal(name)  # find_gguf joins a packaged model's parts on first use


def prompt(task: str, **fields: str) -> str:
    template = resources.files("hive.local_models").joinpath("prompts", f"{task}.md").read_text(encoding="utf-8")
    return string.Template(template).substitute(fields)


def instruct(task: str, name: str = DEFAULT_MODEL, **fields: str) -> str:
    """The model's answer to the task's prompt filled with `fields`, stripped of surrounding space."""
    return _answer(load_instruct_model(name), task, fields)


def chosen_label(text: str, labels: list[str], name: str = DEFAULT_MODEL) -> str:
    """The first of `labels` the model's answer names (any case), else its answer as it is."""
    answer = instruct("zero-shot-classification", name, text=text, labels=", ".join(labels))
    return next((label for label in labels if label.lower() in answer.lower()), answer)


def instruct_in_parts(task: str, text: str, name: str = DEFAULT_MODEL, **fields: str) -> list[str]:
    """The answers to the task's prompt for each part of `text` that fits the context with the prompt
    and an answer (one part when the whole text fits)."""
    model = load_instruct_model(name)
    return [_answer(model, task, {**fields, "text": part}) for part in _parts(model, task, text, fields)]


def condensed(task: str, text: str, name: str = DEFAULT_MODEL, **fields: str) -> str:
    """One answer for a whole text (a summary): the parts' answers, joined, are asked again until one remains."""
    answers = instruct_in_parts(task, text, name, **fields)
    for _round in range(CONDENSING_ROUNDS):
        if len(answers) == 1:
            break
        answers = instruct_in_parts(task, "\n\n".join(answers), name, **fields)
    return "\n\n".join(answers)


def parts_that_fit(task: str, text: str, name: str = DEFAULT_MODEL, **fields: str) -> list[str]:
    """`text` cut, in order, into parts that each fit the model's context beside the task's prompt."""
    return _parts(load_instruct_model(name), task, text, fields)


def _answer(model: LlamaCppLocal, task: str, fields: dict[str, str]) -> str:
    return model.complete([{"role": "user", "content": prompt(task, **fields)}]).text.strip()


def _parts(model: LlamaCppLocal, task: str, text: str, fields: dict[str, str]) -> list[str]:
    budget = model.context - MAX_ANSWER_TOKENS - CHAT_TEMPLATE_TOKENS - model.tokens(prompt(task, text="", **fields))
    if budget <= 0:
        raise ValueError(f"the {task} prompt leaves no room for the text in a {model.context}-token context")
    if model.tokens(text) <= budget:
        return [text]
    parts: list[str] = []
    for piece in _pieces(text, budget, model.tokens):
        if parts and model.tokens(parts[-1] + "\n\n" + piece) <= budget:
            parts[-1] += "\n\n" + piece
        else:
            parts.append(piece)
    return parts


def _pieces(text: str, budget: int, tokens) -> list[str]:
    """Paragraphs, or the sentences (else words) of those too long, each within `budget` tokens."""
    pieces: list[str] = []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if not paragraph:
            continue
        if tokens(paragraph) <= budget:
            pieces.append(paragraph)
            continue
        for sentence in SENTENCE_END.split(paragraph):
            if tokens(sentence) <= budget:
                pieces.append(sentence)
            else:
                words = sentence.split()
                step = max(1, len(words) * budget // max(1, tokens(sentence)) // 2)
                pieces += [" ".join(words[i:i + step]) for i in range(0, len(words), step)]
    return pieces
