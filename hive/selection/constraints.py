"""The user's constraints on models: validated, global or per task, from flags, files or the request."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field, ValidationError, field_validator

from hive.errors import HiveError

FAMILIES = ("permissive", "copyleft", "non-commercial", "openrail", "public-domain", "creative-commons", "other")
LANGUAGE_NAMES = {
    "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt",
    "dutch": "nl", "chinese": "zh", "japanese": "ja", "korean": "ko", "russian": "ru", "arabic": "ar",
    "hindi": "hi", "persian": "fa", "vietnamese": "vi", "turkish": "tr", "polish": "pl", "swedish": "sv",
    "greek": "el", "czech": "cs", "ukrainian": "uk", "indonesian": "id", "mandarin": "zh", "cantonese": "yue",
    "farsi": "fa", "bengali": "bn", "urdu": "ur", "tamil": "ta", "telugu": "te", "marathi": "mr", "punjabi": "pa",
    "thai": "th", "hebrew": "he", "swahili": "sw", "romanian": "ro", "hungarian": "hu", "finnish": "fi",
    "danish": "da", "norwegian": "no", "malay": "ms", "tagalog": "tl", "catalan": "ca", "welsh": "cy",
    "irish": "ga", "serbian": "sr", "croatian": "hr", "bulgarian": "bg", "slovak": "sk", "lithuanian": "lt",
    "latvian": "lv", "estonian": "et", "icelandic": "is", "afrikaans": "af", "amharic": "am", "yoruba": "yo",
    "zulu": "zu", "burmese": "my", "khmer": "km", "nepali": "ne", "georgian": "ka", "armenian": "hy",
    "albanian": "sq", "basque": "eu", "latin": "la", "esperanto": "eo",
}
# Metric families whose variants a card reports as results of their own (ROUGE-1, ROUGE-2, ROUGE-L, ...): the
# graph keeps each variant, and a constraint naming the family ranks on the best of them.
METRIC_FAMILIES = ("rouge", "bleu")


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
    """'2GB' -> 2_000_000_000, '500 MiB' -> 524_288_000, 1000 -> 1000."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text)
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(k|m|g|t)?(i)?b?\s*", str(text), re.I)
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


class Constraints(BaseModel):
    """Constraints on the model of one step (or of every step, when global)."""

    model_config = {"extra": "forbid"}

    licences: list[str] = Field(default_factory=list, description="allowed licences: SPDX/hub ids or families")
    deny_licences: list[str] = Field(default_factory=list, description="refused licences: ids or families")
    max_parameters: int | None = Field(default=None, gt=0)
    max_bytes: int | None = Field(default=None, gt=0)
    smallest: bool = False
    best_on: Benchmark | None = None
    languages: list[str] = Field(default_factory=list)
    min_downloads: int | None = Field(default=None, ge=0)
    local_only: bool = False
    rank_by: Literal["downloads", "likes"] | None = Field(default=None, description="rank by popularity first")
    reads_text: bool | None = Field(default=None, description="image-to-text: an OCR model (True) or one that describes "
                                    "the picture (False); set from the request's words")

    @field_validator("languages")
    @classmethod
    def _language_codes(cls, values: list[str]) -> list[str]:
        codes = []
        for value in values:
            code = LANGUAGE_NAMES.get(value.strip().lower(), value.strip().lower())
            if not re.fullmatch(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})?", code):
                raise ValueError(f"'{value}' is not a language name or code")
            codes.append(code)
        return codes

    def is_empty(self) -> bool:
        return self == Constraints()

    def merged_with(self, other: "Constraints") -> "Constraints":
        """`other` on top of `self`: lists are joined, values `other` sets win."""
        data = self.model_dump()
        for name, value in other.model_dump(exclude_defaults=True).items():
            data[name] = sorted(set(data[name]) | set(value)) if isinstance(value, list) else value
        return Constraints(**data)


class ConstraintSet(BaseModel):
    """Global constraints plus per-task ones (keyed by task name)."""

    model_config = {"extra": "forbid", "populate_by_name": True}

    all_tasks: Constraints = Field(default_factory=Constraints, alias="global")
    per_task: dict[str, Constraints] = Field(default_factory=dict)

    def for_task(self, task: str) -> Constraints:
        return self.all_tasks.merged_with(self.per_task[task]) if task in self.per_task else self.all_tasks

    def merged_with(self, other: "ConstraintSet") -> "ConstraintSet":
        tasks = {t: self.for_task(t).merged_with(other.per_task.get(t, Constraints())) for t in set(self.per_task) | set(other.per_task)}
        return ConstraintSet(all_tasks=self.all_tasks.merged_with(other.all_tasks), per_task=tasks)

    def is_empty(self) -> bool:
        return self.all_tasks.is_empty() and all(c.is_empty() for c in self.per_task.values())


def constraint_set(data: Any, where: str) -> ConstraintSet:
    """Validate a dict as a ConstraintSet; a flat dict counts as global constraints."""
    if not isinstance(data, dict):
        raise HiveError(f"{where}: constraints must be a mapping")
    if not ({"global", "per_task"} & set(data)):
        data = {"global": data}
    try:
        return ConstraintSet.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(str(p) for p in first["loc"])
        raise HiveError(f"{where}: {place}: {first['msg']}") from exc


def load_constraints_file(path: Path) -> ConstraintSet:
    """A JSON or YAML file with global and/or per-task constraints."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text) if Path(path).suffix == ".json" else yaml.safe_load(text)
    except (OSError, json.JSONDecodeError, yaml.YAMLError) as exc:
        raise HiveError(f"cannot read constraints file {path}: {str(exc).splitlines()[0]}") from exc
    return constraint_set(data or {}, str(path))
