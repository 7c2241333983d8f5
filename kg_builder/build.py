"""The build: sources -> facts -> snippets -> triples -> an output directory, streamed and written atomically.

Cards are read one at a time and built in chunks (in this process, over local processes, or on Ray);
each chunk's triples go straight to `ckg.nt` and to the store's bulk loader, so memory stays bounded
however many cards there are.

Output directory:
    ckg.nt         the graph as N-Triples: each model's own triples in source order, then the shared nodes
                   (tasks, licences, datasets, ...), then the selection indexes a task at a time
                   (`kg_builder.indexes`); with `sort`, every line in byte order (diff-able)
    ckg.ttl        the same graph as Turtle with prefixes (with `turtle`)
    store/         a pyoxigraph store for fast queries (with `with_store`)
    snippets/<task>/<model>.py   each model's snippet, for reading (with `snippet_files`)
    state/         what `kg_builder.update` needs to rebuild only the changed cards (not with `sort`)
    report.json    the summary and every skipped input with its reason (and, after an update, what changed)
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

import numpy as np

from hive.kg.schema import DATA
from hive.kg.snippet_templates import TemplateWriter
from hive.snippet_policy import MODEL_ID
from kg_builder.cards import Card
from kg_builder.chunks import ChunkJob, ChunkPart, build_chunk
from kg_builder.external_sort import sort_lines
from kg_builder.output import GraphOutput, append_descriptions, append_indexes, staging_for, write_turtle
from kg_builder.papers import PaperIndex
from kg_builder.sharding import Sharding
from kg_builder.snippets import SnippetWriter
from kg_builder.sources import CardSource, Known, PapersWithCodeSource, Skipped, Unchanged
from kg_builder.state import MODEL_RESULTS, OWN_SNIPPET, PAPER_RESULTS, TRIPLES, BuildState, file_digest
from kg_builder.store_loader import StoreLoader

log = logging.getLogger("hive.kg_builder")
NTRIPLES = "ckg.nt"
SHARED_KINDS = {"tasks": f"<{DATA}task/".encode(), "licences": f"<{DATA}license/".encode(), "papers": b"<https://arxiv.org/abs/"}


@dataclass
class BuildReport:
    models: int = 0
    tasks: int = 0
    licences: int = 0
    results: int = 0
    paper_results: int = 0
    papers: int = 0
    snippets_own: int = 0
    snippets_fallback: int = 0
    triples: int = 0
    seconds: float = 0.0
    skipped: Counter = field(default_factory=Counter)
    skipped_examples: dict[str, str] = field(default_factory=dict)
    problems: Counter = field(default_factory=Counter)
    changes: dict | None = None  # an update's new, changed, removed and unchanged cards

    def skip(self, where: str, reason: str) -> None:
        self.skipped[reason] += 1
        self.skipped_examples.setdefault(reason, where)
        log.info("skipped %s: %s", where, reason)

    def add(self, part: ChunkPart) -> None:
        self.problems.update(part.problems)
        for where, reason in part.skipped:
            self.skip(where, reason)

    def describe(self, state: BuildState, started: float) -> None:
        """The graph's numbers, from the state of every model it holds and the shared nodes it describes."""
        totals = state.counts.sum(axis=0) if len(state.ids) else np.zeros(4, dtype=np.int64)
        self.models = len(state.ids)
        self.snippets_own = int(totals[OWN_SNIPPET])
        self.snippets_fallback = self.models - self.snippets_own
        self.results, self.paper_results = int(totals[MODEL_RESULTS]), int(totals[PAPER_RESULTS])
        joined = b"\0" + b"\0".join(state.descriptions[i] for i in state.described.tolist())  # each description after a NUL
        self.triples = int(totals[TRIPLES]) + joined.count(b"\n") + sum(p[3] for s in state.index_sections.values() for p in s)
        for name, prefix in SHARED_KINDS.items():
            setattr(self, name, joined.count(b"\0" + prefix))
        self.seconds = round(time.perf_counter() - started, 3)

    def summary(self) -> str:
        rate = self.models / self.seconds if self.seconds else 0.0
        return (
            f"models {self.models}, tasks {self.tasks}, licences {self.licences}, results {self.results} "
            f"(+{self.paper_results} from papers), papers {self.papers}, snippets {self.snippets_own} own + "
            f"{self.snippets_fallback} fallback, triples {self.triples}, skipped {sum(self.skipped.values())}, "
            f"{self.seconds:.2f} s ({rate:.0f} cards/s)"
        )

    def write(self, path: Path) -> None:
        document = {name: (dict(value) if isinstance(value, Counter) else value) for name, value in vars(self).items()}
        path.write_text(json.dumps(document, indent=2, sort_keys=True, default=dict), encoding="utf-8")


