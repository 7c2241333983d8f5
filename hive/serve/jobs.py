"""Durable run jobs in SQLite (WAL): every accepted request is a row before the client hears its id.

States: queued -> running -> complete | partial | failed | not-run. A job still running when the server
stops (SIGTERM, Ctrl-C: after the grace period) is marked `interrupted` on the way out, or, after a
crash, at the next start: failed, and retriable by a new request (`retry` makes a new job; nothing is
re-run silently).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    request TEXT NOT NULL,            -- JSON: query, constraints
    status TEXT NOT NULL,
    created REAL NOT NULL,
    started REAL,
    finished REAL,
    plan TEXT,                        -- JSON plan, once planned
    record TEXT,                      -- JSON run record (steps, outputs), updated as steps finish
    error TEXT,
    retry_of TEXT
);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (status, created);
"""
FINISHED = ("complete", "partial", "failed", "not-run", "interrupted")


@dataclass
class Job:
    id: str
    request: dict[str, Any]
    status: str
    created: float
    started: float | None = None
    finished: float | None = None
    plan: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    error: str | None = None
    retry_of: str | None = None

    @property
    def retriable(self) -> bool:
        return self.status == "interrupted"

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "retriable": self.retriable}


class JobStore:
    """One SQLite file; each call opens its own short transaction, so threads and processes can share it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._connection().executescript(SCHEMA)  # its own transaction (executescript commits first)

    def _connection(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.row_factory = sqlite3.Row
            self._local.connection = connection
        return connection

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def submit(self, request: dict[str, Any], retry_of: str | None = None) -> Job:
        """A new queued job; a retry of a job that already has one is that retry (asking twice queues once)."""
        job = Job(uuid.uuid4().hex[:12], request, "queued", time.time(), retry_of=retry_of)
        with self._transaction() as db:
            earlier = db.execute("SELECT id FROM jobs WHERE retry_of = ? ORDER BY created, id LIMIT 1",
                                 (retry_of,)).fetchone() if retry_of is not None else None
            if earlier is None:
                db.execute("INSERT INTO jobs (id, request, status, created, retry_of) VALUES (?, ?, ?, ?, ?)",
                           (job.id, json.dumps(request), job.status, job.created, retry_of))
        return job if earlier is None else self.get(earlier["id"])

    def claim(self) -> Job | None:
        """The oldest queued job, marked running in the same transaction (no two runners get it)."""
        with self._transaction() as db:
            row = db.execute("SELECT id FROM jobs WHERE status = 'queued' ORDER BY created, id LIMIT 1").fetchone()
            if row is None:
                return None
            db.execute("UPDATE jobs SET status = 'running', started = ? WHERE id = ?", (time.time(), row["id"]))
        return self.get(row["id"])

    def update(self, job_id: str, **fields: Any) -> None:
        """Set columns of one job; dicts are stored as JSON; a finishing status stamps `finished`."""
        if fields.get("status") in FINISHED:
            fields["finished"] = time.time()
        values = [json.dumps(v, default=str) if isinstance(v, (dict, list)) else v for v in fields.values()]
        assignments = ", ".join(f"{name} = ?" for name in fields)
        with self._transaction() as db:
            db.execute(f"UPDATE jobs SET {assignments} WHERE id = ?", (*values, job_id))

    def recover(self) -> int:
        """Mark jobs that were running when the server stopped as interrupted; how many there were."""
        with self._transaction() as db:
            cursor = db.execute("UPDATE jobs SET status = 'interrupted', finished = ?, error = ? WHERE status = 'running'",
                                (time.time(), "the server stopped while this job ran; retry it with POST /runs/{id}/retry"))
            return cursor.rowcount

    def get(self, job_id: str) -> Job | None:
        row = self._connection().execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return _job(row) if row else None

    def list(self, limit: int = 50) -> list[Job]:
        rows = self._connection().execute("SELECT * FROM jobs ORDER BY created DESC, id LIMIT ?", (limit,)).fetchall()
        return [_job(r) for r in rows]

    def counts(self) -> dict[str, int]:
        rows = self._connection().execute("SELECT status, COUNT(*) AS n FROM jobs GROUP BY status").fetchall()
        return {r["status"]: r["n"] for r in rows}


def _job(row: sqlite3.Row) -> Job:
    loaded = {k: json.loads(row[k]) if row[k] is not None else None for k in ("request", "plan", "record")}
    return Job(row["id"], loaded["request"], row["status"], row["created"], row["started"], row["finished"],
               loaded["plan"], loaded["record"], row["error"], row["retry_of"])
