"""Speech from text of any length: read a bounded piece at a time (a sentence, or a clause of one), so an
unpunctuated text never makes one huge input, with progress shown on a terminal."""

from __future__ import annotations

import re
import sys
from typing import Any

MAX_WORDS_PER_PIECE = 40
SENTENCE_BREAK = re.compile(r"(?<=[.!?;:])\s+|\n+")
CLAUSE_BREAK = re.compile(r"(?<=[,)])\s+")


def pieces(text: str) -> list[str]:
    """The text in reading order, cut at sentence ends, then clause ends, then every MAX_WORDS_PER_PIECE words."""
    result: list[str] = []
    for sentence in filter(str.strip, SENTENCE_BREAK.split(text)):
        for clause in _clauses(sentence):
            words = clause.split()
            result += [" ".join(words[i:i + MAX_WORDS_PER_PIECE]) for i in range(0, len(words), MAX_WORDS_PER_PIECE)]
    return result


def _clauses(sentence: str) -> list[str]:
    """The sentence itself when short enough, else its clauses."""
    if len(sentence.split()) <= MAX_WORDS_PER_PIECE:
        return [sentence.strip()]
    return [c.strip() for c in CLAUSE_BREAK.split(sentence) if c.strip()]


def speak(voice: Any, text: str) -> tuple[Any, int]:
    """(float samples, sample rate) of a Piper voice reading `text` piece by piece."""
    import numpy

    parts, audio, rate = pieces(text), [], voice.config.sample_rate
    for done, piece in enumerate(parts, 1):
        audio += [chunk.audio_float_array for chunk in voice.synthesize(piece)]
        _show_progress(done, len(parts))
    return (numpy.concatenate(audio) if audio else numpy.zeros(0, dtype="float32")), rate


def _show_progress(done: int, total: int, width: int = 30) -> None:
    if total < 2 or not sys.stderr.isatty():
        return
    filled = width * done // total
    sys.stderr.write(f"\rreading aloud [{'#' * filled}{'.' * (width - filled)}] {done}/{total} pieces")
    sys.stderr.write("\n" if done == total else "")
    sys.stderr.flush()
