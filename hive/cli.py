"""The `hive` command line: `hive plan`, `hive batch`, `hive domains`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional


import typer

from hive.cli_options import with_constraint_options, with_llm_options
from hive.errors import HiveError
from hive.native_threads import load_numpy

app = typer.Typer(add_completion=False, no_args_is_help=True, help="HIVE: plain-language requests -> explainable plans of AI tasks.")

def _register_subcommands() -> None:
    from hive.kg.cli import app as kg_app

    app.add_typer(kg_app, name="kg")


ENGINE_HELP = "planner engine: pyperplan (default), up-pyperplan, fast-downward, lapkt-bfws"


UNSATISFIABLE_EXIT = 3  # `hive plan`: a step has no model under its constraints; `hive select`: the task has none


def _session(engine: str, constraints=None, kg: str | None = None, understander=None, **execution):
    """The session a command plans (and runs) with; `execution` sets how its executor runs plans."""
    from hive.session import ExecutionOptions, Session

    return Session.open(engine, constraints, kg, understander, ExecutionOptions(**execution))


@app.command()
@with_constraint_options
@with_llm_options
def plan(
    query: str = typer.Argument(..., help="the request, in plain language"),
    as_json: bool = typer.Option(False, "--json", help="print the plan JSON"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    explain: bool = typer.Option(False, "--explain", help="also show the merged domain, the problem, the planner's log and each step's rejected models"),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan a request: which AI tasks, in which order, on which inputs, with which models. Exits with 3 when
    a step has no model that satisfies its constraints (the other steps still get theirs)."""
    result = _session(engine, constraints, kg, understander).plan(query, explain=explain)
    if as_json:
        print(json.dumps(result.to_json_dict(explain=explain), indent=2, ensure_ascii=False))
    else:
        from hive.render import print_explanation, print_plan

        print_plan(result)
        if explain:
            print_explanation(result)
    if any(step.unsatisfiable for step in result.tasks):
        raise typer.Exit(UNSATISFIABLE_EXIT)


