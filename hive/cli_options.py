"""Constraint flags shared by `hive plan`, `hive batch` and `hive select`, added by one decorator."""

from __future__ import annotations

import functools
import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

import typer

if TYPE_CHECKING:
    from hive.contracts import ConstraintSet

KG_HELP = "knowledge graph: a directory from 'hive kg build', an .nt(.gz) file, or a SPARQL endpoint URL (default: the shipped snapshot)"

_OPTIONS = [
    ("licence", list[str], typer.Option([], "--licence", help="allowed licence: SPDX/hub id or family (permissive, copyleft, non-commercial, openrail); repeatable")),
    ("deny_licence", list[str], typer.Option([], "--deny-licence", help="refused licence id or family; repeatable")),
    ("max_params", Optional[str], typer.Option(None, "--max-params", help="at most this many parameters, e.g. 500M, 1.5B")),
    ("max_bytes", Optional[str], typer.Option(None, "--max-bytes", help="at most this size on disk, e.g. 800MB, 2GB")),
    ("smallest", bool, typer.Option(False, "--smallest", help="prefer the smallest model")),
    ("best_on", Optional[str], typer.Option(None, "--best-on", help="rank by a benchmark: DATASET[:CONFIG]:METRIC, e.g. common_voice:en:wer")),
    ("language", list[str], typer.Option([], "--language", help="model language (code or name); repeatable")),
    ("min_downloads", Optional[str], typer.Option(None, "--min-downloads", help="at least this many downloads, e.g. 10k")),
    ("local_only", bool, typer.Option(False, "--local-only", help="only models whose weights are available offline")),
    ("constraints_file", Optional[Path], typer.Option(None, "--constraints", help="JSON/YAML file: {global: {...}, per_task: {TASK: {...}}}")),
    ("kg", Optional[str], typer.Option(None, "--kg", help=KG_HELP)),
]


def constraints_from_flags(values: dict) -> "ConstraintSet":
    """The constraint flags' values as a ConstraintSet (on top of the --constraints file, if given)."""
    from hive.contracts import ConstraintSet

    return ConstraintSet.from_flags(
        licences=values["licence"], deny_licences=values["deny_licence"], max_params=values["max_params"],
        max_bytes=values["max_bytes"], smallest=values["smallest"], best_on=values["best_on"], languages=values["language"],
        min_downloads=values["min_downloads"], local_only=values["local_only"], file=values["constraints_file"])


_LLM_OPTIONS = [
    ("llm", Optional[str], typer.Option(None, "--llm", help="understanding back-end: learned (offline default: the embedded task detector; with --base-url or --model it asks that LLM about the parts it is unsure of), rules (cue phrases only), openai (any OpenAI-compatible server), local (GGUF in-process)")),
    ("base_url", Optional[str], typer.Option(None, "--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1")),
    ("model", Optional[str], typer.Option(None, "--model", help="model name on the server, or for --llm local a .gguf path or package")),
    ("api_key", Optional[str], typer.Option(None, "--api-key", help="API key (or HIVE_LLM_API_KEY / OPENAI_API_KEY)")),
    ("llm_timeout", Optional[float], typer.Option(None, "--llm-timeout", help="seconds to wait for one LLM answer")),
    ("llm_config", Optional[Path], typer.Option(None, "--llm-config", help="config file (default ~/.config/hive/config.yaml)")),
    ("llm_stages", Optional[str], typer.Option(None, "--llm-stages", help="with --llm openai|local: one (default: one constrained call per request) or three (the HIVE paper's parse, domains, goals)")),
]


def with_llm_options(command: Callable) -> Callable:
    """Add the LLM back-end flags to a command; it receives an `understander` instead."""
    return _with_options(command, _LLM_OPTIONS, ("understander",), lambda v: {"understander": _understander(v)})


def _understander(values: dict):
    from hive.llm.config import make_understander, resolve_settings

    settings = resolve_settings(values["llm"], values["base_url"], values["model"], values["api_key"], values["llm_timeout"],
                                values["llm_config"], values["llm_stages"])
    return make_understander(settings)


def with_constraint_options(command: Callable) -> Callable:
    """Add the constraint flags and --kg to a command; it receives `constraints` and `kg` instead."""
    return _with_options(command, _OPTIONS, ("constraints", "kg"), lambda v: {"constraints": constraints_from_flags(v), "kg": v["kg"]})


def _with_options(command: Callable, options: list, produces: tuple[str, ...], convert: Callable[[dict], dict]) -> Callable:
    """Show `options` as the command's flags in place of its `produces` parameters, which `convert` fills."""
    signature = inspect.signature(command)
    names = [name for name, _a, _o in options]
    added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=annotation)
             for name, annotation, option in options]

    @functools.wraps(command)
    def wrapper(**kwargs):
        values = {name: kwargs.pop(name) for name in names}
        return command(**kwargs, **convert(values))

    kept = [p for p in signature.parameters.values() if p.name not in produces]
    wrapper.__signature__ = signature.replace(parameters=kept + added)
    return wrapper
