"""An incremental build: only the cards whose version changed since the previous build are built again.

The previous build's state says which version of each card it holds and where each model's own triples
sit in its `ckg.nt`. An update reads the sources (a source does not even parse a card at the version the
state holds), builds the new and changed cards as a build does, and writes a new output directory: its
store a copy of the old one (hard links) with the old triples of changed and removed models taken out and
the new ones loaded, its state, and the tail of its `ckg.nt`: the rebuilt models' triples, then the shared
nodes' descriptions (chosen again over every model in the sources' present order) that the previous file
does not hold, then the index pieces whose digest changed. The new directory replaces the old one
atomically; then the previous `ckg.nt`, hard-linked into it, is edited in place (`kg_builder.in_place`):
unchanged triples stay where they are, replaced ones become comments. The graph is the one a full build
from the same sources writes.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, Iterator, Sequence

import numpy as np
import pyoxigraph

from hive.errors import HiveError
from hive.kg.schema import HIVE
from hive.kg.snippet_templates import TemplateWriter
from kg_builder.build import NTRIPLES, BuildReport, Outputs, finish, read_cards, settings_for
from kg_builder.cards import Card
from kg_builder.chunks import ChunkJob, build_chunk
from kg_builder.in_place import COPY_BYTES, TAIL, Edit, complete_edit, one_update_at_a_time, start_tail
from kg_builder.index_facts import IndexColumns
from kg_builder.output import GraphOutput, append_descriptions, append_indexes, staging_for
from kg_builder.papers import PaperIndex
from kg_builder.sharding import Sharding
from kg_builder.snippets import SnippetWriter
from kg_builder.sources import CardSource, PapersWithCodeSource, Unchanged
from kg_builder.state import BuildState, Place, Versions, piece_places

EXAMPLES = 100  # model ids listed per kind of change in report.json
CHANGE_BATCH = 10_000  # models whose old and new triples are compared at a time
SNIPPET_PATH = pyoxigraph.NamedNode(HIVE + "path")


def update(sources: list[CardSource], out: Path, tables: list[PapersWithCodeSource] | None = None,
           writer: SnippetWriter | None = None, progress: Callable[[int], None] | None = None,
           shards: Sharding | None = None) -> BuildReport:
    """Bring the build in `out` up to date with `sources`; `out` is replaced only once everything is written."""
    out = Path(out).resolve()  # through a link, the build it points to is what is updated (and locked)
    try:
        with one_update_at_a_time(out):
            return _update(sources, out, tables, writer, progress, shards)
    except OSError as exc:  # a full disk, a permission, a file gone: the previous build, or its unfinished edit, stays
        where = f" ({exc.filename})" if exc.filename else ""
        raise HiveError(f"the update of {out} stopped: {exc.strerror or exc}{where}; mend that and run the update "
                        "again (it takes up what this one left), or run a full build") from exc


def _update(sources: list[CardSource], out: Path, tables: list[PapersWithCodeSource] | None,
            writer: SnippetWriter | None, progress: Callable[[int], None] | None, shards: Sharding | None) -> BuildReport:
    started = time.perf_counter()
    complete_edit(out)  # an update interrupted while editing ckg.nt is finished first
    previous = BuildState.load(out)
    _check_editable(out, previous)
    writer, tables = writer or TemplateWriter(), tables or []
    outputs = Outputs(**previous.settings["outputs"])
    if settings_for(outputs, tables, writer) != previous.settings:
        raise HiveError(f"{out} was built with other benchmark tables or another snippet writer: run a full build instead")
    report = BuildReport()
    versions = Versions(previous)
    with staging_for(out) as staging:
        job = ChunkJob(writer, PaperIndex.of(tables, report.skip), staging / "snippets" if outputs.snippet_files else None,
                       outputs.indexes)
        fresh = GraphOutput(staging / "fresh.nt", indexes=outputs.indexes)
        reading = Reading(versions)
        for part in (shards or Sharding()).imap(build_chunk, reading.to_build(read_cards(sources, report, known=versions)), job):
            report.add(part)
            fresh.add(part)
            if progress:
                progress(len(part.models))
        rebuilt = fresh.close(previous.settings)
        kept, kept_at = reading.kept(previous)
        if not len(kept) and not rebuilt.ids and previous.ids:
            raise HiveError(f"the sources hold none of the {len(previous.ids):,} models of {out} ({sum(report.skipped.values()):,} "
                            "lines or cards skipped): an update would remove them all; check the sources, or run a full build")
        gone = np.flatnonzero(np.bincount(kept, minlength=len(previous.ids)) == 0)
        store = _store_copy(out / "store", staging / "store") if outputs.store else None
        replaced = _apply(_model_lines(previous, gone, out / NTRIPLES, rebuilt, staging / "fresh.nt"), store)
        tail = staging / TAIL
        start_tail(tail, previous.ntriples_bytes)
        state = previous.take(kept, previous.blocks[kept, 0]).joined(_appended(rebuilt, staging / "fresh.nt", tail))
        state.described = state.first_descriptions(np.concatenate((kept_at, [reading.rebuilt_at[i] for i in rebuilt.ids])).astype(np.int64))
        before = dict(zip((previous.descriptions[i] for i in previous.described.tolist()), previous.described_at.tolist()))
        after = [state.descriptions[i] for i in state.described.tolist()]
        state.described_at = append_descriptions(tail, after, kept=before)
        dropped = before.keys() - set(after)
        _apply([(_lines_of(dropped), _lines_of(set(after) - before.keys()))], store)
        holes = [previous.blocks[gone], [(before[d], len(d)) for d in dropped]]
        if outputs.indexes:
            assert previous.index is not None and rebuilt.index is not None
            state.index = IndexColumns.joined([previous.index.take(kept), rebuilt.index])
            state.index_sections = append_indexes(tail, state, kept=previous.index_sections)
            changed = _changed_pieces(previous, state)
            _apply(_index_lines(changed, out / NTRIPLES, tail), store)
            holes.append([place[:2] for was, _now in changed for place in was])  # offset, length
        if store is not None:
            store.flush()
            del store
        if outputs.snippet_files:
            _link_snippets(out / "snippets", staging / "snippets", replaced)
        (staging / "fresh.nt").unlink()
        report.changes = _changes(previous, versions, rebuilt, gone, len(kept))
        os.link(out / NTRIPLES, staging / NTRIPLES)  # edited once this build replaced the old (a copy if a backup shares it)
        Edit(np.concatenate([np.array(h, dtype=np.int64).reshape(-1, 2) for h in holes]), previous.ntriples_bytes, outputs.turtle).save(staging)
        state.ntriples_bytes = tail.stat().st_size  # what ckg.nt will be once edited
        finish(staging, state, replace(outputs, turtle=False), report, started)
    complete_edit(out)
    return report


class Reading:
    """Where each card came in the sources: an unchanged one by its number in the previous state, one to
    build again by its id."""

    def __init__(self, versions: Versions) -> None:
        self.versions = versions
        self.unchanged: list[int] = []
        self.unchanged_at: list[int] = []
        self.rebuilt_at: dict[str, int] = {}

    def to_build(self, items: Iterable[Card | Unchanged]) -> Iterator[Card]:
        """The cards to build again."""
        for place, item in enumerate(items):
            if isinstance(item, Unchanged):
                self.unchanged.append(self.versions.index[item.id])
                self.unchanged_at.append(place)
            else:
                self.rebuilt_at[item.id] = place
                yield item

    def kept(self, previous: BuildState) -> tuple[np.ndarray, np.ndarray]:
        """The unchanged models' numbers in the previous state, in the order of their triples in its ckg.nt,
        and their places in the sources."""
        unchanged = np.array(self.unchanged, dtype=np.int64)
        order = np.argsort(previous.blocks[unchanged, 0], kind="stable")
        return unchanged[order], np.array(self.unchanged_at, dtype=np.int64)[order]


def _appended(rebuilt: BuildState, fresh: Path, tail: Path) -> BuildState:
    """The rebuilt models' state once their triples (fresh.nt) follow the kept ones."""
    end = tail.stat().st_size
    with open(tail, "ab") as out, open(fresh, "rb") as source:
        shutil.copyfileobj(source, out, COPY_BYTES)
    rebuilt.blocks = rebuilt.blocks + np.array([end, 0])
    return rebuilt


