"""`hive batch --engine ray`: planning as Ray tasks, execution on Ray actors that keep models loaded.

Planning: the requests are cut into chunks, each planned by a Ray task whose process builds its session
once (from the driver's picklable `SessionSpec`). Execution: one `RunActor` per slot (`--workers`); each plan goes
to the actor chosen by its model family (the sorted set of its steps' models), so the same models keep
meeting the same warm worker processes. Run directories are written by the actors, so on a real
cluster `--runs` must be a folder every node sees (a shared file system).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterator

from hive.batch import Request, execute_plan, plan_request
from hive.contracts import PlanResult
from hive.distributed.ray_cluster import connect
from hive.session import Session, SessionSpec

PLAN_CHUNK = 8

_SESSIONS: dict[str, Session] = {}


def _session(spec: SessionSpec) -> Session:
    """One session per Ray worker process and spec."""
    key = repr(spec)
    if key not in _SESSIONS:
        _SESSIONS[key] = spec.build()
    return _SESSIONS[key]


def plan_chunk(spec: SessionSpec, requests: list[Request]) -> list[tuple[dict, PlanResult | None]]:
    """(output line, plan to run or None) for each request of the chunk."""
    session = _session(spec)
    answered = []
    for request in requests:
        result = plan_request(session, *request)
        answered.append((result.to_json_dict(), result if result.error is None else None))
    return answered


class RunActor:
    """Runs plans with a session whose executor's worker processes (and loaded models) live as long as the actor."""

    def __init__(self, spec: SessionSpec, runs_dir: str) -> None:
        self.session = _session(spec).twin(parallel=1)
        self.runs_dir = Path(runs_dir)

    def run(self, line: dict, plan: PlanResult) -> dict:
        return {**line, "run": execute_plan(self.session, plan, self.runs_dir)}

    def close(self) -> None:
        self.session.close()


def family(plan: PlanResult) -> str:
    """The models a plan uses, as one key: plans with the same models share an actor."""
    return "|".join(sorted({step.model or "" for step in plan.tasks}))


def actor_for(key: str, actors: int) -> int:
    """A stable actor index for a family key (the same on every run and machine)."""
    return int(hashlib.sha1(key.encode()).hexdigest(), 16) % actors


class RayEngine:
    """Connects to a Ray cluster (or starts a local one) and processes requests on it."""

    def __init__(self, spec: SessionSpec, runs_dir: Path | None, address: str | None = None, workers: int = 2) -> None:
        self.ray, self.started_here = connect("ray engine", address, workers)
        self.spec, self.runs_dir, self.workers = spec, runs_dir, workers
        self.runs = runs_dir is not None
        self.actors: list = []

    def process(self, requests: list[Request]) -> Iterator[dict]:
        ray = self.ray
        planning = ray.remote(plan_chunk)
        chunks = [requests[i:i + PLAN_CHUNK] for i in range(0, len(requests), PLAN_CHUNK)]
        pending_plans = [planning.remote(self.spec, chunk) for chunk in chunks]
        pending_runs = []
        while pending_plans:
            ready, pending_plans = ray.wait(pending_plans, num_returns=1)
            for line, plan in ray.get(ready[0]):
                if plan is None or self.runs_dir is None:
                    yield line
                else:
                    pending_runs.append(self._actor(family(plan)).run.remote(line, plan))
        while pending_runs:
            ready, pending_runs = ray.wait(pending_runs, num_returns=1)
            yield ray.get(ready[0])

    def _actor(self, key: str):
        if not self.actors:
            remote_actor = self.ray.remote(num_cpus=1)(RunActor)
            self.actors = [remote_actor.remote(self.spec, str(self.runs_dir.resolve())) for _ in range(self.workers)]
        return self.actors[actor_for(key, self.workers)]

    def close(self) -> None:
        for actor in self.actors:
            self.ray.get(actor.close.remote())
        if self.started_here:
            self.ray.shutdown()

