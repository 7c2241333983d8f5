"""How many threads the native libraries HIVE loads in its own process start: one each.

HIVE's own arrays are small (a request's features, a detector's layer), and an idle OpenBLAS or OpenMP thread
spins on the second core: on a two-core machine numpy's BLAS threads cost a cold `hive plan` about 40 ms.
A library reads its variable once, as it loads, so each is set only while it loads and then put back:
processes started later (the snippet workers, which run torch) get the user's own settings.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def environment(name: str, value: str) -> Iterator[None]:
    """`name` set to `value` for the block, then as it was."""
    before = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before


def load_numpy() -> None:
    """Import numpy with one BLAS thread (before anything else imports it)."""
    with environment("OPENBLAS_NUM_THREADS", "1"):
        import numpy  # noqa: F401
