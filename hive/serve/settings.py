"""The server's limits and folders (flags of `hive serve`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ServeSettings:
    """Where the server keeps its state, what it accepts, and how much it runs at once."""

    data: Path = Path("hive-serve")            # jobs.sqlite3, runs/, uploads/
    inputs: Path | None = None                 # a folder requests may name files in (besides uploads)
    runners: int = 1                           # jobs executing at the same time
    max_queued: int = 1000                     # queued jobs beyond this are refused (429)
    job_seconds: float = 600.0                 # wall-clock limit of one job
    grace_seconds: float = 10.0                # how long a stopping server waits for running jobs
    max_request_bytes: int = 64 * 1024         # JSON bodies
    max_upload_bytes: int = 50 * 2**20         # one uploaded file
    max_query_chars: int = 4000
    planners: int = 2                          # POST /plan requests planned at once (CPU work: about one per core)
    plan_wait_seconds: float = 60.0            # how long a /plan request may wait for its turn (then 503)
    query_seconds: float = 10.0                # a SPARQL query still running then is stopped (503)
    kg: str | None = None                      # a SPARQL endpoint instead of the shipped graph
    allow_hub: bool = False
    extra_roots: tuple[Path, ...] = field(default=())
    token: str | None = None                   # when set, every request but /health must carry it
    allowed_hosts: tuple[str, ...] = ()        # Host header names served (empty: any); loopback binds get the loopback names

    @property
    def store_path(self) -> Path:
        return self.data / "jobs.sqlite3"

    @property
    def runs(self) -> Path:
        return self.data / "runs"

    @property
    def uploads(self) -> Path:
        return self.data / "uploads"

    def input_roots(self) -> list[Path]:
        """The folders whose files a request may name; nothing else on the server is readable through it."""
        roots = [self.uploads, *(self.extra_roots or ())]
        if self.inputs is not None:
            roots.insert(0, self.inputs)
        return [r.resolve() for r in roots]
