"""What a build records beside its graph so that a later build can update it (`<out>/state/`).

For every model: its id, its card's version, where its own triples sit in `ckg.nt`, a few counts, and
which shared-node descriptions its card gives. For every shared-node description any card gives: its
N-Triples. A shared node (a task, a licence, a dataset, ...) is described as the first model in source
order that mentions it does, so the descriptions are kept even when another card's description won: a
removed card can hand that role to the next one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from kg_builder.index_facts import IndexColumns

STATE = "state"
FORMAT = 6
IndexSection = list  # a task's index pieces in ckg.nt, in order: [node, offset, length, lines, digest] each
Place = tuple[int, int, int, str]  # a piece's offset, length, lines and digest
OWN_SNIPPET, MODEL_RESULTS, PAPER_RESULTS, TRIPLES = range(4)  # the columns of `counts`


@dataclass
class BuildState:
    ids: list[str]
    versions: list[str]
    blocks: np.ndarray  # (models, 2) int64: offset and length of each model's own triples in ckg.nt
    counts: np.ndarray  # (models, 4) int64: own snippet (1) or fallback (0), model results, paper results, triples
    mention_ends: np.ndarray  # (models,) int64: model i gives descriptions mentions[mention_ends[i-1]:mention_ends[i]]
    mentions: np.ndarray  # int64 indices into `descriptions`
    descriptions: list[bytes]
    settings: dict  # what an update must build alike: the outputs written, the benchmark tables joined
    described: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # the descriptions in ckg.nt
    described_at: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # where each of those is in it
    index: IndexColumns | None = None  # each model's index facts, a row each in this order (none without indexes)
    index_sections: dict[str, IndexSection] = field(default_factory=dict)  # task -> where its indexes are in ckg.nt
    ntriples_bytes: int = 0  # the size of the ckg.nt this state describes: a file changed since is not trusted

    def take(self, indices: np.ndarray, offsets: np.ndarray) -> BuildState:
        """The models at `indices` (their own triples now at `offsets`), over the same descriptions."""
        return BuildState([self.ids[i] for i in indices.tolist()], [self.versions[i] for i in indices.tolist()],
                          np.column_stack((offsets, self.blocks[indices, 1])), self.counts[indices],
                          np.cumsum(np.diff(self.mention_ends, prepend=0)[indices]), self.mentions[self._mentions_of(indices)],
                          self.descriptions, self.settings)

    def _mentions_of(self, indices: np.ndarray) -> np.ndarray:
        """The positions in `mentions` of the models at `indices`, model after model."""
        sizes = np.diff(self.mention_ends, prepend=0)[indices]
        starts, ends = self.mention_ends[indices] - sizes, np.cumsum(sizes)
        return np.repeat(starts - (ends - sizes), sizes) + np.arange(int(ends[-1]) if len(ends) else 0)

    def joined(self, other: BuildState) -> BuildState:
        """This state's models, then `other`'s, over one table of the descriptions they give (no others)."""
        wanted = dict.fromkeys(other.descriptions)  # the few an update rebuilt: found in this state's table in one pass
        for number, description in enumerate(self.descriptions):
            if description in wanted and wanted[description] is None:
                wanted[description] = number
        every = list(self.descriptions)
        for description, number in wanted.items():
            if number is None:
                wanted[description] = len(every)
                every.append(description)
        renumbered = np.fromiter((wanted[d] for d in other.descriptions), dtype=np.int64, count=len(other.descriptions))
        mentions = np.concatenate((self.mentions, renumbered[other.mentions]))
        used = np.zeros(len(every), dtype=bool)
        used[mentions] = True
        return BuildState(self.ids + other.ids, self.versions + other.versions, np.concatenate((self.blocks, other.blocks)),
                          np.concatenate((self.counts, other.counts)),
                          np.concatenate((self.mention_ends, other.mention_ends + (self.mention_ends[-1] if len(self.ids) else 0))),
                          (np.cumsum(used) - 1)[mentions], [every[i] for i in np.flatnonzero(used).tolist()], other.settings)

    def first_descriptions(self, ranks: np.ndarray) -> np.ndarray:
        """The description of each shared node that the graph holds, the one of the model ranked first (by
        `ranks`, its place in the sources) among those mentioning it; in the order they are first mentioned."""
        met = self.mentions[self._mentions_of(np.argsort(ranks, kind="stable"))]  # as a build reading the sources meets them
        subjects = self.subject_ids()[met]
        first = np.full(int(subjects.max(initial=-1)) + 1, len(met))
        np.minimum.at(first, subjects, np.arange(len(met)))
        return met[np.sort(first)]

    def subject_ids(self) -> np.ndarray:
        """Each description's subject, as a number shared by the descriptions of one node."""
        numbers: dict[bytes, int] = {}
        return np.fromiter((numbers.setdefault(d[:d.index(b" ")], len(numbers)) for d in self.descriptions),
                           dtype=np.int64, count=len(self.descriptions))

    def save(self, out: Path) -> None:
        folder = out / STATE
        folder.mkdir()
        (folder / "build.json").write_text(json.dumps({"format": FORMAT, "settings": self.settings, "index_sections": self.index_sections,
                                                      "ntriples_bytes": self.ntriples_bytes}), encoding="utf-8")
        if self.index is not None:
            self.index.save(folder)
        for name, lines in (("ids.txt", self.ids), ("versions.txt", self.versions)):  # neither holds a line break
            (folder / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        np.savez(folder / "arrays.npz", blocks=self.blocks, counts=self.counts, mention_ends=self.mention_ends,
                 mentions=self.mentions, described=self.described, described_at=self.described_at,
                 description_ends=np.cumsum([len(d) for d in self.descriptions], dtype=np.int64))
        (folder / "descriptions.nt").write_bytes(b"".join(self.descriptions))

    @classmethod
    def load(cls, out: Path) -> BuildState:
        folder = out / STATE
        if not out.is_dir():
            left = sorted(out.parent.glob(f".{out.name}.old-*")) if out.parent.is_dir() else []
            hint = f" (a build stopped while being replaced is at {left[-1]}: rename it to {out.name})" if left else ""
            raise HiveError(f"there is no build at {out} to update{hint}")
        if not (folder / "build.json").is_file():
            raise HiveError(f"{out} holds no build state to update (built with --sorted, or by an older HIVE): "
                            "run a full build instead")
        build = json.loads((folder / "build.json").read_text(encoding="utf-8"))
        if build.get("format") != FORMAT:
            raise HiveError(f"{out} was built by another version of the builder: run a full build instead")
        try:
            state = cls._read(folder, build)
        except (OSError, ValueError, KeyError) as exc:
            raise HiveError(f"{out}'s build state is incomplete or damaged ({exc}): run a full build instead") from None
        sizes = {len(state.ids), len(state.versions), len(state.blocks), len(state.counts), len(state.mention_ends)}
        if len(sizes) != 1 or (state.index is not None and len(state.index.ids) != len(state.ids)):
            raise HiveError(f"{out}'s build state is damaged (its files disagree on the number of models): run a full build instead")
        return state

    @classmethod
    def _read(cls, folder: Path, build: dict) -> BuildState:
        arrays = np.load(folder / "arrays.npz")
        text = (folder / "descriptions.nt").read_bytes()
        ends = arrays["description_ends"]
        descriptions = [text[start:end] for start, end in zip(np.concatenate(([0], ends[:-1])).tolist(), ends.tolist())]
        ids, versions = ((folder / name).read_text(encoding="utf-8").split("\n")[:-1] for name in ("ids.txt", "versions.txt"))
        return cls(ids, versions, arrays["blocks"], arrays["counts"], arrays["mention_ends"], arrays["mentions"], descriptions,
                   build["settings"], arrays["described"], arrays["described_at"], IndexColumns.load(folder), build["index_sections"],
                   build["ntriples_bytes"])


def piece_places(section: IndexSection | None) -> dict[str, Place]:
    """A task's index pieces in ckg.nt, by node."""
    return {node: (offset, length, lines, digest) for node, offset, length, lines, digest in section or []}


class Versions:
    """The previous build's card versions, as the card sources ask for them (`kg_builder.sources.Known`)."""

    def __init__(self, state: BuildState) -> None:
        self.index = {model_id: number for number, model_id in enumerate(state.ids)}
        self.versions = state.versions
        self.ids = state.ids

    def version_of(self, model_id: str) -> str | None:
        number = self.index.get(model_id)
        return None if number is None else self.versions[number]

    def id_of(self, version: str) -> str | None:
        return self.by_version.get(version)

    @cached_property
    def by_version(self) -> dict[str, str]:
        return dict(zip(self.versions, self.ids))


def file_digest(path: Path) -> str:
    """A digest of a file's content (the benchmark tables a build joined, in its settings)."""
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        while block := data.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()
