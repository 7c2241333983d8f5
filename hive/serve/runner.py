"""Threads that take queued jobs from the store, plan them and run them, each through a session of its
own that shares the server's planner (its executor's worker processes and loaded models live as long
as the runner)."""

from __future__ import annotations

import threading
import time

from hive.contracts import ConstraintSet
from hive.errors import HiveError
from hive.serve.jobs import Job, JobStore
from hive.serve.settings import ServeSettings
from hive.session import Session

IDLE_POLL_SECONDS = 0.2


class JobRunner:
    """`settings.runners` threads; `stop()` lets the running jobs finish their current step."""

    def __init__(self, store: JobStore, session: Session, settings: ServeSettings) -> None:
        self.store, self.session, self.settings = store, session, settings
        self.stopping = threading.Event()
        self.wake = threading.Event()
        self.threads = [threading.Thread(target=self._loop, name=f"hive-runner-{n}", daemon=True) for n in range(settings.runners)]

    def start(self) -> "JobRunner":
        for thread in self.threads:
            thread.start()
        return self

    def notify(self) -> None:
        """A job was queued: wake an idle runner now rather than at its next poll."""
        self.wake.set()

    def stop(self, wait: float = 10.0) -> None:
        """Take no new job; give the running ones `wait` seconds in all to finish."""
        self.stopping.set()
        self.wake.set()
        deadline = time.monotonic() + wait
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def _loop(self) -> None:
        with self.session.twin(timeout=self.settings.job_seconds, allow_hub=self.settings.allow_hub) as session:
            while not self.stopping.is_set():
                job = self.store.claim()
                if job is None:
                    self.wake.wait(IDLE_POLL_SECONDS)
                    self.wake.clear()
                    continue
                self._run(job, session)

    def _run(self, job: Job, session: Session) -> None:
        request = job.request
        try:
            constraints = ConstraintSet.parse(request["constraints"], "request constraints") if request.get("constraints") else None
            plan = session.plan(request["query"], job.id, constraints)
            self.store.update(job.id, plan=plan.to_json_dict())
            deadline = (job.started or time.time()) + self.settings.job_seconds
            record = session.run(plan, self.settings.runs, run_id=job.id, deadline=deadline,
                                  progress=lambda r: self.store.update(job.id, record=r.to_json()))
        except HiveError as exc:
            self.store.update(job.id, status="not-run", error=str(exc))
            return
        except Exception as exc:  # a bug must fail its job, not the runner thread
            self.store.update(job.id, status="failed", error=f"{exc.__class__.__name__}: {exc}")
            return
        self.store.update(job.id, status=record.status, record=record.to_json())
