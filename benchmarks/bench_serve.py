"""Load test of `hive serve` on 127.0.0.1: concurrent plan requests and a burst of queued runs.

Usage: python benchmarks/bench_serve.py [--warm 40] [--plans 50] [--slow 50] [--runs 200] [--runners 2] [--limit-seconds 600] [--kg DIR]

Starts its own server in a temporary folder (on the graph `--kg`, else the shipped snapshot), sends
`--warm` distinct requests (tests/data/heldout.jsonl) one at a time to a warm server and prints their
latency against the 50 ms goal, then sends `--plans` POST /plan at once (one thread each),
then `--slow` requests at the size limits at once (bench_limits.py's) while /health is asked every
0.1 s (its latency is printed: it must stay under 1 s), then queues `--runs` runs (spaCy NER on a short text, so the queue, not the model, is measured) and
waits until all finish or the time limit passes; then stops the server. Prints /plan latency
percentiles, the run throughput, and the check that no job was lost or duplicated.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from bench_limits import requests_at_the_limits

from hive.serve.launch import start_server

ROOT = Path(__file__).resolve().parents[1]
WARM_GOAL_MS = 50.0
PLAN_QUERIES = ["Transcribe meeting.wav and summarise it", "Classify traffic-light.png and read the label out loud",
                "Summarise article.txt and find the named entities in the summary",
                "Find the named entities in 'Grace Hopper worked at Harvard in 1944.'"]
RUN_QUERY = "Find the named entities in 'Grace Hopper met Alan Turing in Princeton in {n}.'"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def plan_burst(url: str, count: int) -> None:
    def one(n: int) -> tuple[float, int]:
        started = time.perf_counter()
        answer = requests.post(f"{url}/plan", json={"query": PLAN_QUERIES[n % len(PLAN_QUERIES)]}, timeout=120)
        return time.perf_counter() - started, answer.status_code

    with ThreadPoolExecutor(max_workers=count) as pool:
        results = list(pool.map(one, range(count)))
    latencies = [seconds * 1000 for seconds, _status in results]
    failures = sum(status != 200 for _s, status in results)
    print(f"POST /plan x{count} concurrent: p50 {statistics.median(latencies):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms,"
          f" max {max(latencies):.0f} ms; non-200 answers: {failures}")


def warm_plans(url: str, count: int) -> None:
    """`count` distinct requests, one after another, to a server that has planned before: what one user waits
    (only the planned ones are timed; a request refused in one line is counted apart)."""
    lines = (ROOT / "tests" / "data" / "heldout.jsonl").read_text().splitlines()
    queries = [json.loads(line)["query"] for line in lines if line.strip()]
    latencies, refused = [], 0
    for query in (queries * (count // len(queries) + 1))[:count]:
        started = time.perf_counter()
        answer = requests.post(f"{url}/plan", json={"query": query}, timeout=120)
        if answer.status_code == 200:
            latencies.append((time.perf_counter() - started) * 1000)
        else:
            refused += 1
    p50, p90 = statistics.median(latencies), percentile(latencies, 0.9)
    print(f"POST /plan x{len(latencies)} planned one at a time (warm; {refused} refused): p50 {p50:.1f} ms, p90 {p90:.1f} ms,"
          f" max {max(latencies):.1f} ms; p50/goal {p50 / WARM_GOAL_MS:.2f}, p90/goal {p90 / WARM_GOAL_MS:.2f} (goal {WARM_GOAL_MS:.0f} ms)")


def slow_burst(url: str, count: int) -> None:
    """`count` requests at the size limits in flight at once, and /health asked all the while."""
    import random
    import threading

    slow = [request for _kind, request in requests_at_the_limits(random.Random(1), count)]
    health: list[float] = []
    done = threading.Event()

    def probe() -> None:
        while not done.is_set():
            started = time.perf_counter()
            requests.get(f"{url}/health", timeout=30)
            health.append(time.perf_counter() - started)
            time.sleep(0.1)

    prober = threading.Thread(target=probe)
    prober.start()
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=count) as pool:
        statuses = list(pool.map(lambda q: requests.post(f"{url}/plan", json={"query": q}, timeout=300).status_code, slow))
    took = time.perf_counter() - started
    done.set()
    prober.join()
    print(f"POST /plan x{count} at the size limits at once: all answered in {took:.1f} s ({statuses.count(200)} planned, "
          f"{sum(400 <= s < 500 for s in statuses)} refused in one line, {sum(s >= 500 for s in statuses)} server errors); "
          f"GET /health meanwhile x{len(health)}: p50 {statistics.median(health) * 1000:.0f} ms, max {max(health) * 1000:.0f} ms")


def run_burst(url: str, count: int, limit: float) -> None:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=16) as pool:
        ids = list(pool.map(lambda n: requests.post(f"{url}/runs", json={"query": RUN_QUERY.format(n=n)}, timeout=60).json()["id"],
                            range(count)))
    queued_in = time.perf_counter() - started
    pending = set(ids)
    statuses: dict[str, str] = {}
    while pending and time.perf_counter() - started < limit:
        for job in requests.get(f"{url}/runs", params={"limit": 500}, timeout=60).json():
            if job["id"] in pending and job["status"] not in ("queued", "running"):
                statuses[job["id"]] = job["status"]
                pending.discard(job["id"])
        time.sleep(0.5)
    took = time.perf_counter() - started
    listed = [j["id"] for j in requests.get(f"{url}/runs", params={"limit": 500}, timeout=60).json()]
    lost = set(ids) - set(listed)
    duplicated = len(ids) - len(set(ids)) + len(listed) - len(set(listed))
    complete = sum(s == "complete" for s in statuses.values())
    print(f"POST /runs x{count}: all accepted in {queued_in:.1f} s; {complete} complete, {len(pending)} unfinished at the limit,"
          f" {len(statuses) - complete} other; {count / took:.1f} runs/s; lost {len(lost)}, duplicated {duplicated}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--warm", type=int, default=40)
    parser.add_argument("--plans", type=int, default=50)
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--runners", type=int, default=2)
    parser.add_argument("--port", type=int, default=8931)
    parser.add_argument("--limit-seconds", type=float, default=600)
    parser.add_argument("--kg", help="a graph directory from 'hive kg build' (default: the shipped snapshot)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp), args.port, "--inputs", str(ROOT / "examples"), "--runners", str(args.runners),
                              *(["--kg", args.kg] if args.kg else []))
        url = f"http://127.0.0.1:{args.port}"
        try:
            plan_burst(url, min(args.plans, 4))  # warm-up: first plans load the graph's caches
            warm_plans(url, args.warm)
            plan_burst(url, args.plans)
            slow_burst(url, args.slow)
            run_burst(url, args.runs, args.limit_seconds)
        finally:
            server.terminate()
            server.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
