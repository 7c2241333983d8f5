"""N-Triples terms written as text, byte for byte as pyoxigraph's serializer writes them (canonical
N-Triples: `\\t \\b \\n \\r \\f \\" \\\\` escaped, other control characters and the non-characters U+FFFE and
U+FFFF as `\\uXXXX`, the rest as is).

The builder writes tens of millions of triples; formatting their text directly costs a fraction of
making pyoxigraph objects for them. The IRIs it writes are built by `hive.kg.schema` (percent-encoded
keys) or from fixed namespaces, so they need no escaping.
"""

from __future__ import annotations

import re

from hive.kg.schema import XSD

_COMMON = (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"))  # str.replace is fastest for these
_RARE = {code: f"\\u{code:04X}" for code in [*range(0x20), 0x7F, 0xFFFE, 0xFFFF] if chr(code) not in "\n\r\t"} | {
    0x08: "\\b", 0x0C: "\\f"}
_HAS_RARE = re.compile("[" + "".join(re.escape(chr(code)) for code in _RARE) + "]")
_INTEGER, _DOUBLE, _BOOLEAN = f"^^<{XSD}integer>", f"^^<{XSD}double>", f"^^<{XSD}boolean>"


def iri(value: str) -> str:
    return f"<{value}>"


def text(value: str) -> str:
    """A plain (xsd:string) literal."""
    for character, escaped in _COMMON:
        value = value.replace(character, escaped)
    return '"' + (value.translate(_RARE) if _HAS_RARE.search(value) else value) + '"'


def integer(value: int) -> str:
    return f'"{int(value)}"{_INTEGER}'


def double(value: float) -> str:
    return f'"{float(value)!r}"{_DOUBLE}'


def boolean(value: bool) -> str:
    return f'"{"true" if value else "false"}"{_BOOLEAN}'


def triple(subject: str, predicate: str, obj: str) -> str:
    """One N-Triples line."""
    return f"{subject} {predicate} {obj} .\n"
