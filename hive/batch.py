"""Batch planning: one request per JSON Lines line in, one plan JSON per line out, written atomically."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from rich.progress import Progress

from hive.errors import HiveError
from hive.files import replaced_atomically
from hive.session import Session
from hive.contracts import ConstraintSet, PlanResult


Request = tuple[str, str | None, str | None, ConstraintSet | None]  # id, query, the line's error, its constraints


@dataclass
class BatchSummary:
    planned: int = 0
    failed: int = 0
    steps_selected: int = 0
    unsatisfiable: Counter = field(default_factory=Counter)
    runs: Counter = field(default_factory=Counter)
    resumed: int = 0

    def count(self, line: dict) -> None:
        """Add one output line to the totals."""
        self.failed += line.get("error") is not None
        self.planned += line.get("error") is None
        tasks = line.get("tasks") or []
        self.steps_selected += sum(t.get("model") is not None for t in tasks)
        self.unsatisfiable.update(t["unsatisfiable"] for t in tasks if t.get("unsatisfiable"))
        if "run" in line:
            self.runs[line["run"]["status"]] += 1

    def lines(self) -> list[str]:
        found = [f"planned {self.planned}, failed {self.failed}; steps with a model: {self.steps_selected}, "
                 f"without: {sum(self.unsatisfiable.values())}" + (f"; {self.resumed} kept from an earlier run" if self.resumed else "")]
        found += [f"  {count} step(s) unsatisfiable by: {constraint}" for constraint, count in self.unsatisfiable.most_common()]
        if self.runs:
            found.append("runs: " + ", ".join(f"{n} {status}" for status, n in sorted(self.runs.items())))
        return found


@dataclass(frozen=True)
class BatchLine:
    """One non-empty input line: where it is, what it asks (or why it cannot be read), and a digest of
    what it asks, so a resumed batch redoes a line whose id stayed but whose request changed."""

    number: int
    request: Request
    digest: str


def read_requests(source: Path) -> list[BatchLine]:
    """The non-empty lines of `source`; a broken line (not UTF-8, not JSON, no query) carries an error
    instead of stopping the batch. Two lines with the same id are refused up front."""
    try:
        raw_lines = source.read_bytes().splitlines()
    except OSError as exc:
        raise HiveError(f"cannot read {source}: {exc.__class__.__name__}: {exc}") from exc
    found = [_read_line(number, raw) for number, raw in enumerate(raw_lines, start=1) if raw.strip()]
    numbers: dict[str, list[int]] = {}
    for line in found:
        numbers.setdefault(line.request[0], []).append(line.number)
    repeated = {request_id: lines for request_id, lines in numbers.items() if len(lines) > 1}
    if repeated:
        first = next(iter(repeated.items()))
        raise HiveError(f"request ids must be unique in {source}: '{first[0]}' is on lines "
                        f"{', '.join(map(str, first[1]))}" + (f" (and {len(repeated) - 1} more ids repeat)" if len(repeated) > 1 else ""))
    return found


def _read_line(number: int, raw: bytes) -> BatchLine:
    digest = hashlib.sha256(raw.strip()).hexdigest()
    expected = '{"id": ..., "query": ...}'

    def broken(error: str, request_id: str = f"line-{number}", query: str | None = None) -> BatchLine:
        return BatchLine(number, (request_id, query, error, None), digest)

    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return broken(f"line {number} is not UTF-8 text; save the file as UTF-8")
    try:
        record: Any = json.loads(line)
    except json.JSONDecodeError as exc:
        return broken(f"line {number} is not valid JSON ({exc.msg}); expected {expected}")
    if not isinstance(record, dict):
        return broken(f"line {number} is not a JSON object; expected {expected}")
    request_id = str(record.get("id", f"line-{number}"))
    query = record.get("query")
    if not isinstance(query, str):
        return broken(f"line {number} has no \"query\" string", request_id)
    try:
        constraints = ConstraintSet.parse(record["constraints"], f"line {number} constraints") if "constraints" in record else None
    except HiveError as exc:
        return broken(str(exc), request_id, query)
    return BatchLine(number, (request_id, query, None, constraints), digest)


def write_atomically(path: Path, lines: list[str]) -> None:
    """Write all lines to a temporary file beside `path`, then rename it into place."""
    with replaced_atomically(path) as out:
        out.writelines(line + "\n" for line in lines)


class Journal:
    """Lines finished so far, appended to `OUT.partial` as they come, so a crashed or stopped batch
    resumes where it was: a re-run skips the ids already answered there or in a previous `OUT`."""

    def __init__(self, out: Path, runs: bool) -> None:
        self.path = out.with_name(out.name + ".partial")
        self.done: dict[str, dict] = {}
        for source in (out, self.path):
            if source.exists():
                for line in source.read_text(encoding="utf-8").splitlines():
                    record = _finished(line, runs)
                    if record is not None:
                        self.done[str(record["id"])] = record

    def add(self, record: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as journal:
            journal.write(json.dumps(record, ensure_ascii=False) + "\n")

    def close(self) -> None:
        self.path.unlink(missing_ok=True)


def _finished(line: str, runs: bool) -> dict | None:
    """A line worth keeping on resume: planned without error, and — when this batch runs plans — run."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError:  # a line cut short by a crash
        return None
    if not isinstance(record, dict) or record.get("error") or "id" not in record:
        return None
    if not runs:
        return {key: value for key, value in record.items() if key != "run"}
    return record if (record.get("run") or {}).get("status") in ("complete", "partial") else None


