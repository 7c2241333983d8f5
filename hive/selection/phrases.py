"""Constraints stated in the request itself ("only Apache-2.0 or MIT models", "the smallest model",
"the lowest-WER model on LibriSpeech test-clean", "under 1B parameters", "the most downloaded one"),
read by rules from `phrases.yaml`.

`constraint_phrases` returns each phrase with its span and what it constrains, so understanding can
attach it to the step whose clause states it and the task reader can ignore those words ("in English"
in "models in English" is not a translation request); `read_constraints` merges them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from hive.selection.constraints import LANGUAGE_NAMES, parse_bytes, parse_count


# First words of metric names as people write them -> the metric's id in the graph.
METRIC_WORDS = {"word": "wer", "character": "cer", "exact": "exact_match", "exact-match": "exact_match", "em": "exact_match",
                "rouge-1": "rouge1", "rouge-2": "rouge2", "rouge-l": "rougel", "f1-score": "f1"}


# Words that can stand where a metric does ("the top scorer on X") but name none: the task's usual metric.
NOT_METRICS = {"scorer", "scorers", "scoring", "result", "results", "performing", "performer", "performers", "one", "ones",
               "rated", "ranked", "ranking", "overall"}
LIST_JOINER = re.compile(r"\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*", re.I)


@dataclass
class Phrase:
    """One constraint phrase of a request: where it is and what it sets (a `Constraints` field)."""

    start: int
    end: int
    key: str
    value: Any


@lru_cache(maxsize=1)
def _phrases() -> dict[str, Any]:
    data = yaml.safe_load(resources.files("hive.selection").joinpath("phrases.yaml").read_text(encoding="utf-8"))
    data["patterns"] = {k: re.compile(v, re.I) for k, v in data.items() if isinstance(v, str)}
    words = sorted(data["licence_words"], key=len, reverse=True)
    data["licence_pattern"] = re.compile(r"(?<![\w+-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w+]|-\d)", re.I)
    ids = sorted(data["licence_ids"], key=len, reverse=True)
    data["licence_id_pattern"] = re.compile(r"(?<![\w+-])(" + "|".join(re.escape(w) for w in ids) + r")(?![\w+]|-\d)", re.I)
    return data


def read_constraints(text: str) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Global constraints found in `text` (as a dict for `Constraints`) and the spans that state them."""
    found: dict[str, Any] = {}
    phrases = constraint_phrases(text)
    for phrase in phrases:
        merge_phrase(found, phrase)
    return found, [(p.start, p.end) for p in phrases]


def merge_phrase(found: dict[str, Any], phrase: Phrase) -> None:
    """Add one phrase to a constraints dict: list fields collect values, the first value of others wins."""
    if isinstance(phrase.value, list):
        found.setdefault(phrase.key, [])
        found[phrase.key] += [v for v in phrase.value if v not in found[phrase.key]]
    else:
        found.setdefault(phrase.key, phrase.value)


def constraint_phrases(text: str) -> list[Phrase]:
    """Every constraint phrase of `text`, in order."""
    data = _phrases()
    patterns = data["patterns"]
    found = _licences(text, data)
    if (m := patterns["smallest"].search(text)):
        found.append(Phrase(m.start(), m.end(), "smallest", True))
    for key in ("best_on", "best_performance", "ranked_by"):
        m = patterns[key].search(text)
        if m and not any(p.key == "best_on" for p in found):
            end = _close_bracket(text, m)
            found.append(Phrase(m.start(), end, "best_on", _benchmark(m, key, text[m.end():end])))
    if (m := patterns["max_bytes"].search(text)):
        found.append(Phrase(m.start(), m.end(), "max_bytes", parse_bytes(m["size"])))
    if (m := patterns["max_parameters"].search(text)):
        count = re.sub(r"\s*param(?:eter)?s$", "", m["count"] or m["count_after"], flags=re.I)
        found.append(Phrase(m.start(), m.end(), "max_parameters", parse_count(_number(count))))
    for m in patterns["languages"].finditer(text):
        # "an English text-to-speech model": the phrase is the language; the words after it name the step
        start, end = (m.start("language"), m.end("language")) if m["language"] else (m.start(), m.end())
        found.append(Phrase(start, end, "languages", [LANGUAGE_NAMES[(m["language"] or m["language2"]).lower()]]))
    if (m := patterns["min_downloads"].search(text)):
        found.append(Phrase(m.start(), m.end(), "min_downloads", parse_count(_number(m["count"] or m["count_after"]))))
    if (m := patterns["local_only"].search(text)):
        found.append(Phrase(m.start(), m.end(), "local_only", True))
    for key in ("most_downloaded", "most_liked"):
        if (m := patterns[key].search(text)):
            found.append(Phrase(m.start(), m.end(), "rank_by", "downloads" if key == "most_downloaded" else "likes"))
    return sorted(found, key=lambda p: p.start)


