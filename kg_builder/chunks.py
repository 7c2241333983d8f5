"""The per-card work of a build, one chunk of cards at a time, in whichever process or Ray worker runs it:
facts, paper results, snippet, triples. A chunk's triples go back as N-Triples bytes, cheap to send
between processes, with each model's own nodes apart from the shared nodes it mentions."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph

from hive.kg.snippet_templates import OWN, Snippet, task_inputs
from kg_builder.cards import Card, card_version
from kg_builder.extract import extract
from kg_builder.graph import model_graph
from kg_builder.index_facts import IndexColumns, read_facts
from kg_builder.papers import PaperIndex
from kg_builder.snippets import SnippetWriter


@dataclass(frozen=True)
class ChunkJob:
    """What every chunk of a build shares; it travels to each worker once."""

    writer: SnippetWriter
    papers: PaperIndex
    snippet_dir: Path | None = None  # where each snippet's file is written (None: nowhere)
    indexes: bool = True  # read each model's facts back for the selection indexes


@dataclass
class ModelPart:
    """One model: its id and version, its own nodes' N-Triples, its counts (`kg_builder.state.BuildState.counts`)
    and the shared-node descriptions it gives (indices into its chunk's `descriptions`, in the order it
    mentions them)."""

    id: str
    version: str
    triples: bytes
    counts: tuple[int, int, int, int]
    mentions: list[int]


@dataclass
class ChunkPart:
    models: list[ModelPart] = field(default_factory=list)
    descriptions: list[bytes] = field(default_factory=list)  # N-Triples of each distinct description, first mention first
    skipped: list[tuple[str, str]] = field(default_factory=list)
    problems: Counter = field(default_factory=Counter)
    index: IndexColumns | None = None  # what the selection indexes read of the models (with `ChunkJob.indexes`)


def snippet_path(snippet: Snippet) -> str:
    return f"{snippet.task}/{snippet.model_id.replace('/', '__')}.py"


def build_chunk(cards: list[Card], job: ChunkJob) -> ChunkPart:
    """The models of each card whose task the domain library knows; the other cards, skipped with a reason."""
    part = ChunkPart()
    described: dict[bytes, int] = {}
    for card in cards:
        facts = extract(card)
        if facts.pipeline_tag not in task_inputs():
            part.skipped.append((card.source, f"task {facts.pipeline_tag!r} is not in the domain library"))
            continue
        part.problems.update(problem.split(":")[0] for problem in facts.problems)
        model_results, papers = len(facts.results), job.papers.results_for(facts.arxiv_ids)
        facts.results += papers
        snippet = job.writer.write(facts, facts.pipeline_tag)
        path = snippet_path(snippet)
        if job.snippet_dir is not None:
            _write_snippet(job.snippet_dir / path, snippet.code)
        graph = model_graph(facts, facts.pipeline_tag, snippet, path)
        mentions = [described.setdefault(description, len(described)) for description in graph.shared.values()]
        counts = (int(snippet.kind == OWN), model_results, len(papers), len(graph.own))
        part.models.append(ModelPart(card.id, card_version(card), "".join(graph.own).encode(), counts, mentions))
    part.descriptions = list(described)
    if job.indexes:
        part.index = _read_back(part)
    return part


def _read_back(part: ChunkPart) -> IndexColumns:
    """The models' index facts, read back from the triples the chunk wrote (so the indexes say what the graph says)."""
    facts = read_facts(pyoxigraph.parse(b"".join(m.triples for m in part.models) + b"".join(part.descriptions),
                                        format=pyoxigraph.RdfFormat.N_TRIPLES))
    return IndexColumns.of_facts(facts, [model.id for model in part.models])


def _write_snippet(target: Path, code: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(code, encoding="utf-8")
