"""The labelled requests most like a new one, as few-shot examples for an LLM.

The pool is the detector's own training requests (`data/requests-train.jsonl`), read with the detector's
sentence encoder. Embedding the pool takes under three minutes on two cores, so the training command
ships the vectors (`data/examples.npz`, 8-bit, written by `python -m hive.understanding.training
examples`) with the digest of the pool they were made from; a pool that changed since is embedded once
per machine into the cache folder (HIVE_CACHE, default ~/.cache/hive). Long requests (pasted articles)
are left out: they teach little and cost tokens.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from hive.cache import cache_root
from hive.files import replaced_atomically
from hive.understanding.encoder import shared_encoder

POOL = Path(__file__).with_name("data") / "requests-train.jsonl"
INDEX = Path(__file__).with_name("data") / "examples.npz"
MAX_EXAMPLE_CHARS = 300  # an example longer than this is mostly pasted content


@dataclass(frozen=True)
class Example:
    """A labelled request: its words and its steps in the benchmark's shape ({"task", "dep"})."""

    query: str
    tasks: tuple[dict, ...]


class NearestExamples:
    """Cosine-nearest labelled requests, by the detector's encoder."""

    def __init__(self, pool: Path = POOL, cache: Path | None = None) -> None:
        self.pool = pool
        self.cache = cache or cache_root() / "understanding"

    @cached_property
    def examples(self) -> list[Example]:
        seen, kept = set(), []
        for line in self.pool.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            query = row["query"].strip()
            if len(query) > MAX_EXAMPLE_CHARS or query.lower() in seen:
                continue
            seen.add(query.lower())
            kept.append(Example(query, tuple({"task": t["task"], "dep": list(t["dep"])} for t in row["tasks"])))
        return kept

    @cached_property
    def digest(self) -> str:
        """What the vectors must have been made from: the pool's bytes and the length rule."""
        return hashlib.sha256(self.pool.read_bytes() + str(MAX_EXAMPLE_CHARS).encode()).hexdigest()[:16]

    @cached_property
    def vectors(self) -> np.ndarray:
        for path in (INDEX, self.cache / f"examples-{self.digest}.npz"):
            vectors = read_index(path, self.digest)
            if vectors is not None and vectors.shape[0] == len(self.examples):
                return vectors
        if sys.stderr.isatty():
            print(f"indexing {len(self.examples):,} labelled requests for the LLM's examples (once per machine) ...", file=sys.stderr)
        vectors = shared_encoder().encode([e.query for e in self.examples])
        write_index(self.cache / f"examples-{self.digest}.npz", vectors, self.digest)
        return vectors

    def nearest(self, query: str, k: int) -> list[Example]:
        """The `k` examples closest to `query`, closest last (nearest the question in the prompt)."""
        if k <= 0 or not self.examples:
            return []
        scores = self.vectors @ shared_encoder().encode([query])[0]
        best = np.argsort(-scores)[:k]
        return [self.examples[i] for i in reversed(best)]


def read_index(path: Path, digest: str) -> np.ndarray | None:
    """Unit vectors from an index file made from the pool with `digest`, or None."""
    if not path.is_file():
        return None
    with np.load(path) as index:
        if str(index["digest"]) != digest:
            return None
        vectors = index["codes"].astype(np.float32) * index["scales"][:, None]
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def write_index(path: Path, vectors: np.ndarray, digest: str) -> None:
    """8-bit codes with one scale per vector (cosine ranks barely move), written atomically."""
    scales = np.maximum(np.abs(vectors).max(axis=1), 1e-12) / 127
    codes = np.round(vectors / scales[:, None]).astype(np.int8)
    with replaced_atomically(path, binary=True) as out:
        np.savez_compressed(out, codes=codes, scales=scales.astype(np.float32), digest=np.array(digest))
    os.chmod(path, 0o644)  # a shipped data file, readable by all like the rest of the package
