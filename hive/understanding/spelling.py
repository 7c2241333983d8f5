"""Misspelt words mended before the readers read a clause ("pls sumarize this artcle" -> "summarize", "article").

The vocabulary is every word of the training requests and the labelled pool, with how many of them use it
(`data/words.txt`, written by `python -m hive.understanding.training examples`). A word of five or more lower-case
letters, not a known word with an ending added, becomes the word one edit away (a letter left out, added,
changed, or two swapped) that most requests use, when at least `COMMON` requests and ten times as many as use
the word itself do (the training requests have typos too), and the word is no English word either (pyspellchecker's
dictionary says: "a poem about a beard" keeps its beard, though "board" is the commoner word in requests).
"""

from __future__ import annotations

import json
import re
import string
from collections import Counter
from functools import lru_cache
from pathlib import Path

from hive.selection.phrases import limit_words
from hive.understanding.package_files import package_file
from hive.understanding.parsing import QUOTE_PATTERN

VOCABULARY = package_file("data/words.txt")
WORD = re.compile(r"(?<![\w./@-])[a-z]{5,}(?![\w/@-]|\.\w)")  # not a piece of a path, an address or a name in capitals
COMMON = 20  # requests that must use a word for a misspelling to become it
RARER = 10  # ... and ten times as many as use the word itself (the training requests have typos of their own)
SEEN = 2  # requests that must use a word for a form of it with an ending added to be a word
ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers", "ly")  # "bakers" is a form of "baker", not a misspelt "bakery"
LETTERS = string.ascii_lowercase
WORDS_REMEMBERED = 8192


def mended_limit_words(query: str) -> tuple[str, list[str]]:
    """The request with its misspelt words that say a limit on the models mended ("the smalest model" -> "smallest"),
    and a note for each: the constraint vocabulary reads the request as written, where the task readers mend every
    clause for themselves. Quoted texts are left as they are."""
    if not _vocabulary():
        return query, []
    quoted = [m.span() for m in QUOTE_PATTERN.finditer(query)]
    notes: list[str] = []

    def limit_word(match: re.Match) -> str:
        word = match.group()
        if word not in _limit_misspellings():  # most words are one edit from no limit word: nothing to weigh
            return word
        better = _mended_word(word)
        if better == word or better not in limit_words() or any(a <= match.start() < b for a, b in quoted):
            return word
        notes.append(f"'{word}' was read as '{better}'")
        return better

    return WORD.sub(limit_word, query), notes


@lru_cache(maxsize=1)
def _limit_misspellings() -> frozenset[str]:
    """The words one edit away from a limit word: the only ones `mended_limit_words` may mend."""
    return frozenset(variant for word in limit_words() for variant in _one_edit(word)) - limit_words()


def mended(text: str) -> str:
    """The text with each misspelt word replaced by the common word one edit away (unchanged when none)."""
    if not _vocabulary():
        return text
    return WORD.sub(lambda m: _mended_word(m.group()), text)


# A request's words recur in the clauses read together ("A, then B" is read as A, B and "A, then B"), and in the
# next requests: each word is mended once per process (its ~500 one-edit neighbours take ~0.2 ms to weigh).
@lru_cache(maxsize=WORDS_REMEMBERED)
def _mended_word(word: str) -> str:
    return _nearest(word, _vocabulary()) or word


def _nearest(word: str, known: dict[str, int]) -> str | None:
    if _inflected(word, known):
        return None
    best = max(_one_edit(word), key=lambda w: known.get(w, 0))
    if known.get(best, 0) < max(COMMON, RARER * known.get(word, 0)) or word in _english_words():
        return None  # no common word near it, or a word of English the requests never used ("beard", not "board")
    return best


def _inflected(word: str, known: dict[str, int]) -> bool:
    """Whether the word is a known word with an ending added ("bakers", "tagged", "reviewing")."""
    return any(word.endswith(end) and known.get(word[: -len(end)], 0) >= SEEN for end in ENDINGS)


def _one_edit(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changes = {a + c + b[1:] for a, b in splits if b for c in LETTERS}
    inserts = {a + c + b for a, b in splits for c in LETTERS}
    return deletes | swaps | changes | inserts


@lru_cache(maxsize=1)
def _english_words():
    """An English dictionary (pyspellchecker's word list, 160k words), loaded the first time a word is in doubt."""
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)


@lru_cache(maxsize=1)
def _vocabulary() -> dict[str, int]:
    """Word -> how many training requests use it; empty when the file is not there (the readers read as written)."""
    if not VOCABULARY.is_file():
        return {}
    known = {}
    for line in VOCABULARY.read_text(encoding="utf-8").splitlines():
        word, _tab, count = line.partition("\t")
        known[word] = int(count)
    return known


def write_vocabulary(data_dir: Path) -> int:
    """Count the words of the training requests and the pool into `data/words.txt`; how many words."""
    counts: Counter[str] = Counter()
    for name, field in (("pool.jsonl", "text"), ("requests-train.jsonl", "query")):
        for line in (data_dir / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                counts.update(set(re.findall(r"[a-z]+", json.loads(line)[field].lower())))
    tmp = VOCABULARY.with_suffix(".tmp")
    tmp.write_text("".join(f"{word}\t{count}\n" for word, count in sorted(counts.items())), encoding="utf-8")
    tmp.replace(VOCABULARY)
    _vocabulary.cache_clear()
    _mended_word.cache_clear()
    return len(counts)
