"""What a snippet may be: one `run` function with the task's signature, importing only allowed modules.

Snippets are generated from code found on the internet, so the same check runs when the builder
admits a snippet into the knowledge graph and again before HIVE runs it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache

from hive.execution.registry import snippet_modules

# The libraries of hub snippets and the standard modules they use; the offline models' packages are added from
# the registry (`hive.execution.registry.snippet_modules`).
LIBRARY_MODULES = frozenset({
    "transformers", "diffusers", "sentence_transformers", "torch", "numpy", "PIL", "soundfile", "librosa",
    "spacy", "flair", "speechbrain", "huggingface_hub", "skops", "pandas", "scipy",
    "math", "json", "typing", "io", "re", "cv2", "pytesseract",
})
# HIVE's own code for packaged weights that come without model code; the rest of `hive` stays off-limits.
ALLOWED_SUBPACKAGES = ("hive.local_models",)
FORBIDDEN_NAMES = frozenset({"eval", "exec", "compile", "__import__", "globals", "locals", "getattr", "setattr", "delattr", "breakpoint", "input"})
# A model id as the hub writes it: an optional owner, then a name, of letters, digits, '-', '_' and '.'.
# Ids are data that generated code names; anything else is refused before it reaches a snippet.
MODEL_ID = re.compile(r"(?:[A-Za-z0-9][\w.-]{0,95}/)?[A-Za-z0-9][\w.-]{0,95}")
FUNCTION_NAME = "run"
COMMON_PARAMETERS = ("model", "device")
# What a plan says of a step beyond its inputs (a translation's target language): a snippet may take these,
# in this order, after its task inputs and before `model` and `device`; the executor fills them from the step.
STEP_OPTIONS = ("language",)


class SnippetRejected(ValueError):
    """A snippet that breaks the policy; the message says which rule."""


@dataclass(frozen=True)
class Signature:
    """The task inputs a snippet takes (keyword arguments with defaults), then `model` and `device`."""

    inputs: tuple[str, ...]
    model_id: str

    @property
    def parameters(self) -> tuple[str, ...]:
        return (*self.inputs, *COMMON_PARAMETERS)

    def accepts(self, names: tuple[str, ...]) -> bool:
        """`names` are the task inputs, then step options (a subsequence of STEP_OPTIONS), then model and device."""
        inputs, options, common = names[:len(self.inputs)], names[len(self.inputs):-len(COMMON_PARAMETERS)], names[-len(COMMON_PARAMETERS):]
        return inputs == self.inputs and common == COMMON_PARAMETERS and options == tuple(o for o in STEP_OPTIONS if o in options)


def check_snippet(code: str, signature: Signature, exact_inputs: bool = True) -> None:
    """Raise `SnippetRejected` unless `code` parses, defines exactly `run` with `signature`, and imports only
    allowed modules. With `exact_inputs=False` the task inputs may have other names (the executor maps
    the plan's arguments onto them); `model` and `device` must still close the signature."""
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        raise SnippetRejected(f"does not parse: {exc.msg} (line {exc.lineno})") from exc
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    others = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.Import, ast.ImportFrom, ast.Expr))]
    if len(functions) != 1 or functions[0].name != FUNCTION_NAME or others:
        raise SnippetRejected(f"must define exactly one top-level function '{FUNCTION_NAME}' and nothing else")
    _check_signature(functions[0], signature, exact_inputs)
    for node in ast.walk(tree):
        _check_node(node)


def input_names(code: str) -> tuple[str, ...]:
    """The task-input parameter names of a snippet's `run` (everything before its step options, `model` and `device`)."""
    return tuple(name for name in _parameter_names(code)[: -len(COMMON_PARAMETERS)] if name not in STEP_OPTIONS)


def option_names(code: str) -> tuple[str, ...]:
    """The step options a snippet's `run` takes."""
    return tuple(name for name in _parameter_names(code) if name in STEP_OPTIONS)


def _parameter_names(code: str) -> tuple[str, ...]:
    function = next(n for n in ast.parse(code).body if isinstance(n, ast.FunctionDef))
    return tuple(a.arg for a in function.args.args)


def _check_signature(function: ast.FunctionDef, signature: Signature, exact_inputs: bool = True) -> None:
    args = function.args
    names = tuple(a.arg for a in args.args)
    matches = signature.accepts(names) if exact_inputs else names[-len(COMMON_PARAMETERS):] == COMMON_PARAMETERS
    if not matches or args.vararg or args.kwarg or args.posonlyargs or args.kwonlyargs:
        raise SnippetRejected(f"signature must be ({', '.join(signature.parameters)}), found ({', '.join(names)})")
    if len(args.defaults) != len(names):
        raise SnippetRejected("every parameter needs a default value")
    model_default = args.defaults[names.index("model")]
    if not (isinstance(model_default, ast.Constant) and model_default.value == signature.model_id):
        raise SnippetRejected(f"'model' must default to {signature.model_id!r}")


def _check_node(node: ast.AST) -> None:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        for module in modules:
            if not _allowed(module):
                raise SnippetRejected(f"imports '{module}', which is not on the allow-list")
    elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
        raise SnippetRejected(f"uses '{node.id}'")
    elif isinstance(node, ast.Attribute) and node.attr.startswith("__") and node.attr != "__init__":
        raise SnippetRejected(f"touches '{node.attr}'")
    elif isinstance(node, ast.keyword) and node.arg == "trust_remote_code":
        raise SnippetRejected("sets trust_remote_code")


@lru_cache(maxsize=1)
def allowed_modules() -> frozenset[str]:
    """The top-level modules a snippet may import."""
    return LIBRARY_MODULES | snippet_modules()


def _allowed(module: str) -> bool:
    return module.split(".")[0] in allowed_modules() or any(
        module == package or module.startswith(package + ".") for package in ALLOWED_SUBPACKAGES)
