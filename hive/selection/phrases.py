"""Constraints stated in the request itself ("only Apache-2.0 or MIT models", "the smallest model",
"best WER on Common Voice English", "under 1B parameters", ...), read by rules from `phrases.yaml`.

Returns the constraints and the spans they occupy, so the task reader can ignore those words
("in English" in "models in English" is not a translation request)."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from hive.selection.constraints import LANGUAGE_NAMES, parse_bytes, parse_count


@lru_cache(maxsize=1)
def _phrases() -> dict[str, Any]:
    data = yaml.safe_load(resources.files("hive.selection").joinpath("phrases.yaml").read_text(encoding="utf-8"))
    data["patterns"] = {k: re.compile(v, re.I) for k, v in data.items() if isinstance(v, str)}
    words = sorted(data["licence_words"], key=len, reverse=True)
    data["licence_pattern"] = re.compile(r"(?<![\w+-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w+]|-\d)", re.I)
    return data


def read_constraints(text: str) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Global constraints found in `text` (as a dict for `Constraints`) and the spans that state them."""
    data = _phrases()
    found: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []

    def mark(match: re.Match) -> None:
        spans.append((match.start(), match.end()))

    _licences(text, data, found, spans)
    patterns = data["patterns"]
    if (m := patterns["smallest"].search(text)):
        found["smallest"] = True
        mark(m)
    for key in ("best_on", "ranked_by"):
        if (m := patterns[key].search(text)) and "best_on" not in found:
            language = (m.groupdict().get("language") or "").lower()
            dataset = m["dataset"].strip()
            config = LANGUAGE_NAMES.get(language)
            if "-" in dataset and key == "ranked_by":
                dataset, config = dataset.split("-", 1)
            found["best_on"] = {"dataset": dataset, "config": config, "metric": m["metric"].lower()}
            mark(m)
    if (m := patterns["max_bytes"].search(text)):
        found["max_bytes"] = parse_bytes(m["size"])
        mark(m)
    if (m := patterns["max_parameters"].search(text)):
        found["max_parameters"] = parse_count(m["count"])
        mark(m)
    languages = sorted({LANGUAGE_NAMES[m["language"].lower()] for m in patterns["languages"].finditer(text)})
    if languages:
        found["languages"] = languages
        spans.extend((m.start(), m.end()) for m in patterns["languages"].finditer(text))
    if (m := patterns["min_downloads"].search(text)):
        found["min_downloads"] = parse_count(m["count"].replace(",", ""))
        mark(m)
    if (m := patterns["local_only"].search(text)):
        found["local_only"] = True
        mark(m)
    return found, spans


def _licences(text: str, data: dict, found: dict, spans: list) -> None:
    """Licence names in a sentence that talks about licences or 'only ... models'; negated ones are refused."""
    patterns = data["patterns"]
    for sentence in re.finditer(r"(?:[^.?!]|[.?!](?=\S))+", text):
        if not patterns["licence_context"].search(sentence.group()):
            continue
        for match in data["licence_pattern"].finditer(sentence.group()):
            name = data["licence_words"][match.group(1).lower()]
            before = sentence.group()[: match.start()]
            key = "deny_licences" if patterns["negation"].search(before) else "licences"
            found.setdefault(key, [])
            if name not in found[key]:
                found[key].append(name)
            spans.append((sentence.start() + match.start(), sentence.start() + match.end()))
    if (m := patterns["commercial_use"].search(text)):
        found.setdefault("deny_licences", [])
        if "non-commercial" not in found["deny_licences"]:
            found["deny_licences"].append("non-commercial")
        spans.append((m.start(), m.end()))
