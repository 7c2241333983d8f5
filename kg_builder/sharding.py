"""How a build spreads its per-card work: in this process, over local processes, or over a Ray cluster.

Every engine maps a function over contiguous shards of a list and yields the shard results in order, so
a sharded build writes the same graph, byte for byte, as a single-process one.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from hive.errors import HiveError

ENGINES = ("processes", "ray")


@dataclass(frozen=True)
class Sharding:
    """`workers` shards per phase (1: no sharding); `engine` runs them; `address` is a Ray cluster's."""

    workers: int = 1
    engine: str = "processes"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise HiveError(f"unknown build engine '{self.engine}'; choose one of: {', '.join(ENGINES)}")
        if self.workers < 1:
            raise HiveError("--workers must be at least 1")

    def map(self, function: Callable[..., Any], items: Sequence, *extra: Any) -> Iterator[Any]:
        """function(shard, *extra) for each shard of `items`, in order."""
        if self.workers == 1 or len(items) <= 1:
            yield function(list(items), *extra)
            return
        size = math.ceil(len(items) / self.workers)
        shards = [list(items[i:i + size]) for i in range(0, len(items), size)]
        if self.engine == "ray":
            yield from self._ray_map(function, shards, extra)
            return
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            yield from pool.map(function, shards, *([value] * len(shards) for value in extra))

    def _ray_map(self, function: Callable[..., Any], shards: list[list], extra: tuple) -> Iterator[Any]:
        from hive.distributed.ray_cluster import connect

        ray, started_here = connect("ray build engine", self.address, self.workers)
        try:
            remote = ray.remote(function)
            yield from ray.get([remote.remote(shard, *extra) for shard in shards])
        finally:
            if started_here:
                ray.shutdown()
