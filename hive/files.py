"""Files written whole or not at all: a crash or a concurrent writer never leaves half a file behind; and the
working folders a killed process leaves behind, removed by the next one."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator


@contextmanager
def replaced_atomically(path: Path, binary: bool = False) -> Iterator[IO]:
    """An open temporary file beside `path`; renamed onto `path` when the block ends, removed if it fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as out:
            yield out
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def remove_abandoned(folders: Iterable[Path], owner: Callable[[Path], str]) -> list[Path]:
    """Remove the folders whose owner (the process id `owner` reads from a folder's name) no longer runs; a
    folder of this process, of a live one, or whose name names no process stays. The removed ones."""
    removed = []
    for folder in folders:
        pid = owner(folder)
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
