"""Snippets: one Python function per model, `run(<task inputs>, model=<id>, device="cpu")`.

Two writers behind one interface:
- `TemplateWriter` (deterministic, offline): recognises the loader the card's code uses (a transformers
  pipeline or classes, sentence-transformers, diffusers, spaCy, flair, SpeechBrain) and fills that
  loader's template; a card without usable code gets the task's fallback template, marked as such.
- `LLMWriter`: the HIVE paper's approach, an LLM rewrites the card's code with the prompt in
  `prompts/snippet.md`; its answer is checked like any other snippet, and the template is used instead
  when it fails.
Every snippet passes `hive.snippet_policy.check_snippet` before it enters the graph.
"""

from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Protocol

import yaml

from hive.planning.library import load_library
from hive.snippet_policy import Signature, SnippetRejected, check_snippet
from kg_builder.extract import ModelFacts

TEMPLATES = Path(__file__).parent / "templates"
PROMPTS = Path(__file__).parent / "prompts"
OWN, FALLBACK = "own", "fallback"
TRANSFORMERS_CLASS = re.compile(r"\b((?:Auto|[A-Z][A-Za-z0-9]*)(?:For[A-Za-z]+|Model|Processor|Tokenizer(?:Fast)?|FeatureExtractor|ImageProcessor))\.from_pretrained\(")
DIFFUSERS_CLASS = re.compile(r"\b(\w*Pipeline)\.from_pretrained\(")
SPEECHBRAIN_CLASS = re.compile(r"\b(\w+)\.from_hparams\(")
IMPORT_ALIAS = re.compile(r"\bimport\s+(\w+)\s+as\s+(\w+)")
PIPELINE_TASK = re.compile(r"\bpipeline\(\s*(?:task\s*=\s*)?[\"']([\w-]+)[\"']")
COMPONENT_KEYWORD = (("TokenizerFast", "tokenizer"), ("Tokenizer", "tokenizer"), ("ImageProcessor", "image_processor"),
                     ("FeatureExtractor", "feature_extractor"), ("Processor", "processor"))


@dataclass(frozen=True)
class Snippet:
    model_id: str
    task: str
    code: str
    kind: str  # OWN (from the card's code) | FALLBACK (the task's template)
    loader: str
    note: str = ""


class SnippetWriter(Protocol):
    def write(self, facts: ModelFacts, task: str) -> Snippet: ...


