"""The build: sources -> facts -> snippets -> triples -> an output directory, written atomically.

Output directory:
    ckg.ttl, ckg.nt      the graph (Turtle with prefixes; N-Triples sorted, diff-able), with the selection indexes
    store/               a pyoxigraph store for fast queries
    snippets/<task>/<model>.py
    report.json          the summary and every skipped input with its reason
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

import pyoxigraph

from hive.kg.schema import PREFIXES
from hive.kg.snippet_templates import Snippet, TemplateWriter, task_inputs
from hive.snippet_policy import MODEL_ID
from kg_builder.cards import Card
from kg_builder.extract import ModelFacts, Result, extract
from kg_builder.graph import GraphWriter
from kg_builder.indexes import IndexFacts, index_triples, read_facts
from kg_builder.sharding import Sharding
from kg_builder.snippets import SnippetWriter
from kg_builder.sources import CardSource, PapersWithCodeSource, Skipped

log = logging.getLogger("hive.kg_builder")


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

    def skip(self, where: str, reason: str) -> None:
        self.skipped[reason] += 1
        self.skipped_examples.setdefault(reason, where)
        log.info("skipped %s: %s", where, reason)

    def summary(self) -> str:
        rate = self.models / self.seconds if self.seconds else 0.0
        return (
            f"models {self.models}, tasks {self.tasks}, licences {self.licences}, results {self.results} "
            f"(+{self.paper_results} from papers), papers {self.papers}, snippets {self.snippets_own} own + "
            f"{self.snippets_fallback} fallback, triples {self.triples}, skipped {sum(self.skipped.values())}, "
            f"{self.seconds:.2f} s ({rate:.0f} cards/s)"
        )


def snippet_path(snippet: Snippet) -> str:
    return f"{snippet.task}/{snippet.model_id.replace('/', '__')}.py"


def read_cards(sources: Iterable[CardSource], report: BuildReport, limit: int | None) -> list[Card]:
    """Every readable card once (the first source that has a model wins), up to `limit`."""
    seen: dict[str, Card] = {}
    for source in sources:
        for item in source.cards():
            if limit is not None and len(seen) >= limit:
                return list(seen.values())
            if isinstance(item, Skipped):
                report.skip(item.where, item.reason)
            elif not MODEL_ID.fullmatch(item.id):
                report.skip(item.source, "the model id is not a hub id (owner/name of letters, digits, '-', '_', '.')")
            elif item.id in seen:
                report.skip(item.source, "duplicate model id")
            else:
                seen[item.id] = item
    return list(seen.values())


@dataclass
class ExtractedShard:
    """The facts of one shard of cards, and the cards it left out."""

    facts: list[ModelFacts]
    skipped: list[tuple[str, str]]
    problems: Counter


def extract_shard(cards: list[Card]) -> ExtractedShard:
    """Facts from each card whose task the domain library knows (runs in any process)."""
    shard = ExtractedShard([], [], Counter())
    for card in cards:
        facts = extract(card)
        if facts.pipeline_tag not in task_inputs():
            shard.skipped.append((card.source, f"task {facts.pipeline_tag!r} is not in the domain library"))
            continue
        shard.problems.update(problem.split(":")[0] for problem in facts.problems)
        shard.facts.append(facts)
    return shard


@dataclass
class GraphShard:
    """The triples (N-Triples lines, cheap to send between processes) and snippets of one shard."""

    lines: list[bytes]
    snippets: dict[str, str]
    index: IndexFacts = field(default_factory=IndexFacts)
    own: int = 0
    fallback: int = 0
    results: int = 0
    models: int = 0
    tasks: set[str] = field(default_factory=set)
    licences: set[str] = field(default_factory=set)
    papers: set[str] = field(default_factory=set)


def graph_shard(facts: list[ModelFacts], writer: SnippetWriter | None = None) -> GraphShard:
    """Snippets and triples for each model (runs in any process; shared nodes repeat across shards and
    merge as a set)."""
    writer = writer or TemplateWriter()
    graph = GraphWriter()
    shard = GraphShard([], {})
    for model in facts:
        snippet = writer.write(model, model.pipeline_tag)
        path = snippet_path(snippet)
        shard.snippets[path] = snippet.code
        graph.model(model, model.pipeline_tag, snippet, path)
        shard.own += snippet.kind == "own"
        shard.fallback += snippet.kind == "fallback"
        shard.results += sum(r.scope == "model" for r in model.results)
        shard.models += 1
        shard.tasks.add(model.pipeline_tag)
        shard.licences.update(lic.key for lic in model.licenses)
        shard.papers.update(model.arxiv_ids)
    shard.lines = pyoxigraph.serialize(list(graph.triples), format=pyoxigraph.RdfFormat.N_TRIPLES).splitlines()
    shard.index = read_facts(graph.triples)
    return shard


def join_paper_results(facts: list[ModelFacts], tables: Iterable[PapersWithCodeSource], report: BuildReport) -> None:
    """Attach Papers-with-Code rows to every model whose card cites the row's paper (scope 'paper')."""
    citing: dict[str, list[ModelFacts]] = {}
    for model in facts:
        for arxiv_id in model.arxiv_ids:
            citing.setdefault(arxiv_id, []).append(model)
    for table in tables:
        for row in table.results():
            if isinstance(row, Skipped):
                report.skip(row.where, row.reason)
                continue
            for model in citing.get(row.arxiv_id, []):
                model.results.append(Result(
                    task=row.task, dataset=row.dataset, dataset_name=row.dataset, config="", split="",
                    metric=row.metric.lower(), value=row.value, verified=False, source=table.name, scope="paper",
                ))
                report.paper_results += 1


