"""Sorting a file's lines in bounded memory: sorted runs written beside it, then merged into place."""

from __future__ import annotations

import heapq
import os
import tempfile
from contextlib import ExitStack
from pathlib import Path

RUN_BYTES = 256 << 20


def sort_lines(path: Path, run_bytes: int = RUN_BYTES) -> None:
    """Replace `path` by its lines in byte order; each line must end with a newline."""
    with tempfile.TemporaryDirectory(prefix=".sort-", dir=path.parent) as folder:
        runs = _sorted_runs(path, Path(folder), run_bytes)
        merged = Path(folder) / "merged"
        with ExitStack() as files, open(merged, "wb", buffering=1 << 20) as out:
            out.writelines(heapq.merge(*(files.enter_context(open(run, "rb", buffering=1 << 20)) for run in runs)))
        os.replace(merged, path)


def _sorted_runs(path: Path, folder: Path, run_bytes: int) -> list[Path]:
    runs = []
    with open(path, "rb") as lines:
        while run := lines.readlines(run_bytes):
            run.sort()
            runs.append(folder / f"run-{len(runs)}")
            runs[-1].write_bytes(b"".join(run))
    return runs
