"""`hive kg ...`: build a knowledge graph, describe it, check it.

The one place the runtime imports the builder: `hive kg build` runs kg_builder (the offline tool the
command is the front of), lazily, inside its functions. Everything else points kg_builder -> hive
(tests/test_architecture.py holds that).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Optional

import typer

from hive.cli_options import with_llm_options
from hive.errors import HiveError

app = typer.Typer(no_args_is_help=True, help="The Capability Knowledge Graph: build, stats, validate.")
SOURCE_HELP = (
    "where cards come from, repeatable: jsonl:FILE (a card dump), dir:FOLDER (README.md cards), "
    "hub[:TAG,TAG] (the Hugging Face hub; needs the network), pwc:FILE (Papers-with-Code evaluation-tables.json)"
)
KG_HELP = "a directory from 'hive kg build' or an .nt/.nt.gz file (default: the snapshot shipped with HIVE)"


def _sources(specs: list[str], cache: Path, limit: int | None):
    from kg_builder.sources import DirectorySource, HubSource, JsonlSource, PapersWithCodeSource

    cards, tables = [], []
    for spec in specs:
        kind, _, value = spec.partition(":")
        if kind == "hub":
            cards.append(HubSource(cache, pipeline_tags=[t for t in value.split(",") if t] or None, limit=limit))
            continue
        if kind not in ("jsonl", "dir", "pwc"):
            raise HiveError(f"unknown source kind '{kind}' in '{spec}'; use jsonl:FILE, dir:FOLDER, hub[:TAGS] or pwc:FILE")
        path = Path(value)
        if not value or not path.exists():
            raise HiveError(f"source '{spec}': {value or 'no path given'} does not exist")
        if kind == "dir" and not path.is_dir():
            raise HiveError(f"source '{spec}': {path} is not a folder")
        source = {"jsonl": JsonlSource, "dir": DirectorySource, "pwc": PapersWithCodeSource}[kind](path)
        (tables if kind == "pwc" else cards).append(source)
    if not cards:
        raise HiveError("no card source given; add e.g. --source jsonl:cards.jsonl")
    return cards, tables


@app.command()
@with_llm_options
def build(
    source: list[str] = typer.Option(..., "--source", help=SOURCE_HELP),
    out: Path = typer.Option(..., "--out", help="output directory (replaced atomically when the build succeeds)"),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="stop after this many models"),
    cache: Path = typer.Option(Path(".hive-cache/hub"), "--cache", help="hub source: where fetched cards are kept (makes runs resumable)"),
    update: bool = typer.Option(False, "--update", help="--out holds a previous build: build again only the cards that changed since (new, changed, removed); its outputs stay those of that build"),
    store: Optional[bool] = typer.Option(None, "--store/--no-store", help="also write a pyoxigraph store directory [default: store]"),
    turtle: Optional[bool] = typer.Option(None, "--turtle/--no-turtle", help="also write the graph as Turtle, ckg.ttl [default: turtle]"),
    snippet_files: Optional[bool] = typer.Option(None, "--snippet-files/--no-snippet-files", help="also write each snippet to snippets/<task>/<model>.py [default: snippet-files]"),
    sort: bool = typer.Option(False, "--sorted", help="write ckg.nt in byte order, diff-able (an external sort; a sorted build cannot be updated)"),
    workers: int = typer.Option(1, "--workers", min=1, help="chunks of cards processed at once (1: all in this process)"),
    engine: str = typer.Option("processes", "--engine", help="where chunks run: processes (local) or ray"),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: a local Ray)"),
    understander=None,
) -> None:
    """Build a C-KG from model cards (and benchmark tables) into a directory, or bring one up to date.

    With --llm openai|local, an LLM rewrites each card's usage code into its snippet (the paper's
    route); every answer is checked, and the task's template is used when it fails the check."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from kg_builder.build import Outputs
    from kg_builder.build import build as run_build
    from kg_builder.sharding import Sharding
    from kg_builder.snippets import LLMWriter
    from kg_builder.update import update as run_update

    shards = Sharding(workers, engine, address)
    writer = _snippet_writer(understander)
    if workers > 1 and isinstance(writer, LLMWriter):
        raise HiveError("--workers with --llm is not supported: the LLM is the bottleneck; give its server parallel slots instead")
    if update and (limit is not None or sort or {store, turtle, snippet_files} != {None}):
        raise HiveError("--update builds what the build in --out has, for every card: leave out --limit, --sorted, "
                        "--store, --turtle and --snippet-files")
    cards, tables = _sources(source, cache, limit)
    with Progress(SpinnerColumn(), TextColumn("{task.description} {task.completed} models"), TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task("building", total=None)
        advance = partial(bar.advance, task)
        if update:
            report = run_update(cards, out, tables=tables, writer=writer, progress=advance, shards=shards)
        else:
            outputs = Outputs(store is not False, turtle is not False, snippet_files is not False, sort)
            report = run_build(cards, out, tables=tables, limit=limit, progress=advance, writer=writer, shards=shards, outputs=outputs)
    typer.echo(report.summary())
    if report.changes is not None:
        typer.echo("changed cards: " + ", ".join(f"{report.changes[kind]} {kind}" for kind in ("new", "changed", "removed", "unchanged")))
    for reason, count in report.skipped.most_common():
        typer.echo(f"  skipped {count}: {reason} (e.g. {report.skipped_examples[reason]})")
    for problem, count in report.problems.most_common():
        typer.echo(f"  ignored {count}: {problem}")


def _snippet_writer(understander):
    """The LLM snippet writer when an LLM back-end was chosen, else the deterministic templates."""
    from hive.llm.backend import prompt_function
    from hive.kg.snippet_templates import TemplateWriter
    from kg_builder.snippets import LLMWriter

    complete = prompt_function(understander)
    return TemplateWriter() if complete is None else LLMWriter(complete)


@app.command()
def stats(
    kg: Optional[str] = typer.Option(None, "--kg", help=KG_HELP),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """What the graph holds: models, tasks, licences, results, papers, snippets, triples."""
    from hive.kg.checks import stats as graph_stats
    from hive.kg.store import open_kg

    found = graph_stats(open_kg(kg))
    if as_json:
        typer.echo(json.dumps(found, indent=2))
        return
    for key, value in found.items():
        if isinstance(value, list):
            typer.echo(f"{key}:")
            for row in value:
                typer.echo("  " + "  ".join(str(v) for v in row.values()))
        else:
            typer.echo(f"{key}: {value}")


@app.command()
def query(
    sparql: str = typer.Argument(..., help="a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query"),
    output: str = typer.Option("table", "--format", help="table, json, csv (graphs: turtle)"),
    kg: Optional[str] = typer.Option(None, "--kg", help=KG_HELP),
) -> None:
    """Run a SPARQL query on the graph."""
    from hive.kg.explore import print_query

    print_query(sparql, output, kg)


@app.command()
def serve(
    port: int = typer.Option(7878, "--port", help="TCP port (0: any free port)"),
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    kg: Optional[str] = typer.Option(None, "--kg", help=KG_HELP),
    query_seconds: float = typer.Option(10.0, "--query-seconds", min=0.1, help="a query still running then is stopped (503)"),
) -> None:
    """Serve the graph as a read-only SPARQL 1.1 endpoint with an explorer page."""
    from hive.kg.server import KGServer
    from hive.kg.store import open_kg

    try:
        server = KGServer(open_kg(kg), host, port, query_seconds=query_seconds)
    except OSError as exc:
        raise HiveError(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    typer.echo(f"explorer: {server.url}/   SPARQL endpoint: {server.url}/sparql   (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.stop()


@app.command()
def validate(kg: Optional[str] = typer.Option(None, "--kg", help=KG_HELP)) -> None:
    """Check the graph: every model has one task and a valid snippet, results are numeric, licences have a family."""
    from hive.kg.checks import validate as graph_validate
    from hive.kg.store import open_kg

    findings = graph_validate(open_kg(kg))
    for finding in findings:
        typer.echo(f"FAIL {finding.count} {finding.check}: {'; '.join(finding.examples)}")
    if findings:
        raise typer.Exit(1)
    typer.echo("ok: every check passed")