def card_shard(cards: list[Card], writer: SnippetWriter | None = None) -> tuple[ExtractedShard, GraphShard]:
    """Extraction and graph writing in one pass, for builds with no cross-card join (no paper tables):
    the facts never leave the process that made them."""
    extracted = extract_shard(cards)
    part = graph_shard(extracted.facts, writer)
    extracted.facts = []
    return extracted, part


def build(sources: list[CardSource], out: Path, tables: list[PapersWithCodeSource] | None = None,
          limit: int | None = None, writer: SnippetWriter | None = None,
          progress: Callable[[int], None] | None = None, with_store: bool = True, shards: Sharding | None = None,
          indexes: bool = True) -> BuildReport:
    """Build the graph into `out`; `out` is replaced only once everything is written. With `shards`,
    extraction and graph writing run shard by shard in other processes (or on Ray) and are merged. With
    `indexes`, the graph carries the selection indexes (kg_builder/indexes.py)."""
    started = time.perf_counter()
    report = BuildReport()
    shards = shards or Sharding()
    cards = read_cards(sources, report, limit)
    if tables:  # the paper join needs every card's facts in one place between the two phases
        facts: list[ModelFacts] = []
        for extracted in shards.map(extract_shard, cards):
            facts += extracted.facts
            _add_skips(report, extracted)
        join_paper_results(facts, tables, report)
        parts = shards.map(graph_shard, facts, writer)
    else:
        parts = _recording_skips(shards.map(card_shard, cards, writer), report)
    lines: set[bytes] = set()
    snippets: dict[str, str] = {}
    tasks: set[str] = set()
    licences: set[str] = set()
    papers: set[str] = set()
    index = IndexFacts()
    for part in parts:
        lines.update(part.lines)
        index.merge(part.index)
        snippets |= part.snippets
        report.snippets_own += part.own
        report.snippets_fallback += part.fallback
        report.results += part.results
        report.models += part.models
        tasks |= part.tasks
        licences |= part.licences
        papers |= part.papers
        if progress:
            progress(part.models)
    report.tasks, report.licences, report.papers = len(tasks), len(licences), len(papers)
    if indexes:
        for triples in index_triples(index):
            lines.update(pyoxigraph.serialize(triples, format=pyoxigraph.RdfFormat.N_TRIPLES).splitlines())
    report.triples = len(lines)
    _write_atomically(out, lines, snippets, report, with_store, started)
    return report


def _add_skips(report: BuildReport, extracted: ExtractedShard) -> None:
    report.problems.update(extracted.problems)
    for where, reason in extracted.skipped:
        report.skip(where, reason)


def _recording_skips(pairs: Iterable[tuple[ExtractedShard, GraphShard]], report: BuildReport) -> Iterator[GraphShard]:
    """The graph parts of one-pass shards, with each shard's skips added to the report on the way."""
    for extracted, part in pairs:
        _add_skips(report, extracted)
        yield part


def _write_atomically(out: Path, lines: set[bytes], snippets: dict[str, str], report: BuildReport, with_store: bool, started: float) -> None:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        ntriples = b"".join(line + b"\n" for line in sorted(lines))
        (staging / "ckg.nt").write_bytes(ntriples)
        ordered = list(pyoxigraph.parse(ntriples, format=pyoxigraph.RdfFormat.N_TRIPLES))
        (staging / "ckg.ttl").write_bytes(pyoxigraph.serialize(ordered, format=pyoxigraph.RdfFormat.TURTLE, prefixes=PREFIXES))
        for path, code in snippets.items():
            target = staging / "snippets" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(code, encoding="utf-8")
        if with_store:
            store = pyoxigraph.Store(str(staging / "store"))
            store.bulk_load(ntriples, format=pyoxigraph.RdfFormat.N_TRIPLES)
            store.flush()
            del store
        report.seconds = round(time.perf_counter() - started, 3)
        document = {name: (dict(value) if isinstance(value, Counter) else value) for name, value in vars(report).items()}
        (staging / "report.json").write_text(json.dumps(document, indent=2, sort_keys=True, default=dict), encoding="utf-8")
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
