"""Batch planning: one request per JSON Lines line in, one plan JSON per line out, written atomically."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from rich.progress import Progress

from hive.errors import HiveError
from hive.pipeline import Planner, PlanResult
from hive.selection.constraints import ConstraintSet, constraint_set


@dataclass
class BatchSummary:
    planned: int = 0
    failed: int = 0
    steps_selected: int = 0
    unsatisfiable: Counter = field(default_factory=Counter)
    runs: Counter = field(default_factory=Counter)

    def lines(self) -> list[str]:
        found = [f"planned {self.planned}, failed {self.failed}; steps with a model: {self.steps_selected}, "
                 f"without: {sum(self.unsatisfiable.values())}"]
        found += [f"  {count} step(s) unsatisfiable by: {constraint}" for constraint, count in self.unsatisfiable.most_common()]
        if self.runs:
            found.append("runs: " + ", ".join(f"{n} {status}" for status, n in sorted(self.runs.items())))
        return found


def read_requests(source: Path) -> Iterator[tuple[str | None, str | None, str | None, ConstraintSet | None]]:
    """(id, query, error, constraints) per non-empty line; a broken line yields an error instead of stopping the batch."""
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise HiveError(f"cannot read {source}: {exc.__class__.__name__}: {exc}") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record: Any = json.loads(line)
        except json.JSONDecodeError as exc:
            yield f"line-{number}", None, f"line {number} is not valid JSON ({exc.msg}); expected {{\"id\": ..., \"query\": ...}}", None
            continue
        if not isinstance(record, dict):
            yield f"line-{number}", None, f"line {number} is not a JSON object; expected {{\"id\": ..., \"query\": ...}}", None
            continue
        request_id = str(record.get("id", f"line-{number}"))
        query = record.get("query")
        if not isinstance(query, str):
            yield request_id, None, f"line {number} has no \"query\" string", None
            continue
        try:
            constraints = constraint_set(record["constraints"], f"line {number} constraints") if "constraints" in record else None
        except HiveError as exc:
            yield request_id, query, str(exc), None
            continue
        yield request_id, query, None, constraints


def write_atomically(path: Path, lines: list[str]) -> None:
    """Write all lines to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in lines)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def run_batch(source: Path, out: Path, planner: Planner, execute: Callable[[PlanResult], dict] | None = None) -> BatchSummary:
    """Plan every request of `source` into `out`; with `execute`, also run each plan and record its run."""
    requests = list(read_requests(source))
    summary = BatchSummary()
    lines: list[str] = []
    with Progress(transient=True) as progress:
        bar = progress.add_task("planning", total=len(requests))
        for request_id, query, error, constraints in requests:
            if error is None:
                result = planner.plan_or_error(query or "", request_id, constraints)
            else:
                result = PlanResult(id=request_id, query=query or "", engine=planner.engine_name, error=error)
            summary.failed += result.error is not None
            summary.planned += result.error is None
            summary.steps_selected += sum(t.model is not None for t in result.tasks)
            summary.unsatisfiable.update(t.unsatisfiable for t in result.tasks if t.unsatisfiable)
            line = result.to_json_dict()
            if execute is not None and result.error is None:
                line["run"] = execute(result)
                summary.runs[line["run"]["status"]] += 1
            lines.append(json.dumps(line, ensure_ascii=False))
            progress.advance(bar)
    write_atomically(out, lines)
    return summary
