"""Writing a build's graph as its chunks arrive, and the atomic output directory around it.

Each model's own triples are appended to an N-Triples file in source order (and handed to the store),
and the shared-node descriptions its card gives are recorded; once every model is in, the description
of each shared node (the first model's) follows them.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
import time
from array import array
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

import numpy as np
import pyoxigraph

from hive.files import remove_abandoned
from hive.kg.schema import PREFIXES
from kg_builder.chunks import ChunkPart
from kg_builder.index_facts import IndexColumns
from kg_builder.indexes import IndexTable
from kg_builder.state import BuildState, IndexSection, piece_places

Sink = Callable[[bytes], None]


class GraphOutput:
    """The models of one run: `add` each chunk's, in order, then `close` for their state (with their index
    facts, with `indexes`)."""

    def __init__(self, path: Path, sink: Sink | None = None, indexes: bool = False) -> None:
        self.file: BinaryIO = open(path, "ab", buffering=1 << 20)
        self.indexes: list[IndexColumns] | None = [] if indexes else None
        self.offset = self.file.tell()
        self.sink = sink
        self.registry: dict[bytes, int] = {}
        self.ids: list[str] = []
        self.versions: list[str] = []
        self.blocks, self.counts, self.mention_ends, self.mentions = array("q"), array("q"), array("q"), array("q")

    def add(self, part: ChunkPart) -> None:
        known = [self.registry.setdefault(description, len(self.registry)) for description in part.descriptions]
        for model in part.models:
            self.file.write(model.triples)
            if self.sink is not None:
                self.sink(model.triples)
            self.blocks.extend((self.offset, len(model.triples)))
            self.offset += len(model.triples)
            self.ids.append(model.id)
            self.versions.append(model.version)
            self.counts.extend(model.counts)
            self.mentions.extend(known[i] for i in model.mentions)
            self.mention_ends.append(len(self.mentions))
        if self.indexes is not None:
            assert part.index is not None
            self.indexes.append(part.index)

    def close(self, settings: dict) -> BuildState:
        self.file.close()
        index = None if self.indexes is None else IndexColumns.joined(self.indexes)
        self.indexes = None  # the chunks' columns, joined
        return BuildState(self.ids, self.versions, _numbers(self.blocks).reshape(-1, 2), _numbers(self.counts).reshape(-1, 4),
                          _numbers(self.mention_ends), _numbers(self.mentions), list(self.registry), settings, index=index)


def _numbers(values: array) -> np.ndarray:
    return np.frombuffer(values, dtype=np.int64).copy()


def append_descriptions(path: Path, descriptions: list[bytes], sink: Sink | None = None,
                        kept: dict[bytes, int] | None = None) -> np.ndarray:
    """Append the shared nodes' descriptions to `path` (and hand them to `sink` one by one, so that the store
    loader's batches stay bounded: a million cards' descriptions are 200 MiB), but those `kept` where the file
    being edited has them (description -> offset); where each one is."""
    offsets = np.empty(len(descriptions), dtype=np.int64)
    with open(path, "ab", buffering=1 << 20) as out:
        at = out.tell()
        for number, description in enumerate(descriptions):
            offset = kept.get(description) if kept else None
            if offset is None:
                offset, at = at, at + len(description)
                _append(out, description, sink)
            offsets[number] = offset
    return offsets


def append_indexes(path: Path, state: BuildState, sink: Sink | None = None,
                   kept: dict[str, IndexSection] | None = None) -> dict[str, IndexSection]:
    """Append the selection indexes of the models in `state` to `path` a task at a time (and hand them to
    `sink`), but the pieces whose digest is the one `kept` records for them, which stay where the file being
    edited has them; each task's pieces: node, offset, length, lines, digest."""
    assert state.index is not None
    sections: dict[str, IndexSection] = {}
    with open(path, "ab") as out:
        at = out.tell()
        for task, pieces in IndexTable(state.index).by_task():
            places, section, texts = piece_places((kept or {}).get(task)), [], []
            for piece in pieces:
                place = places.get(piece.node)
                if place is None or place[3] != piece.digest:
                    text = piece.text().encode()
                    place = (at, len(text), text.count(b"\n"), piece.digest)
                    at += len(text)
                    texts.append(text)
                section.append([piece.node, *place])
            sections[task] = section
            _append(out, b"".join(texts), sink)
    return sections


def _append(out: BinaryIO, data: bytes, sink: Sink | None) -> None:
    out.write(data)
    if sink is not None:
        sink(data)


def write_turtle(ntriples: Path, turtle: Path) -> None:
    """The graph as Turtle with HIVE's prefixes, streamed from the N-Triples file."""
    triples = pyoxigraph.parse(path=str(ntriples), format=pyoxigraph.RdfFormat.N_TRIPLES)
    pyoxigraph.serialize(triples, str(turtle), format=pyoxigraph.RdfFormat.TURTLE, prefixes=PREFIXES)


@contextmanager
def staging_for(out: Path) -> Iterator[Path]:
    """A fresh directory beside `out`, named for this process; when the block ends without an error it replaces
    `out`, else it is removed. Those left beside `out` by a process that no longer runs (killed) are removed first."""
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_abandoned(out.parent.glob(f".{glob.escape(out.name)}.staging-*-*"),
                     lambda folder: folder.name[len(out.name) + len(".staging-") + 1:].split("-", 1)[0])
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-{os.getpid()}-", dir=out.parent))
    try:
        yield staging
        _swap_into_place(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _swap_into_place(staging: Path, out: Path) -> None:
    """Replace `out` with `staging`; the old directory is removed only after the rename succeeded."""
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old-{time.time_ns()}")
        out.rename(old)
    staging.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