@app.command()
@with_constraint_options
@with_llm_options
def batch(
    source: Path = typer.Argument(..., help="JSON Lines file, one {\"id\": ..., \"query\": ..., \"constraints\": {...}} per line"),
    out: Path = typer.Option(..., "--out", help="where to write one plan JSON per line"),
    plan_only: bool = typer.Option(False, "--plan-only", help="plan each request without running it"),
    runs_dir: Path = typer.Option(Path("hive-runs"), "--runs", help="where run directories go (without --plan-only)"),
    engine: str = typer.Option("local", "--engine", help="where requests are processed: local (this process) or ray"),
    planner_engine: str = typer.Option("pyperplan", "--planner", help=ENGINE_HELP),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (default: start a local Ray)"),
    workers: int = typer.Option(2, "--workers", min=1, help="Ray: run actors (each keeps its models loaded)"),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan (and, without --plan-only, run) every request of a JSON Lines file; a failing line gets an
    error entry, the rest go on. A re-run of an interrupted batch skips the ids it already answered."""
    from hive.batch import LocalEngine, run_batch
    from hive.planning.engines import ENGINES

    if engine not in ("local", "ray"):
        if engine not in ENGINES:
            raise HiveError(f"unknown batch engine '{engine}'; choose local or ray (planner engines go to --planner)")
        engine, planner_engine = "local", engine  # the flag's older meaning: a planner engine, run locally
    session = _session(planner_engine, constraints, kg, understander)
    if engine == "ray":
        from hive.distributed.ray_engine import RayEngine

        processor = RayEngine(session.spec(), None if plan_only else runs_dir, address, workers)
    else:
        processor = LocalEngine(session, None if plan_only else runs_dir)
    try:
        summary = run_batch(source, out, processor)
    finally:
        processor.close()
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
    explain: bool = typer.Option(False, "--explain", help="also list each rejected model with the first constraint it fails"),
    constraints=None,
    kg=None,
) -> None:
    """Rank the models for a task under constraints, without a request. Exits with 3 when no model satisfies them."""
    from hive.selection.jobs import run_select, run_select_batch

    if output not in ("table", "json", "csv"):
        raise HiveError(f"unknown format '{output}'; use table, json or csv")
    if jobs is not None:
        run_select_batch(jobs, constraints, kg, top)
    elif task is None:
        raise HiveError("name a task (e.g. 'hive select automatic-speech-recognition --smallest') or pass --batch JOBS.jsonl")
    elif run_select(task, phrase, constraints, kg, top, output, explain).model is None:
        raise typer.Exit(UNSATISFIABLE_EXIT)


@app.command()
@with_constraint_options
@with_llm_options
def run(
    query: str = typer.Argument(..., help="the request, in plain language"),
    out: Path = typer.Option(Path("hive-runs"), "--out", help="folder that holds the run directories"),
    dry_run: bool = typer.Option(False, "--dry-run", help="plan, select models and show what would run, without running it"),
    timeout: float = typer.Option(300.0, "--timeout", help="seconds one step may take"),
    allow_hub: bool = typer.Option(False, "--allow-hub", help="let steps without offline weights download them from the hub"),
    engine: str = typer.Option("pyperplan", "--engine", help=ENGINE_HELP),
    constraints=None,
    kg=None,
    understander=None,
) -> None:
    """Plan a request and run it: outputs and an explainability report go into a run directory."""
    from hive.render import print_plan

    with _session(engine, constraints, kg, understander, timeout=timeout, allow_hub=allow_hub) as session:
        result = session.plan(query)
        print_plan(result)
        _run_or_show(session, result, out, dry_run)


def _run_or_show(session, result, out: Path, dry_run: bool) -> None:
    """Run the plan into `out`, or with `dry_run` only say which snippet each step would run."""
    if dry_run:
        session.executor.check(result)
        for step in result.tasks:
            try:
                source = session.executor.snippet_for(step)[1]
            except Exception as exc:  # shown, not raised: a dry run reports what would fail
                source = f"would fail: {exc}"
            typer.echo(f"step {step.id} {step.task}: {step.model} via {source}")
        return
    record = session.run(result, out, progress=_step_progress())
    typer.echo(record.answer)
    typer.echo(f"run {record.id}: {record.status}; report: {Path(record.directory) / 'report.html'}")
    if record.status == "failed":
        raise typer.Exit(1)


def _step_progress():
    """A run's progress callback: one line on stderr per step as it finishes."""
    shown: set[int] = set()

    def show(record) -> None:
        for step in record.steps:
            if step.status != "pending" and step.id not in shown:
                shown.add(step.id)
                typer.echo(f"step {step.id} {step.task}: {step.status} ({step.seconds:.1f} s)", err=True)
    return show


@app.command()
def runs(out: Path = typer.Option(Path("hive-runs"), "--out", help="folder that holds the run directories")) -> None:
    """List past runs, newest first."""
    from hive.execution.runs import list_runs

    for manifest in list_runs(out):
        done = sum(s["status"] == "done" for s in manifest["steps"])
        typer.echo(f"{manifest['id']}  {manifest['status']:<9} {done}/{len(manifest['steps'])} steps  {manifest['query']}")


@app.command()
def report(
    run_id: str = typer.Argument(..., help="a run id from 'hive runs'"),
    out: Path = typer.Option(Path("hive-runs"), "--out", help="folder that holds the run directories"),
    html_path: bool = typer.Option(False, "--html", help="print the path of the HTML report instead of the Markdown"),
) -> None:
    """Print a run's report."""
    from hive.execution.runs import run_directory

    directory = run_directory(out, run_id)
    typer.echo(str(directory / "report.html") if html_path else (directory / "report.md").read_text(encoding="utf-8"))


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

    run_chat(_session(engine, constraints, kg, understander), as_json=as_json)


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port (0 picks a free one)"),
    data: Path = typer.Option(Path("hive-serve"), "--data", help="folder for the job store, runs and uploads"),
    inputs: Optional[Path] = typer.Option(None, "--inputs", help="a folder whose files requests may name (besides uploads)"),
    runners: int = typer.Option(1, "--runners", min=1, help="jobs executing at the same time"),
    max_queued: int = typer.Option(1000, "--max-queued", min=1, help="queued jobs beyond this are refused (429)"),
    job_seconds: float = typer.Option(600.0, "--job-timeout", help="seconds one job may run"),
    max_upload_mb: float = typer.Option(50.0, "--max-upload-mb", help="largest file POST /uploads accepts"),
    kg: Optional[str] = typer.Option(None, "--kg", help="SPARQL endpoint URL to plan against instead of the shipped graph"),
    allow_hub: bool = typer.Option(False, "--allow-hub", help="let steps without offline weights download them from the hub"),
    token: Optional[str] = typer.Option(None, "--token", envvar="HIVE_SERVE_TOKEN",
                                        help="require this token (Authorization: Bearer, or open /?token=) on every request but /health"),
    allow_host: list[str] = typer.Option([], "--allow-host", help="a Host name to serve (repeat; default: the loopback names on a loopback bind)"),
    query_seconds: float = typer.Option(10.0, "--query-seconds", min=0.1, help="a SPARQL query still running then is stopped (503)"),
    grace_seconds: float = typer.Option(10.0, "--grace-seconds", min=0, help="on SIGTERM/Ctrl-C, how long running jobs may finish before they are marked interrupted"),
    planners: int = typer.Option(2, "--planners", min=1, help="POST /plan requests planned at once (CPU work: about one per core)"),
) -> None:
    """Serve the HTTP API and web page: POST /plan, POST /runs, GET /runs/{id}, uploads, /sparql."""
    import socket

    try:
        import uvicorn

        from hive.serve.app import create_app
    except ImportError as exc:
        raise HiveError(f"hive serve needs the serve extra ({exc.name} is missing): pip install \"hive-planner[serve]\"") from exc
    from hive.serve.settings import ServeSettings

    if inputs is not None and not inputs.is_dir():
        raise HiveError(f"--inputs {inputs} is not a folder")
    loopback = host in LOOPBACK_HOSTS
    if not loopback and not token:
        raise HiveError(f"--host {host} lets other machines reach the API: give --token (or HIVE_SERVE_TOKEN) so only "
                        "those who hold it may plan and run")
    hosts = tuple(h.lower() for h in allow_host) or (LOOPBACK_HOSTS if loopback else ())
    settings = ServeSettings(data=data, inputs=inputs, runners=runners, max_queued=max_queued, job_seconds=job_seconds,
                             max_upload_bytes=int(max_upload_mb * 2**20), kg=kg, allow_hub=allow_hub, token=token,
                             allowed_hosts=hosts, query_seconds=query_seconds,
                             grace_seconds=grace_seconds, planners=planners)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as exc:
        raise HiveError(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    typer.echo(f"HIVE on http://{host}:{listener.getsockname()[1]}/   API docs: /docs   (Ctrl-C stops)", err=True)
    uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning")).run(sockets=[listener])


@app.command()
def domains() -> None:
    """List the domain library: domains, their tasks, and which tasks the planner may add on its own."""
    from hive.planning.library import load_library
    from hive.render import print_library

    print_library(load_library())


def _words_not_options(args: list[str]) -> list[str]:
    """The arguments, with the first that starts with '-' but holds white space moved last, after '--': a request
    written as a list ("- Input: shoe.jpg\n- Step 1: ..."), which no option looks like (a request is the last
    argument of every command that takes one)."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("-") and any(c.isspace() for c in arg):
            return args[:index] + args[index + 1:] + ["--", arg]
    return args


def main() -> None:
    """Entry point: user mistakes end with a one-line message and exit code 2, never a traceback."""
    _register_subcommands()
    load_numpy()
    try:
        app(args=_words_not_options(sys.argv[1:]))
    except HiveError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
