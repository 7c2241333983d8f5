"""A request written as a JSON object or as YAML-like key lines by hand read as lines of words.

The readers of tasks and constraints read words: inside a JSON object every step and limit is a quoted string,
which they would take for a text pasted to work on. An object is turned into the lines a person would write
for it ("input: note.jpg", "- read the handwriting", "fix: max params 250M"), its keys' and values' underscores
read as spaces (a file name keeps its own). Comments after `//` and trailing commas, which hand-written
objects often have, are allowed. In any other request, a line's key written as an identifier
("forbidden_licenses:", "step_b.max_params:", "applies_to:") and a value that is one ("pick: most_liked") are
read as the words they join.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hive.understanding.parsing import FILE_PATTERN

LINE_COMMENT = re.compile(r"[ \t]+//[^\n\"]*$", re.M)  # "//" after the value on its line (not inside "http://...")
TRAILING_COMMA = re.compile(r",(\s*[}\]])")
FILE_LIKE = re.compile(r"[./\\]")  # a value with a dot or a slash is a name or a number: written as it is
# a key at a line's start (after a list mark) joining words with '_' or '.' ("reply_model:", "asr.lang:", "step_b.max_params=")
KEY_IDENTIFIER = re.compile(r"^(?P<lead>[ \t]*(?:[-*][ \t]+)?)(?P<key>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+)(?=[ \t]*[:=])", re.M)
# a value that is one identifier of words ("pick: most_liked", "applies_to: all")
VALUE_IDENTIFIER = re.compile(r"(?<=:)(?P<space>[ \t]*)(?P<value>[a-z]+(?:_[a-z]+)+)(?=[ \t]*$)", re.M)


def config_as_lines(query: str) -> tuple[str, list[str]]:
    """The request as lines of words when it is a JSON object written by hand, with a note saying so."""
    text = query.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return _identifiers_as_words(query), []
    try:
        value = json.loads(TRAILING_COMMA.sub(r"\1", LINE_COMMENT.sub("", text)))
    except ValueError:
        return query, []
    if not isinstance(value, dict) or not value:
        return query, []
    return "\n".join(_lines(value)), ["the request is a JSON object: its keys and values were read as lines of words"]


def _identifiers_as_words(query: str) -> str:
    """Keys (not file names: "notes_q3.txt: summarise it") and one-identifier values of key lines with their '_' and
    '.' read as spaces (same length, so every position in the request stays where it was)."""
    query = KEY_IDENTIFIER.sub(lambda m: m.group() if FILE_PATTERN.fullmatch(m["key"]) else m["lead"] + re.sub(r"[_.]", " ", m["key"]), query)
    return VALUE_IDENTIFIER.sub(lambda m: m["space"] + m["value"].replace("_", " "), query)


def _lines(value: dict[str, Any], indent: str = "") -> list[str]:
    lines = []
    for key, item in value.items():
        name = _words(key)
        if isinstance(item, dict) and item and all(_is_scalar(v) for v in item.values()):
            lines.append(f"{indent}{name}: " + "; ".join(f"{_words(k)} {_words(v)}" for k, v in item.items()))
        elif isinstance(item, dict):
            lines += [f"{indent}{name}:"] + _lines(item, indent + "  ")
        elif isinstance(item, list):
            lines.append(f"{indent}{name}:")
            lines += [f"{indent}- {_words(v) if _is_scalar(v) else json.dumps(v)}" for v in item]
        else:
            lines.append(f"{indent}{name}: {_words(item)}")
    return lines


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) or value is None


def _words(value: Any) -> str:
    text = str(value)
    return text if FILE_LIKE.search(text) else text.replace("_", " ")
