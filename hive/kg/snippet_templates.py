"""Snippets from templates: one Python function per model, `run(<task inputs>, model=<id>, device="cpu")`.

`TemplateWriter` (deterministic, offline) recognises the loader a card's code uses (a transformers
pipeline or classes, sentence-transformers, diffusers, spaCy, flair, SpeechBrain) and fills that
loader's template from `templates/`; a card without usable code gets the task's fallback template,
marked as such. The runtime uses it for a step whose graph snippet is missing or refused, and to check
that a graph's snippets are what their template writes; the builder (kg_builder) writes the graph with it.
"""

from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol, Sequence

import yaml

from hive.planning.library import load_library
from hive.snippet_policy import Signature, SnippetRejected, check_snippet

TEMPLATES = Path(__file__).parent / "templates"
OWN, FALLBACK = "own", "fallback"
# A framework prefix (TensorFlow, Flax) is matched outside the class, so a card's TFAutoModel loads AutoModel.
TRANSFORMERS_CLASS = re.compile(r"\b(?:TF|Flax)?((?:Auto|[A-Z][A-Za-z0-9]*)(?:For[A-Za-z]+|Model|Processor|Tokenizer(?:Fast)?|FeatureExtractor|ImageProcessor))\.from_pretrained\(")
DIFFUSERS_CLASS = re.compile(r"\b(?:Flax)?(\w*Pipeline)\.from_pretrained\(")
SPEECHBRAIN_CLASS = re.compile(r"\b(\w+)\.from_hparams\(")
IMPORT_ALIAS = re.compile(r"\bimport\s+(\w+)\s+as\s+(\w+)")
COMPONENT_KEYWORD = (("TokenizerFast", "tokenizer"), ("Tokenizer", "tokenizer"), ("ImageProcessor", "image_processor"),
                     ("FeatureExtractor", "feature_extractor"), ("Processor", "processor"))
TEMPLATE_IMPORTS = {  # where a filled template names the fields it took from the card's code
    "diffusers": re.compile(r"^    from diffusers import (\w+)$", re.M),
    "speechbrain": re.compile(r"^    from speechbrain\.inference import (\w+)$", re.M),
    "transformers_classes": re.compile(r"^    from transformers import (\w+(?:, \w+)*), pipeline$", re.M),
}


class CardCode(Protocol):
    """What a writer reads of a model's facts: its id and its card's usage code."""

    id: str
    code_blocks: Sequence[str]


@dataclass(frozen=True)
class Snippet:
    model_id: str
    task: str
    code: str
    kind: str  # OWN (from the card's code) | FALLBACK (the task's template)
    loader: str
    note: str = ""


@lru_cache(maxsize=1)
def calls() -> dict:
    """How each loader calls a model for each task (`templates/calls.yaml`)."""
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


def signature_for(model_id: str, task: str) -> Signature:
    return Signature(task_inputs()[task], model_id)


def parameters(signature: Signature) -> str:
    """The snippet's task parameters, typed, each with a default."""
    kinds = {"table": "dict | None = None", "labels": "list | None = None"}
    return ", ".join(f"{name}: {kinds.get(name, 'str = ' + repr(''))}" for name in signature.inputs)


def loader_templates() -> set[str]:
    return {path.name.removesuffix(".py.tmpl") for path in TEMPLATES.glob("*.py.tmpl")}


