"""How a build spreads its per-card work: in this process, over local processes, or over a Ray cluster.

Every engine cuts a stream of items into chunks, maps a function over them and yields the results in the
chunks' order, so a sharded build writes the same graph, byte for byte, as a single-process one. At most
`2 x workers` chunks are out at a time: the stream is read as results come back, so memory stays bounded
however long it is.
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TypeVar

from hive.errors import HiveError

ENGINES = ("processes", "ray")
Pending = TypeVar("Pending")
Item = TypeVar("Item")
_shared: Any = None  # in a worker process: what every chunk of the build shares, received once


@dataclass(frozen=True)
class Sharding:
    """`workers` chunks of `chunk` items processed at once (1: in this process); `engine` runs them;
    `address` is a Ray cluster's."""

    workers: int = 1
    engine: str = "processes"
    address: str | None = None
    chunk: int = 500  # small enough to keep every worker busy, large enough to pay for the trip

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise HiveError(f"unknown build engine '{self.engine}'; choose one of: {', '.join(ENGINES)}")
        if self.workers < 1:
            raise HiveError("--workers must be at least 1")

    def imap(self, function: Callable[[list, Any], Any], items: Iterable, shared: Any) -> Iterator[Any]:
        """function(chunk, shared) for each chunk of `items`, in order; `shared` travels to each worker once."""
        chunks = chunked(items, self.chunk)
        if self.workers == 1:
            yield from (function(chunk, shared) for chunk in chunks)
        elif self.engine == "ray":
            yield from self._ray_imap(function, chunks, shared)
        else:
            with ProcessPoolExecutor(max_workers=self.workers, initializer=_receive, initargs=(shared,)) as pool:
                yield from _windowed((pool.submit(_with_shared, function, chunk) for chunk in chunks),
                                     2 * self.workers, lambda future: future.result())

    def _ray_imap(self, function: Callable[[list, Any], Any], chunks: Iterable[list], shared: Any) -> Iterator[Any]:
        from hive.distributed.ray_cluster import connect

        ray, started_here = connect("ray build engine", self.address, self.workers)
        try:
            remote, reference = ray.remote(function), ray.put(shared)
            yield from _windowed((remote.remote(chunk, reference) for chunk in chunks), 2 * self.workers, ray.get)
        finally:
            if started_here:
                ray.shutdown()


def chunked(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _windowed(submitted: Iterator[Pending], size: int, result: Callable[[Pending], Any]) -> Iterator[Any]:
    """The results of `submitted` in order, keeping at most `size` submitted and not yet collected."""
    window: deque[Pending] = deque()
    for pending in submitted:
        window.append(pending)
        if len(window) >= size:
            yield result(window.popleft())
    while window:
        yield result(window.popleft())


def _receive(shared: Any) -> None:
    global _shared
    _shared = shared


def _with_shared(function: Callable[[list, Any], Any], chunk: list) -> Any:
    return function(chunk, _shared)
