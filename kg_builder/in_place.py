"""An update's edit of the previous `ckg.nt` in place, so that the unchanged triples are neither read nor
written again (at a million cards the models' are 4.6 GiB, the shared nodes' descriptions and the selection
indexes 1 GiB more: copying them was most of an update's time, and on a cold disk cache most of its 35 s).

The edit: the old triples of the changed and removed models, and the descriptions and index pieces that
changed, become comment lines of the same length ("#" and spaces), and the tail the update wrote (the
rebuilt models, the new descriptions and index pieces, at their final offsets in a sparse file) follows.
The file grows by each tail; a full build writes it afresh. The update stages everything else first,
hard-links the previous `ckg.nt` into the new build and records the edit (`pending.npz`); only once the new
build has replaced the old one is the file edited.
Each step of the edit can be done again, so an update stopped midway (the process killed, the disk full)
leaves the edit pending, and the next update (or `complete_edit`) finishes it before anything else.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from hive.errors import HiveError
from hive.kg.store import PENDING_EDIT as PENDING
from kg_builder.build import NTRIPLES
from kg_builder.output import write_turtle

TAIL = "ckg.tail.nt"  # the new tail, at its final offsets (sparse before them)
COPY_BYTES = 64 << 20  # the most copied at a time


@dataclass
class Edit:
    holes: np.ndarray  # (n, 2) int64: offset and length of each block to turn into a comment
    keep: int  # the previous ckg.nt's size: the tail follows it (cutting to it first undoes a copy stopped midway)
    turtle: bool  # write ckg.ttl from the edited graph

    def save(self, out: Path) -> None:
        np.savez(out / PENDING, holes=self.holes, keep=np.int64(self.keep), turtle=np.bool_(self.turtle))

    @classmethod
    def load(cls, out: Path) -> Edit:
        found = np.load(out / PENDING)
        return cls(found["holes"], int(found["keep"]), bool(found["turtle"]))


@contextmanager
def one_update_at_a_time(out: Path) -> Iterator[None]:
    """Hold the build at `out` for this update (a lock file beside it): two updates at once would edit one
    ckg.nt under each other's feet."""
    if not out.is_dir():
        yield  # no build there: the update says so
        return
    with open(out.parent / f".{out.name}.update-lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise HiveError(f"another update of {out} is running: wait for it to finish, then run this one again") from None
        yield


def start_tail(path: Path, keep: int) -> None:
    """A file whose first `keep` bytes are a hole: what is appended lands at its offset in the edited ckg.nt."""
    with open(path, "wb") as tail:
        tail.truncate(keep)


def complete_edit(out: Path) -> None:
    """Finish the edit pending in the build at `out`, if any: blank the holes, append the tail, write Turtle."""
    if not (out / PENDING).exists():
        return
    try:
        edit = Edit.load(out)
    except (OSError, ValueError, KeyError) as exc:
        raise HiveError(f"{out / PENDING} (an unfinished update's record) cannot be read ({exc}): run a full build") from None
    if not (out / TAIL).is_file() or not (out / NTRIPLES).is_file():
        raise HiveError(f"{out} holds an unfinished update whose {TAIL} or {NTRIPLES} is gone: run a full build")
    if (out / NTRIPLES).stat().st_nlink > 1:  # a hard-linked backup (`cp -al`, `rsync --link-dest`) must not change
        shutil.copyfile(out / NTRIPLES, out / f"{NTRIPLES}.partial")
        os.replace(out / f"{NTRIPLES}.partial", out / NTRIPLES)
    with open(out / NTRIPLES, "r+b", buffering=0) as graph, open(out / TAIL, "rb", buffering=0) as tail:
        for offset, length in edit.holes.tolist():
            os.pwrite(graph.fileno(), comment_line(length), offset)
        graph.truncate(edit.keep)
        _copy(tail.fileno(), graph.fileno(), edit.keep, os.fstat(tail.fileno()).st_size - edit.keep)
    if edit.turtle:
        write_turtle(out / NTRIPLES, out / "ckg.ttl.partial")
        os.replace(out / "ckg.ttl.partial", out / "ckg.ttl")
    (out / PENDING).unlink()
    (out / TAIL).unlink()


def comment_line(length: int) -> bytes:
    """`length` bytes that N-Triples reads as nothing: a comment ending in a line break."""
    return b"#" + b" " * (length - 2) + b"\n"


def _copy(source: int, target: int, offset: int, length: int) -> None:
    """Write `length` bytes of `source` from `offset` to `target` at the same offset: in the kernel where it can."""
    while length > 0:
        if hasattr(os, "copy_file_range"):
            copied = os.copy_file_range(source, target, min(length, COPY_BYTES), offset, offset)
        else:
            copied = os.pwrite(target, os.pread(source, min(length, COPY_BYTES), offset), offset)
        if copied == 0:
            raise OSError(f"the staged tail ended {length} bytes early")
        offset += copied
        length -= copied