@dataclass(frozen=True)
class Outputs:
    """What a build writes besides `ckg.nt` and its state."""

    store: bool = True
    turtle: bool = True
    snippet_files: bool = True
    sort: bool = False  # ckg.nt in byte order (an external sort); a sorted build cannot be updated
    indexes: bool = True  # the selection indexes in the graph (kg_builder/indexes.py)


def read_cards(sources: Iterable[CardSource], report: BuildReport, limit: int | None = None,
               known: Known | None = None) -> Iterator[Card | Unchanged]:
    """Every readable card once (the first source that has a model wins), up to `limit`, one at a time."""
    seen: set[str] = set()
    for source in sources:
        for item in source.cards() if known is None else source.cards(known):
            if limit is not None and len(seen) >= limit:
                return
            if isinstance(item, Skipped):
                report.skip(item.where, item.reason)
            elif isinstance(item, Card) and not MODEL_ID.fullmatch(item.id):  # an unchanged card's id passed before
                report.skip(item.source, "the model id is not a hub id (owner/name of letters, digits, '-', '_', '.')")
            elif item.id in seen:  # an unchanged card carries only its id (a million are read in an update)
                report.skip(item.source if isinstance(item, Card) else f"{source.name}: {item.id}", "duplicate model id")
            else:
                seen.add(item.id)
                yield item


def settings_for(outputs: Outputs, tables: list[PapersWithCodeSource], writer: SnippetWriter) -> dict:
    """What an update of this build must do alike: the same outputs, tables and kind of snippet writer."""
    return {"outputs": vars(outputs), "tables": [file_digest(table.path) for table in tables], "writer": type(writer).__name__}


def build(sources: list[CardSource], out: Path, tables: list[PapersWithCodeSource] | None = None,
          limit: int | None = None, writer: SnippetWriter | None = None,
          progress: Callable[[int], None] | None = None, with_store: bool = True, shards: Sharding | None = None,
          outputs: Outputs | None = None, indexes: bool = True) -> BuildReport:
    """Build the graph into `out`; `out` is replaced only once everything is written. With `shards`, the
    per-card work runs chunk by chunk in other processes (or on Ray). `outputs` says what to write
    (`with_store` and `indexes` say it for a build that does not give them)."""
    started = time.perf_counter()
    report = BuildReport()
    outputs = outputs or Outputs(store=with_store, indexes=indexes)
    writer = writer or TemplateWriter()
    tables = tables or []
    with staging_for(Path(out)) as staging:
        job = ChunkJob(writer, PaperIndex.of(tables, report.skip), staging / "snippets" if outputs.snippet_files else None,
                       outputs.indexes)
        loader = StoreLoader(staging / "store") if outputs.store else None
        sink = loader.add if loader else None
        output = GraphOutput(staging / NTRIPLES, sink, outputs.indexes)
        try:
            for part in (shards or Sharding()).imap(build_chunk, read_cards(sources, report, limit), job):
                report.add(part)
                output.add(part)
                if progress:
                    progress(len(part.models))
            state = output.close(settings_for(outputs, tables, writer))
            state.described = state.first_descriptions(np.arange(len(state.ids)))
            state.described_at = append_descriptions(staging / NTRIPLES, [state.descriptions[i] for i in state.described.tolist()], sink)
            if outputs.indexes:
                state.index_sections = append_indexes(staging / NTRIPLES, state, sink)
            if loader:
                loader.close()
        except BaseException:
            if loader:
                loader.abort()
            raise
        state.ntriples_bytes = (staging / NTRIPLES).stat().st_size
        finish(staging, state, outputs, report, started)
    return report


def finish(staging: Path, state: BuildState, outputs: Outputs, report: BuildReport, started: float) -> None:
    """The outputs that follow from ckg.nt (sorted lines, Turtle), the state and the report."""
    if outputs.sort:
        sort_lines(staging / NTRIPLES)
    else:
        state.save(staging)
    if outputs.turtle:
        write_turtle(staging / NTRIPLES, staging / "ckg.ttl")
    report.describe(state, started)
    report.write(staging / "report.json")
