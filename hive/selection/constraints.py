"""The words and units of constraints on models: licence families, language names, counts, sizes and
benchmarks (the constraint types themselves are in hive/contracts.py)."""

from __future__ import annotations

import re
from importlib import resources as importlib_resources

from pydantic import BaseModel, Field

from hive.errors import HiveError

FAMILIES = ("permissive", "copyleft", "non-commercial", "openrail", "public-domain", "creative-commons", "other")
LANGUAGE_NAMES: dict[str, str] = {  # name -> ISO 639 code ("scottish gaelic" -> "gd"); the source is named in the file
    name: code for name, code in (line.split("\t") for line in
                                  importlib_resources.files("hive.selection").joinpath("languages.tsv").read_text(encoding="utf-8").splitlines()
                                  if line and not line.startswith("#"))
}
# A language's name, longest first; "polish" only capitalised ("then polish the draft" asks for an edit)
LANGUAGE_NAME = "(?:" + "|".join("(?-i:Polish)" if name == "polish" else name for name in sorted(LANGUAGE_NAMES, key=len, reverse=True)) + ")"
# A language named in words, and whether it is a target ("into English", "to German": what to make, not what a model
# must know): groups `before` and `name`
LANGUAGE_MENTION = re.compile(rf"\b(?P<before>(?:in)?to\s+)?(?P<name>{LANGUAGE_NAME})\b", re.I)
# Metric families whose variants a card reports as results of their own (ROUGE-1, ROUGE-2, ROUGE-L, ...): the
# graph keeps each variant, and a constraint naming the family ranks on the best of them.
METRIC_FAMILIES = ("rouge", "bleu")


def language_code(name: str) -> str:
    """'English' -> 'en', 'pt-BR' -> 'pt-br'; a value that is neither a known name nor a code is a ValueError."""
    code = LANGUAGE_NAMES.get(name.strip().lower(), name.strip().lower())
    if not re.fullmatch(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})?", code):
        raise ValueError(f"'{name}' is not a language name or code")
    return code


def language_name(code: str) -> str:
    """'es' -> 'Spanish': the name HIVE writes for a code (the first of LANGUAGE_NAMES), capitalised; the code
    itself when no name has it."""
    return next((name.capitalize() for name, c in LANGUAGE_NAMES.items() if c == code), code)


def parse_count(text: str | int | float) -> int:
    """'500M' -> 500_000_000, '1.5B' -> 1_500_000_000, '10k' -> 10_000, 42 -> 42."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text)
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(k|m|b|thousand|million|billion)?\s*", str(text), re.I)
    if not match:
        raise HiveError(f"cannot read '{text}' as a count; write e.g. 500M, 1.5B or 10k")
    scale = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}.get((match.group(2) or "").lower(), 1)
    return int(float(match.group(1)) * scale)


def parse_bytes(text: str | int | float) -> int:
    """'2GB' -> 2_000_000_000, '500 MiB' -> 524_288_000, '300 megs' -> 300_000_000, 1000 -> 1000."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text)
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:(k|m|g|t)(i)?(?:b|ilobytes?|egabytes?|igabytes?|erabytes?|egs?|igs?)?|bytes?)?\s*",
                         str(text), re.I)
    if not match:
        raise HiveError(f"cannot read '{text}' as a size on disk; write e.g. 500MB, 2GB or 1.5GiB")
    base = 1024 if match.group(3) else 1000
    power = " kmgt".index((match.group(2) or " ").lower())
    return int(float(match.group(1)) * base**power)


class Benchmark(BaseModel):
    """'Best on BENCHMARK by METRIC': a dataset family (e.g. 'Common Voice'), an optional config/language, a metric."""

    dataset: str = Field(min_length=1)
    config: str | None = None
    metric: str | None = Field(default=None, description="None: the metric the task's results on the dataset use most")

    @classmethod
    def parse(cls, text: str) -> "Benchmark":
        """'common_voice:en:wer', 'librispeech:wer' or 'squad_v2::f1'."""
        parts = [p.strip() for p in text.split(":")]
        if len(parts) == 2:
            parts = [parts[0], "", parts[1]]
        if len(parts) != 3 or not parts[0] or not parts[2]:
            raise HiveError(f"cannot read benchmark '{text}'; write DATASET:METRIC or DATASET:CONFIG:METRIC, e.g. common_voice:en:wer")
        return cls(dataset=parts[0], config=parts[1] or None, metric=parts[2])