def _check_editable(out: Path, previous: BuildState) -> None:
    """Refuse, before anything is written, a ckg.nt that is not the one the state describes or that cannot be
    edited, and a build folder that cannot be replaced."""
    graph = out / NTRIPLES
    if not graph.is_file() or graph.stat().st_size != previous.ntriples_bytes:
        raise HiveError(f"{graph} is missing or not the file its build state describes (changed since the build): run a full build instead")
    with open(graph, "r+b"):
        pass  # a PermissionError here, before the swap, leaves everything as it was
    probe = tempfile.NamedTemporaryFile(dir=out)
    probe.close()


def _store_copy(old: Path, new: Path) -> pyoxigraph.Store:
    """A copy of the store at `old` (hard links where it can), open for writing."""
    pyoxigraph.Store.read_only(str(old)).backup(str(new))
    return pyoxigraph.Store(str(new))


def _model_lines(previous: BuildState, gone: np.ndarray, old: Path, rebuilt: BuildState, fresh: Path) -> Iterator[tuple[set[bytes], set[bytes]]]:
    """For a batch of models at a time: the lines of the previous triples of those built again or gone, and
    the lines of their new triples."""
    old_blocks = dict(zip((previous.ids[i] for i in gone.tolist()), previous.blocks[gone].tolist()))
    new_blocks = dict(zip(rebuilt.ids, rebuilt.blocks.tolist()))
    models = list(old_blocks | new_blocks)
    with open(old, "rb") as before, open(fresh, "rb") as after:
        for first in range(0, len(models), CHANGE_BATCH):
            batch = models[first:first + CHANGE_BATCH]
            yield (_read_lines(before, [old_blocks[m] for m in batch if m in old_blocks]),
                   _read_lines(after, [new_blocks[m] for m in batch if m in new_blocks]))


