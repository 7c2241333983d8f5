"""The `hive` command line: `hive plan`, `hive batch`, `hive domains`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from hive.errors import HiveError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="HIVE: plain-language requests -> explainable plans of AI tasks.")

def _register_subcommands() -> None:
    from hive.kg.cli import app as kg_app

    app.add_typer(kg_app, name="kg")


ENGINE_HELP = "planner engine: pyperplan (default), up-pyperplan, fast-downward, lapkt-bfws"


def _planner(engine: str):
    from hive.pipeline import Planner

    return Planner(engine=engine)


@app.command()
def plan(
    query: str = typer.Argument(..., help="the request, in plain language"),
    as_json: bool = typer.Option(False, "--json", help="print the plan JSON"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    explain: bool = typer.Option(False, "--explain", help="also show the merged domain, the problem and the planner's log"),
) -> None:
    """Plan a request: which AI tasks, in which order, on which inputs."""
    result = _planner(engine).plan(query)
    if as_json:
        print(json.dumps(result.to_json_dict(explain=explain), indent=2, ensure_ascii=False))
        return
    from hive.render import print_explanation, print_plan

    print_plan(result)
    if explain:
        print_explanation(result)


@app.command()
def batch(
    source: Path = typer.Argument(..., help="JSON Lines file, one {\"id\": ..., \"query\": ...} per line"),
    out: Path = typer.Option(..., "--out", help="where to write one plan JSON per line"),
    plan_only: bool = typer.Option(False, "--plan-only", help="plan each request without running it"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
) -> None:
    """Plan every request of a JSON Lines file; a failing line gets an error entry, the rest go on."""
    if not plan_only:
        raise HiveError("executing plans is not available yet; pass --plan-only to plan the requests")
    from hive.batch import run_batch

    summary = run_batch(source, out, _planner(engine))
    typer.echo(f"planned {summary.planned}, failed {summary.failed}, wrote {out}", err=True)


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