class TemplateWriter:
    """Deterministic snippets from the loader a card's code uses."""

    def write(self, facts: CardCode, task: str) -> Snippet:
        for code in facts.code_blocks:
            choice = self._card_loader(task, code)
            if choice is not None and template_verdict(choice[0], task, tuple(choice[1].items())) is None:
                loader, fields = choice
                code = self.fill(loader, facts.id, task, signature_for(facts.id, task), **fields)
                return Snippet(facts.id, task, code, OWN, loader, "loader taken from the card's code")
        return self.fallback(facts.id, task)

    def fallback(self, model_id: str, task: str) -> Snippet:
        """The task's template for this model id."""
        loader = calls()["fallback_loader"].get(task, "transformers_pipeline")
        fields = {"pipeline_class": "DiffusionPipeline"} if loader == "diffusers" else {}
        if loader == "speechbrain":
            fields = self._speechbrain_fallback(model_id)
        verdict = template_verdict(loader, task, tuple(fields.items()))
        if verdict is not None:
            raise SnippetRejected(verdict)
        code = self.fill(loader, model_id, task, signature_for(model_id, task), **fields)
        return Snippet(model_id, task, code, FALLBACK, loader, "no usable loading code in the card")

    @staticmethod
    def _speechbrain_fallback(model_id: str) -> dict[str, str]:
        rules = calls()["speechbrain_fallback"]
        name = next((cls for pattern, cls in rules["by_id"].items() if pattern in model_id.lower()), rules["default"])
        return {"speechbrain_class": name, "call": calls()["speechbrain"][name]}

    def _card_loader(self, task: str, code: str) -> tuple[str, dict[str, str]] | None:
        """The template a card's code calls for, with the fields it takes from that code; None when it names none."""
        known = calls()
        if "SentenceTransformer(" in code and task == "sentence-similarity":
            return "sentence_transformers", {}
        if "from diffusers" in code and task in known["diffusers"]:
            match = DIFFUSERS_CLASS.search(code)
            return "diffusers", {"pipeline_class": match.group(1) if match else "DiffusionPipeline"}
        if "spacy.load(" in code and task == "token-classification":
            return "spacy", {}
        if "SequenceTagger.load(" in code and task == "token-classification":
            return "flair", {}
        match = SPEECHBRAIN_CLASS.search(code)
        aliases = {alias: name for name, alias in IMPORT_ALIAS.findall(code)}  # "import SepformerSeparation as separator"
        speechbrain_class = aliases.get(match.group(1), match.group(1)) if match else None
        if "speechbrain" in code and speechbrain_class in known["speechbrain"]:
            return "speechbrain", {"speechbrain_class": speechbrain_class, "call": known["speechbrain"][speechbrain_class]}
        if task not in known["transformers"]:
            return None
        classes = sorted(set(TRANSFORMERS_CLASS.findall(code)))
        if "pipeline(" in code or not classes:
            return ("transformers_pipeline", {}) if "pipeline(" in code else None
        return "transformers_classes", self.class_fields(classes)

    @staticmethod
    def class_fields(classes: list[str]) -> dict[str, str]:
        """The transformers template's fields for the classes a card loads."""
        loads, components = [], []
        for name in classes:
            keyword = next((k for suffix, k in COMPONENT_KEYWORD if name.endswith(suffix)), "model")
            variable = f"{keyword}_{len(loads)}" if keyword != "model" else "network"
            loads.append(f"    {variable} = {name}.from_pretrained(model)")
            components.append(f"{keyword}={variable}, ")
        if not any(c.startswith("model=") for c in components):
            components.insert(0, "model=model, ")
        return {"classes": ", ".join(classes), "loads": "\n".join(loads), "components": "".join(dict.fromkeys(components))}

    @staticmethod
    def fill(loader: str, model_id: str, task: str, signature: Signature, **fields: str) -> str:
        """The template `loader` filled for one model and task."""
        known = calls()
        family = "diffusers" if loader == "diffusers" else "transformers"
        values = {
            "params": parameters(signature),
            "model_id": repr(model_id),
            "doc": repr(f"{task} with {model_id}."),  # a string literal, whatever the id holds
            "pipeline_task": repr(known["pipeline_task"].get(task, task)),
            "call": known.get(family, {}).get(task, ""),
            **fields,
        }
        return _template(loader).substitute(values)


STAND_IN_ID = "hive/stand-in"


@lru_cache(maxsize=4096)
def template_verdict(loader: str, task: str, fields: tuple[tuple[str, str], ...]) -> str | None:
    """The snippet policy's verdict on template `loader` filled with `fields` (None: it passes), checked once
    for a stand-in model id. A template takes the model id only as string literals (`repr`), so the code it
    writes for any id parses to the same tree but for those constants, and gets the same verdict."""
    signature = signature_for(STAND_IN_ID, task)
    try:
        check_snippet(TemplateWriter.fill(loader, STAND_IN_ID, task, signature, **dict(fields)), signature)
    except SnippetRejected as exc:
        return str(exc)
    return None


def written_again(code: str, model_id: str, loader: str, fallback: bool) -> str | None:
    """The snippet the template `loader` writes for `model_id`, with the fields it would have taken
    from a card read back from `code` (a pipeline class, speechbrain class, transformers classes); None
    when `loader` is no template or `code` names no task in its docstring. A snippet equal to this is
    an instance of its template and nothing else."""
    if loader not in loader_templates():
        return None
    try:
        function = ast.parse(code).body[0]
        task = (ast.get_docstring(function) or "").split(" with ")[0]
    except (SyntaxError, IndexError, TypeError):
        return None
    if task not in task_inputs():
        return None
    writer = TemplateWriter()
    if fallback:
        return writer.fallback(model_id, task).code
    fields: dict[str, str] = {}
    found = TEMPLATE_IMPORTS[loader].search(code) if loader in TEMPLATE_IMPORTS else None
    if loader in TEMPLATE_IMPORTS and found is None:
        return None
    if loader == "diffusers":
        fields = {"pipeline_class": found.group(1)}
    elif loader == "speechbrain":
        if found.group(1) not in calls()["speechbrain"]:
            return None
        fields = {"speechbrain_class": found.group(1), "call": calls()["speechbrain"][found.group(1)]}
    elif loader == "transformers_classes":
        fields = writer.class_fields(found.group(1).split(", "))
    return writer.fill(loader, model_id, task, signature_for(model_id, task), **fields)
