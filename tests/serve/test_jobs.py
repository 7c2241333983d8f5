"""The job store of `hive serve` (hive/serve/jobs.py): SQLite in WAL mode, claims, crash recovery, retries."""

from __future__ import annotations

import threading

from hive.serve.jobs import JobStore


def test_claims_are_exclusive_across_threads(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite3")
    submitted = {store.submit({"query": f"q{n}"}).id for n in range(120)}
    claimed: list[str] = []

    def claim_all() -> None:
        while (job := JobStore(tmp_path / "jobs.sqlite3").claim()) is not None:
            claimed.append(job.id)

    threads = [threading.Thread(target=claim_all) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claimed) == sorted(submitted)  # each job claimed once, none lost


def test_jobs_running_at_a_crash_become_interrupted_and_retriable(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite3")
    running, queued = store.submit({"query": "a"}), store.submit({"query": "b"})
    assert store.claim().id == running.id
    assert JobStore(tmp_path / "jobs.sqlite3").recover() == 1
    assert store.get(running.id).status == "interrupted" and store.get(running.id).retriable
    assert store.get(queued.id).status == "queued"
    again, twice = store.submit({"query": "a"}, retry_of=running.id), store.submit({"query": "a"}, retry_of=running.id)
    assert again.id == twice.id and store.counts().get("queued") == 2  # a retry asked twice is queued once
