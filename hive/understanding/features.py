"""What the task detector sees of one request part: meaning, word order, the inputs around it, cue phrases.

- the sentence embedding of the part's reading (meaning, paraphrases);
- hashed word unigrams and bigrams of the reading (word order: "text to speech" is not "speech to text");
- the kinds of inputs named inside the part and anywhere in the request (an image makes "what is in it"
  a picture question), whether the part is a question, whether candidate labels were given;
- which rule cue phrases fire inside the part (high-precision hints, weighed by training like the rest).
"""

from __future__ import annotations

import re
import zlib

import numpy as np

from hive.request import ParsedRequest
from hive.understanding.encoder import SentenceEncoder, shared_encoder
from hive.understanding.inputs import modality_of_path
from hive.understanding.segments import Part

HASH_BUCKETS = 4096
MODALITIES = ("audio", "image", "video", "table", "text")
TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")


def request_flags(parsed: ParsedRequest) -> np.ndarray:
    """Whole-request context: modalities of the inputs, inline text, a question, candidate labels."""
    modalities = {modality_of_path(path) for path in parsed.files}
    if parsed.data:
        modalities.add("table")
    flags = [m in modalities for m in MODALITIES]
    flags += [bool(parsed.input_texts), bool(parsed.question), bool(parsed.categories)]
    return np.asarray(flags, dtype=np.float32)


def part_flags(part: Part) -> np.ndarray:
    flags = [m in part.modalities for m in MODALITIES] + [part.inline_text, part.question]
    return np.asarray(flags, dtype=np.float32)


def hashed_ngrams(reading: str) -> np.ndarray:
    """Unit-length bag of word unigrams and bigrams, hashed into a fixed number of buckets."""
    tokens = ["<s>"] + TOKEN.findall(reading.lower())
    grams = tokens[1:] + [f"{a} {b}" for a, b in zip(tokens, tokens[1:])]
    vector = np.zeros(HASH_BUCKETS, dtype=np.float32)
    for gram in grams:
        vector[zlib.crc32(gram.encode("utf-8")) % HASH_BUCKETS] = 1.0
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else vector


CueSpan = tuple[str, int, int]  # a rule cue's task, start, end


class Featuriser:
    """Feature rows for request parts; the order of blocks is part of a trained model."""

    def __init__(self, cue_names: list[str], encoder: SentenceEncoder | None = None) -> None:
        self.cue_names = cue_names
        self.encoder = encoder or shared_encoder()

    def rows(self, parts: list[Part], parsed: ParsedRequest, cues: list[CueSpan]) -> np.ndarray:
        embeddings = self.encoder.encode([p.reading for p in parts])
        request = request_flags(parsed)
        rows = []
        for part, embedding in zip(parts, embeddings):
            cued = {task for task, start, end in cues if start < part.end and part.start < end}
            flags = np.asarray([name in cued for name in self.cue_names], dtype=np.float32)
            rows.append(np.concatenate([embedding, hashed_ngrams(part.reading), part_flags(part), request, flags]))
        return np.stack(rows)