def _number(text: str) -> str:
    """'a million' -> '1 million', 'half a billion' -> '0.5 billion', '1,000,000' -> '1000000'."""
    text = re.sub(r"^half\s+an?\s+", "0.5 ", text.replace(",", "").strip(), flags=re.I)
    return re.sub(r"^(?:an?|one)\s+", "1 ", text, flags=re.I)


def _close_bracket(text: str, match: re.Match) -> int:
    """Where a benchmark phrase ends: after the bracket its dataset opens ('BookSum (ROUGE, test split)')."""
    dataset = match["dataset"]
    if dataset.count("(") > dataset.count(")"):
        closing = text.find(")", match.end(), match.end() + 40)
        if closing >= 0:
            return closing + 1
    return match.end()


def _benchmark(match: re.Match, key: str, rest: str = "") -> dict[str, Any]:
    language = (match.groupdict().get("language") or "").lower()
    dataset = (match["dataset"] + rest).strip().replace(",", " ")
    config = LANGUAGE_NAMES.get(language)
    if "-" in dataset and key == "ranked_by":
        dataset, config = dataset.split("-", 1)
    metric = (match.groupdict().get("metric") or "").lower() or None  # "best performance on X": the task's usual metric
    if metric in NOT_METRICS:
        metric = None  # "the best-performing model on SST-2", "the top scorer on SQuAD"
    dataset = re.sub(r"\s*\(([^)]*)\)", r" \1", dataset).rstrip(".,;:!?( ")  # "CNN/DailyMail 3.0.0 (test)"
    return {"dataset": dataset, "config": config, "metric": METRIC_WORDS.get(metric, metric)}


def _licences(text: str, data: dict) -> list[Phrase]:
    """Licence ids anywhere (with a version they are unambiguous: 'Apache 2.0', 'CC-BY-4.0'); other licence
    words in a sentence that talks about licences or 'only ... models'. Negated ones are refused."""
    patterns = data["patterns"]
    found: list[Phrase] = []
    taken: list[tuple[int, int]] = []
    for sentence in re.finditer(r"(?:[^.?!]|[.?!](?=\S))+", text):
        previous: Phrase | None = None
        words = [data["licence_id_pattern"]]
        if patterns["licence_context"].search(sentence.group()):
            words.append(data["licence_pattern"])
        for pattern in words:
            for match in pattern.finditer(sentence.group()):
                start, end = sentence.start() + match.start(), sentence.start() + match.end()
                if any(s < end and start < e for s, e in taken):
                    continue
                table = data["licence_ids"] if pattern is data["licence_id_pattern"] else data["licence_words"]
                name = table[match.group(1).lower()]
                before, after = sentence.group()[: match.start()], sentence.group()[match.end():]
                negated = patterns["negation"].search(before) or patterns["negation_after"].search(after)
                listed = previous is not None and LIST_JOINER.fullmatch(text[previous.end:start])
                key = previous.key if listed else "deny_licences" if negated else "licences"  # "not GPL-3.0 or AGPL-3.0"
                previous = Phrase(start, end, key, [name])
                found.append(previous)
                taken.append((start, end))
    if (m := patterns["commercial_use"].search(text)):
        found.append(Phrase(m.start(), m.end(), "deny_licences", ["non-commercial"]))
    return found