@lru_cache(maxsize=1)
def _calls() -> dict:
    return yaml.safe_load((TEMPLATES / "calls.yaml").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _template(name: str) -> string.Template:
    return string.Template((TEMPLATES / f"{name}.py.tmpl").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def task_inputs() -> dict[str, tuple[str, ...]]:
    """Pipeline tag -> the input names of the library action for it (the snippet's parameters)."""
    found: dict[str, tuple[str, ...]] = {}
    for action in load_library().actions.values():
        names = tuple(param[1:] for param, _modality in action.inputs)
        found.setdefault(action.name, names)
        found.setdefault(action.pipeline_tag, names)
    return found


def signature_for(facts: ModelFacts, task: str) -> Signature:
    return Signature(task_inputs()[task], facts.id)


def _parameters(signature: Signature) -> str:
    kinds = {"table": "dict | None = None", "labels": "list | None = None"}
    return ", ".join(f"{name}: {kinds.get(name, 'str = ' + repr(''))}" for name in signature.inputs)


class TemplateWriter:
    """Deterministic snippets from the loader a card's code uses."""

    def write(self, facts: ModelFacts, task: str) -> Snippet:
        signature = signature_for(facts, task)
        for code in facts.code_blocks:
            snippet = self._from_card_code(facts, task, signature, code)
            if snippet is not None:
                try:
                    check_snippet(snippet.code, signature)
                    return snippet
                except SnippetRejected:
                    continue
        return self.fallback(facts, task)

    def fallback(self, facts: ModelFacts, task: str) -> Snippet:
        """The task's template for this model id."""
        signature = signature_for(facts, task)
        loader = _calls()["fallback_loader"].get(task, "transformers_pipeline")
        fields = {"pipeline_class": "DiffusionPipeline"} if loader == "diffusers" else {}
        if loader == "speechbrain":
            fields = self._speechbrain_fallback(facts.id)
        code = self._fill(loader, facts, task, signature, **fields)
        check_snippet(code, signature)
        return Snippet(facts.id, task, code, FALLBACK, loader, "no usable loading code in the card")

    @staticmethod
    def _speechbrain_fallback(model_id: str) -> dict[str, str]:
        rules = _calls()["speechbrain_fallback"]
        name = next((cls for pattern, cls in rules["by_id"].items() if pattern in model_id.lower()), rules["default"])
        return {"speechbrain_class": name, "call": _calls()["speechbrain"][name]}

    def _from_card_code(self, facts: ModelFacts, task: str, signature: Signature, code: str) -> Snippet | None:
        calls = _calls()
        if "SentenceTransformer(" in code and task == "sentence-similarity":
            return self._own("sentence_transformers", facts, task, signature)
        if "from diffusers" in code and task in calls["diffusers"]:
            match = DIFFUSERS_CLASS.search(code)
            return self._own("diffusers", facts, task, signature, pipeline_class=match.group(1) if match else "DiffusionPipeline")
        if "spacy.load(" in code and task == "token-classification":
            return self._own("spacy", facts, task, signature)
        if "SequenceTagger.load(" in code and task == "token-classification":
            return self._own("flair", facts, task, signature)
        match = SPEECHBRAIN_CLASS.search(code)
        aliases = {alias: name for name, alias in IMPORT_ALIAS.findall(code)}  # "import SepformerSeparation as separator"
        speechbrain_class = aliases.get(match.group(1), match.group(1)) if match else None
        if "speechbrain" in code and speechbrain_class in calls["speechbrain"]:
            return self._own("speechbrain", facts, task, signature, speechbrain_class=speechbrain_class,
                             call=calls["speechbrain"][speechbrain_class])
        if task not in calls["transformers"]:
            return None
        classes = sorted(set(TRANSFORMERS_CLASS.findall(code)))
        if "pipeline(" in code or not classes:
            return self._own("transformers_pipeline", facts, task, signature) if "pipeline(" in code else None
        return self._own("transformers_classes", facts, task, signature, **self._class_fields(classes))

    @staticmethod
    def _class_fields(classes: list[str]) -> dict[str, str]:
        loads, components = [], []
        for name in classes:
            keyword = next((k for suffix, k in COMPONENT_KEYWORD if name.endswith(suffix)), "model")
            variable = f"{keyword}_{len(loads)}" if keyword != "model" else "network"
            loads.append(f"    {variable} = {name}.from_pretrained(model)")
            components.append(f"{keyword}={variable}, ")
        if not any(c.startswith("model=") for c in components):
            components.insert(0, "model=model, ")
        return {"classes": ", ".join(classes), "loads": "\n".join(loads), "components": "".join(dict.fromkeys(components))}

    def _own(self, loader: str, facts: ModelFacts, task: str, signature: Signature, **fields: str) -> Snippet:
        return Snippet(facts.id, task, self._fill(loader, facts, task, signature, **fields), OWN, loader, "loader taken from the card's code")

    @staticmethod
    def _fill(loader: str, facts: ModelFacts, task: str, signature: Signature, **fields: str) -> str:
        calls = _calls()
        family = "diffusers" if loader == "diffusers" else "transformers"
        values = {
            "params": _parameters(signature),
            "model_id": repr(facts.id),
            "doc": repr(f"{task} with {facts.id}."),  # a string literal, whatever the id holds
            "pipeline_task": repr(calls["pipeline_task"].get(task, task)),
            "call": calls.get(family, {}).get(task, ""),
            **fields,
        }
        return _template(loader).substitute(values)


TEMPLATE_IMPORTS = {  # where a filled template names the fields it took from the card's code
    "diffusers": re.compile(r"^    from diffusers import (\w+)$", re.M),
    "speechbrain": re.compile(r"^    from speechbrain\.inference import (\w+)$", re.M),
    "transformers_classes": re.compile(r"^    from transformers import (\w+(?:, \w+)*), pipeline$", re.M),
}


def loader_templates() -> set[str]:
    return {path.name.removesuffix(".py.tmpl") for path in TEMPLATES.glob("*.py.tmpl")}


def written_again(code: str, model_id: str, loader: str, fallback: bool) -> str | None:
    """The snippet this builder writes for `model_id` with the template `loader` names, the fields it
    would have taken from a card read back from `code` (a pipeline class, speechbrain class, transformers
    classes); None when `loader` is no template or `code` names no task in its docstring. A snippet equal
    to this is an instance of its template and nothing else."""
    if loader not in loader_templates():
        return None
    try:
        function = ast.parse(code).body[0]
        task = (ast.get_docstring(function) or "").split(" with ")[0]
    except (SyntaxError, IndexError, TypeError):
        return None
    if task not in task_inputs():
        return None
    facts = ModelFacts(id=model_id, source="graph", pipeline_tag=task)
    writer = TemplateWriter()
    if fallback:
        return writer.fallback(facts, task).code
    fields: dict[str, str] = {}
    found = TEMPLATE_IMPORTS[loader].search(code) if loader in TEMPLATE_IMPORTS else None
    if loader in TEMPLATE_IMPORTS and found is None:
        return None
    if loader == "diffusers":
        fields = {"pipeline_class": found.group(1)}
    elif loader == "speechbrain":
        if found.group(1) not in _calls()["speechbrain"]:
            return None
        fields = {"speechbrain_class": found.group(1), "call": _calls()["speechbrain"][found.group(1)]}
    elif loader == "transformers_classes":
        fields = writer._class_fields(found.group(1).split(", "))
    return writer._fill(loader, facts, task, signature_for(facts, task), **fields)


class LLMWriter:
    """The paper's route: an LLM rewrites the card's usage code into the fixed signature."""

    def __init__(self, complete: Callable[[str], str], fallback: TemplateWriter | None = None) -> None:
        self.complete = complete
        self.fallback = fallback or TemplateWriter()
        self.prompt = string.Template((PROMPTS / "snippet.md").read_text(encoding="utf-8"))

    def write(self, facts: ModelFacts, task: str) -> Snippet:
        if not facts.code_blocks:
            return self.fallback.fallback(facts, task)
        signature = signature_for(facts, task)
        prompt = self.prompt.substitute(
            model_id=facts.id, task=task, signature=f"def run({_parameters(signature)}, model: str = {facts.id!r}, device: str = 'cpu'):",
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
