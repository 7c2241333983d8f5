"""SPARQL queries from the network, each answered in a query process with a time limit.

pyoxigraph cannot interrupt a query it is evaluating, so a query that would run for minutes (a cross
product, a deep property path) is evaluated in a process of its own that holds a copy of the graph; past
its limit the process is killed, with the query, and replaced. Updates and `SERVICE` are refused before
any process is used. At most `size` queries run at once; others wait for a free process within their
own limit.
"""

from __future__ import annotations

import multiprocessing
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pyoxigraph

from hive.kg.server import QUERY_SECONDS, RequestProblem, check_query, run_query

CONTEXT = multiprocessing.get_context("spawn")


def _answer_queries(connection, graph_file: str) -> None:
    """A query process: load the graph, then answer (query, accept) with ("ok", media, body) or
    ("problem", status, message) until the pipe closes."""
    store = pyoxigraph.Store()
    store.bulk_load(path=graph_file, format=pyoxigraph.RdfFormat.N_QUADS)
    while True:
        try:
            query, accept = connection.recv()
        except EOFError:
            return
        try:
            connection.send(("ok", *run_query(store, query, accept)))
        except RequestProblem as problem:
            connection.send(("problem", problem.status, str(problem)))
        except Exception as exc:  # an evaluation error of pyoxigraph's: the query's fault
            connection.send(("problem", 400, f"the query failed: {exc}"))


class _QueryProcess:
    def __init__(self, graph_file: Path) -> None:
        self.connection, child = CONTEXT.Pipe()
        self.process = CONTEXT.Process(target=_answer_queries, args=(child, str(graph_file)), daemon=True)
        self.process.start()
        child.close()

    def stop(self) -> None:
        self.process.kill()
        self.process.join(timeout=5)
        self.connection.close()


class QueryPool:
    """Up to `size` query processes over a copy of `store`, each query bounded by `seconds`."""

    def __init__(self, store: pyoxigraph.Store, size: int = 2, seconds: float = QUERY_SECONDS) -> None:
        self.size, self.seconds = size, seconds
        self.folder = Path(tempfile.mkdtemp(prefix="hive-sparql-"))
        self.graph_file = self.folder / "graph.nq"
        store.dump(output=str(self.graph_file), format=pyoxigraph.RdfFormat.N_QUADS)
        self.idle: list[_QueryProcess] = [_QueryProcess(self.graph_file)]  # warm for the first query
        self.free = threading.Semaphore(size)
        self.lock = threading.Lock()

    def run(self, query: str, accept: str) -> tuple[str, bytes]:
        """(media type, body) of a read-only query; RequestProblem for a refused, malformed or overlong one."""
        check_query(query)
        started = time.monotonic()
        if not self.free.acquire(timeout=self.seconds):
            raise RequestProblem(503, f"every query process was busy for {self.seconds:g} s; try again later")
        try:
            with self.lock:
                worker = self.idle.pop() if self.idle else None
            worker = worker or _QueryProcess(self.graph_file)
            worker.connection.send((query, accept))
            if not worker.connection.poll(max(0.0, self.seconds - (time.monotonic() - started))):
                worker.stop()
                raise RequestProblem(503, f"the query ran past its limit of {self.seconds:g} s and was stopped; "
                                          "narrow it (a LIMIT, fewer unbound joins)")
            try:
                answer = worker.connection.recv()
            except EOFError:
                worker.stop()
                raise RequestProblem(500, "the query process died; the query was not answered") from None
            with self.lock:
                self.idle.append(worker)
        finally:
            self.free.release()
        if answer[0] == "problem":
            raise RequestProblem(answer[1], answer[2])
        return answer[1], answer[2]

    def close(self) -> None:
        with self.lock:
            workers, self.idle = self.idle, []
        for worker in workers:
            worker.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