class LocalEngine:
    """Plans (and, given a folder for run directories, runs) the requests one after the other in this
    process, with one session whose executor keeps its models loaded from run to run."""

    def __init__(self, session: Session, runs_dir: Path | None = None) -> None:
        self.session, self.runs_dir = session, runs_dir
        self.runs = runs_dir is not None

    def process(self, requests: list[Request]) -> Iterator[dict]:
        runs_dir = self.runs_dir
        execute = None if runs_dir is None else (lambda plan: execute_plan(self.session, plan, runs_dir))
        for request_id, query, error, constraints in requests:
            yield answer_line(self.session, execute, request_id, query, error, constraints)

    def close(self) -> None:
        self.session.close()


def execute_plan(session: Session, plan: PlanResult, runs_dir: Path) -> dict:
    """Run one plan of a batch; a request that cannot run records why instead of stopping the batch."""
    try:
        record = session.run(plan, runs_dir)
    except HiveError as exc:
        return {"status": "not run", "error": str(exc)}
    return {"id": record.id, "status": record.status, "directory": record.directory, "answer": record.answer}


def plan_request(session: Session, request_id: str, query: str | None, error: str | None,
                 constraints: ConstraintSet | None) -> PlanResult:
    """The plan of one request line, or a result carrying the line's error."""
    if error is not None:
        return PlanResult(id=request_id, query=query or "", engine=session.engine_name, error=error)
    return session.plan_or_error(query or "", request_id, constraints)


def answer_line(session: Session, execute: Callable[[PlanResult], dict] | None, request_id: str, query: str | None,
                error: str | None, constraints: ConstraintSet | None) -> dict:
    """One output line: the plan (or the error) and, with `execute`, its run."""
    result = plan_request(session, request_id, query, error, constraints)
    line = result.to_json_dict()
    if execute is not None and result.error is None:
        line["run"] = execute(result)
    return line


def run_batch(source: Path, out: Path, engine: Any) -> BatchSummary:
    """Answer every request of `source` into `out` (in input order) through `engine`; lines already
    answered by an earlier, interrupted or finished run of the same batch (same id, same request) are
    kept, not redone."""
    batch_lines = read_requests(source)
    requests = [line.request for line in batch_lines]
    digests = {line.request[0]: line.digest for line in batch_lines}
    journal = Journal(out, runs=engine.runs)
    answered = {request_id: record for request_id, record in journal.done.items()
                if request_id in digests and record.get("request_sha256") == digests[request_id]}
    todo = [r for r in requests if r[0] not in answered]
    with Progress(transient=True) as progress:
        bar = progress.add_task("planning", total=len(requests), completed=len(requests) - len(todo))
        for line in engine.process(todo):
            line["request_sha256"] = digests[str(line["id"])]
            answered[str(line["id"])] = line
            journal.add(line)
            progress.advance(bar)
    lines = [answered[request_id] for request_id, *_rest in requests]
    write_atomically(out, [json.dumps(line, ensure_ascii=False) for line in lines])
    journal.close()
    summary = BatchSummary(resumed=len(requests) - len(todo))
    for line in lines:
        summary.count(line)
    return summary
