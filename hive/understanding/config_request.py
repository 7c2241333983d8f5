"""A request written as a JSON object by hand ({"input": "note.jpg", "steps": [...], "limits": {...}}) read as lines.

The readers of tasks and constraints read words: inside a JSON object every step and limit is a quoted string,
which they would take for a text pasted to work on. An object is turned into the lines a person would write
for it ("input: note.jpg", "- read the handwriting", "fix: max params 250M"), its keys' and values' underscores
read as spaces (a file name keeps its own). Comments after `//` and trailing commas, which hand-written
objects often have, are allowed; anything that is not an object stays as it was written.
"""

from __future__ import annotations

import json
import re
from typing import Any

LINE_COMMENT = re.compile(r"[ \t]+//[^\n\"]*$", re.M)  # "//" after the value on its line (not inside "http://...")
TRAILING_COMMA = re.compile(r",(\s*[}\]])")
FILE_LIKE = re.compile(r"[./\\]")  # a value with a dot or a slash is a name or a number: written as it is


def config_as_lines(query: str) -> tuple[str, list[str]]:
    """The request as lines of words when it is a JSON object written by hand, with a note saying so."""
    text = query.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return query, []
    try:
        value = json.loads(TRAILING_COMMA.sub(r"\1", LINE_COMMENT.sub("", text)))
    except ValueError:
        return query, []
    if not isinstance(value, dict) or not value:
        return query, []
    return "\n".join(_lines(value)), ["the request is a JSON object: its keys and values were read as lines of words"]


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