def _read_lines(source: BinaryIO, blocks: Iterable[Sequence[int]]) -> set[bytes]:
    """The lines of the blocks (offset, length, ...) of a file."""
    return set(b"".join(os.pread(source.fileno(), block[1], block[0]) for block in blocks).splitlines(keepends=True))


def _changed_pieces(previous: BuildState, state: BuildState) -> list[tuple[list[Place], list[Place]]]:
    """Task by task, the index pieces of the previous graph that are not kept where they were (changed or gone),
    and the new graph's that were written anew (a 1% update changes a few buckets' members, if any)."""
    changed = []
    for task in sorted(previous.index_sections.keys() | state.index_sections.keys()):
        was, now = piece_places(previous.index_sections.get(task)), piece_places(state.index_sections.get(task))
        differing = [node for node in was.keys() | now.keys() if was.get(node) != now.get(node)]
        changed.append(([was[n] for n in differing if n in was], [now[n] for n in differing if n in now]))
    return changed


def _index_lines(changed: list[tuple[list[Place], list[Place]]], old: Path, new: Path) -> Iterator[tuple[set[bytes], set[bytes]]]:
    """Task by task: the lines of the changed pieces in the previous graph, and in the new one (only those are
    read and split into lines)."""
    with open(old, "rb") as before, open(new, "rb") as after:
        for was, now in changed:
            yield _read_lines(before, was), _read_lines(after, now)


def _lines_of(descriptions: set[bytes]) -> set[bytes]:
    return set(b"".join(descriptions).splitlines(keepends=True))


def _apply(changes: Iterable[tuple[set[bytes], set[bytes]]], store: pyoxigraph.Store | None) -> set[str]:
    """Take the lines only in the first set of each pair out of `store` and load those only in the second;
    the snippet paths of the lines taken out."""
    replaced: set[str] = set()
    for before, after in changes:
        for triple in pyoxigraph.parse(b"".join(before - after), format=pyoxigraph.RdfFormat.N_TRIPLES):
            if store is not None:
                store.remove(pyoxigraph.Quad(triple.subject, triple.predicate, triple.object))
            if triple.predicate == SNIPPET_PATH:
                replaced.add(triple.object.value)
        if store is not None:
            store.bulk_load(b"".join(after - before), format=pyoxigraph.RdfFormat.N_TRIPLES, lenient=True)
    return replaced


def _link_snippets(old: Path, new: Path, replaced: set[str]) -> None:
    """Every snippet file of the previous build in `new` (a hard link) but those of changed or removed models,
    and but the ones this update wrote."""
    for folder, _, files in os.walk(old):
        for name in files:
            relative = Path(folder, name).relative_to(old)
            target = new / relative
            if relative.as_posix() in replaced or target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(Path(folder, name), target)


def _changes(previous: BuildState, versions: Versions, rebuilt: BuildState, gone: np.ndarray, unchanged: int) -> dict:
    """The update's record: how many cards are new, changed, removed and unchanged, with ids of each up to a bound."""
    new = [i for i in rebuilt.ids if i not in versions.index]
    changed = [i for i, v in zip(rebuilt.ids, rebuilt.versions) if i in versions.index and versions.version_of(i) != v]
    removed = sorted(set(previous.ids[i] for i in gone.tolist()) - set(rebuilt.ids))
    return {"new": len(new), "changed": len(changed), "removed": len(removed),
            "unchanged": unchanged + len(rebuilt.ids) - len(new) - len(changed),
            "examples": {"new": new[:EXAMPLES], "changed": changed[:EXAMPLES], "removed": removed[:EXAMPLES]}}
