"""`hive select`: rank a task's models under constraints, one job or a JSON Lines batch of them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from hive.contracts import ConstraintSet
from hive.errors import HiveError
from hive.kg.access import open_graph
from hive.selection.phrases import read_constraints
from hive.selection.select import Selection, Selector

COLUMNS = ("rank", "id", "value", "parameters", "parameters_source", "bytes", "downloads", "offline")


def ranking(selection: Selection) -> list[dict]:
    """The admissible models, best first, as flat rows."""
    models = ([selection.winner] if selection.winner else []) + selection.alternatives
    return [{"rank": rank, **{c: getattr(m, c) for c in COLUMNS[1:]}} for rank, m in enumerate(models, start=1)]


def run_select(task: str, phrase: str | None, constraints: ConstraintSet, kg: str | None, top: int, output: str,
               explain: bool = False) -> Selection:
    """Print the task's ranking in the output format; the selection, whose model is None when none is admissible."""
    if phrase:
        found, _spans = read_constraints(phrase)
        if not found:
            raise HiveError(f"no constraint recognised in '{phrase}'; try e.g. 'permissive models under 500M parameters'")
        constraints = constraints.merged_with(ConstraintSet.parse(found, "the phrase"))
    selector = Selector(open_graph(kg), top=top - 1)
    selection = selector.select(task, constraints.for_task(task), explain)
    rows = ranking(selection)
    if output == "json":
        print(json.dumps({**selection.model_dump(mode="json", exclude=None if explain else {"rejected"}), "ranking": rows}, indent=2))
    elif output == "csv":
        print(_csv(rows), end="")
    else:
        _table(task, selection, rows)
    return selection


def _csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def _table(task: str, selection: Selection, rows: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(*COLUMNS, title=f"{task}: {len(rows)} shown of {selection.candidates} candidates")
    for row in rows:
        table.add_row(*("" if row[c] is None else f"{row[c]:,}" if isinstance(row[c], int) and not isinstance(row[c], bool) else str(row[c]) for c in COLUMNS))
    console.print(table)
    console.print(selection.why)
    for model, reason in selection.rejected.items():
        console.print(f"rejected {model}: {reason}", markup=False, highlight=False)


def run_select_batch(jobs: Path, constraints: ConstraintSet, kg: str | None, top: int) -> None:
    """One JSON line per job on stdout: the ranking, or the error for that job."""
    try:
        lines = jobs.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise HiveError(f"cannot read {jobs}: {exc}") from exc
    selector = Selector(open_graph(kg), top=top - 1)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        print(json.dumps(_job(selector, line, number, constraints)))


def _job(selector: Selector, line: str, number: int, constraints: ConstraintSet) -> dict:
    try:
        job = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"id": f"line-{number}", "error": f"line {number} is not valid JSON ({exc.msg})"}
    job_id = job.get("id", f"line-{number}") if isinstance(job, dict) else f"line-{number}"
    try:
        if not isinstance(job, dict) or not isinstance(job.get("task"), str):
            raise HiveError(f"line {number} needs a 'task'")
        extra = ConstraintSet.parse(job.get("constraints") or {}, f"line {number} constraints")
        task = job["task"]
        selection = selector.select(task, constraints.merged_with(extra).for_task(task))
        return {"id": job_id, "task": task, "model": selection.model, "why": selection.why,
                "unsatisfiable": selection.unsatisfiable, "ranking": ranking(selection)}
    except HiveError as exc:
        return {"id": job_id, "error": str(exc)}
