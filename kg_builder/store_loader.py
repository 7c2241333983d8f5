"""Filling a pyoxigraph store while the build goes on: N-Triples gathered into batches of bounded size,
each bulk loaded by a thread of its own (pyoxigraph releases the GIL while it loads). The builder writes
canonical N-Triples itself (`kg_builder.ntriples`), so the loader skips validating them (`lenient`)."""

from __future__ import annotations

import queue
import threading
from pathlib import Path

import pyoxigraph

BATCH_BYTES = 128 << 20  # ~1M triples: the loader's memory grows with its batch, about three times its size


class StoreLoader:
    """`add` N-Triples as they come, `close` when done; a loading error is raised by the next call."""

    def __init__(self, path: Path, batch_bytes: int = BATCH_BYTES) -> None:
        self.store = pyoxigraph.Store(str(path))
        self.batch_bytes = batch_bytes
        self.batch: list[bytes] = []
        self.size = 0
        self.batches: queue.Queue[bytes | None] = queue.Queue(maxsize=1)  # one loading, one waiting
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._load, name="store-loader", daemon=True)
        self.thread.start()

    def add(self, ntriples: bytes) -> None:
        self.batch.append(ntriples)
        self.size += len(ntriples)
        if self.size >= self.batch_bytes:
            self._send()

    def close(self) -> None:
        """Load what is left, wait for the thread, compact the store and let it go. Each bulk load adds files
        whose keys overlap the others'; compacting them into one sorted run halves the time of the selection
        queries (at a million cards: 40 s of compaction, p99 of the slowest selection 19 -> 8.5 ms)."""
        try:
            self._send()
        finally:
            self.batches.put(None)
            self.thread.join()
        self._raise()
        self.store.optimize()
        self.store.flush()
        del self.store

    def abort(self) -> None:
        """Stop the thread without loading what is left (the build failed)."""
        self.batch, self.size = [], 0
        self.batches.put(None)
        self.thread.join()

    def _send(self) -> None:
        self._raise()
        if self.batch:
            self.batches.put(b"".join(self.batch))
            self.batch, self.size = [], 0

    def _raise(self) -> None:
        if self.error is not None:
            raise self.error

    def _load(self) -> None:
        while (batch := self.batches.get()) is not None:
            if self.error is None:
                try:
                    self.store.bulk_load(batch, format=pyoxigraph.RdfFormat.N_TRIPLES, lenient=True)
                except BaseException as exc:  # handed to the building thread
                    self.error = exc
