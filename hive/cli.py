"""The `hive` command line: `hive plan`, `hive batch`, `hive domains`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

from typing import Optional

import typer

from hive.cli_options import with_constraint_options, with_llm_options
from hive.errors import HiveError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="HIVE: plain-language requests -> explainable plans of AI tasks.")

def _register_subcommands() -> None:
    from hive.kg.cli import app as kg_app

    app.add_typer(kg_app, name="kg")


ENGINE_HELP = "planner engine: pyperplan (default), up-pyperplan, fast-downward, lapkt-bfws"


def _planner(engine: str, constraints=None, kg: str | None = None, understander=None):
    from hive.pipeline import Planner

    return Planner(understander=understander, engine=engine, constraints=constraints, kg=kg)


@app.command()
@with_constraint_options
@with_llm_options
def plan(
    query: str = typer.Argument(..., help="the request, in plain language"),
    as_json: bool = typer.Option(False, "--json", help="print the plan JSON"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    explain: bool = typer.Option(False, "--explain", help="also show the merged domain, the problem and the planner's log"),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan a request: which AI tasks, in which order, on which inputs, with which models."""
    result = _planner(engine, constraints, kg, understander).plan(query)
    if as_json:
        print(json.dumps(result.to_json_dict(explain=explain), indent=2, ensure_ascii=False))
        return
    from hive.render import print_explanation, print_plan

    print_plan(result)
    if explain:
        print_explanation(result)


@app.command()
@with_constraint_options
@with_llm_options
def batch(
    source: Path = typer.Argument(..., help="JSON Lines file, one {\"id\": ..., \"query\": ..., \"constraints\": {...}} per line"),
    out: Path = typer.Option(..., "--out", help="where to write one plan JSON per line"),
    plan_only: bool = typer.Option(False, "--plan-only", help="plan each request without running it"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan every request of a JSON Lines file; a failing line gets an error entry, the rest go on."""
    if not plan_only:
        raise HiveError("executing plans is not available yet; pass --plan-only to plan the requests")
    from hive.batch import run_batch

    summary = run_batch(source, out, _planner(engine, constraints, kg, understander))
    for line in summary.lines():
        typer.echo(line, err=True)
    typer.echo(f"wrote {out}", err=True)


@app.command()
@with_constraint_options
def select(
    task: Optional[str] = typer.Argument(None, help="a task (pipeline tag), e.g. automatic-speech-recognition"),
    phrase: Optional[str] = typer.Argument(None, help="constraints in words, e.g. 'permissive models under 500M parameters ranked by LibriSpeech-clean WER'"),
    top: int = typer.Option(5, "--top", min=1, help="how many admissible models to list"),
    output: str = typer.Option("table", "--format", help="table, json or csv"),
    jobs: Optional[Path] = typer.Option(None, "--batch", help="JSON Lines of {\"id\", \"task\", \"constraints\"} jobs instead of one TASK"),
    constraints=None,
    kg=None,
) -> None:
    """Rank the models for a task under constraints, without a request."""
    from hive.selection.jobs import run_select, run_select_batch

    if output not in ("table", "json", "csv"):
        raise HiveError(f"unknown format '{output}'; use table, json or csv")
    if jobs is not None:
        run_select_batch(jobs, constraints, kg, top)
    elif task is None:
        raise HiveError("name a task (e.g. 'hive select automatic-speech-recognition --smallest') or pass --batch JOBS.jsonl")
    else:
        run_select(task, phrase, constraints, kg, top, output)


@app.command()
@with_constraint_options
@with_llm_options
def chat(
    as_json: bool = typer.Option(False, "--json", help="print one plan JSON per turn"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan requests in a conversation: later ones can use what earlier ones produced ("now caption that image")."""
    from hive.chat import run_chat

    run_chat(_planner(engine, constraints, kg, understander), as_json=as_json)


@app.command()
def domains() -> None:
    """List the domain library: domains, their tasks, and which tasks the planner may add on its own."""
    from hive.planning.library import load_library
    from hive.render import print_library

    print_library(load_library())


def main() -> None:
    """Entry point: user mistakes end with a one-line message and exit code 2, never a traceback."""
    _register_subcommands()
    try:
        app()
    except HiveError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
