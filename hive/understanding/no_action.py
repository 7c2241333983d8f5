"""Requests that say nothing is to be done: "fyi, this is what they sent us. Nothing to do yet.", "That's the final
list, for your records.", "Forwarding for the record, no action needed." above or below a pasted text whose own
words ask for work ("Please translate the attached brochure ..."). The person's statement decides: nothing is
planned, unless another sentence of theirs asks for something."""

from __future__ import annotations

import re
from typing import Callable

NO_ACTION = re.compile(
    r"\b(?:nothing\s+(?:(?:else|more|further|left)\s+)?(?:to\s+do|needed|required)|"
    r"no\s+(?:(?:further|more|other|open)\s+)?actions?\s+(?:(?:is|are)\s+)?(?:needed|required|necessary|pending)|"
    r"no\s+(?:further|open|pending)\s+actions?|"
    r"not\s+asking\s+(?:for\s+)?anything|(?:just\s+)?so\s+you\s+know|for\s+(?:your|our|the)\s+(?:records?|files?|information)|"
    r"for\s+the\s+record|just\s+venting|no\s+need\s+to\s+do\s+anything|(?:do\s+not|don'?t)\s+need\s+anything|"
    r"for\s+reference\s+only|so\s+you\s+have\s+it|keeping\s+(?:this|it)\s+(?:\w+\s+)?for|fyi)\b",
    re.I,
)
EXCEPT_AFTER = re.compile(r"^[^.?!\n]*\b(?:but|except|apart\s+from|other\s+than)\b", re.I)
PARAGRAPH = re.compile(r"\n[ \t]*\n")
SENTENCE = re.compile(r"[^.?!\n]+[.?!]*")
QUOTED_PARAGRAPH = re.compile(r"(?:(?:  |\t|[ \t]*>)[^\n]*(?:\n|$))+")  # every line indented or opening with ">"


def nothing_asked(query: str, asks: Callable[[str], bool]) -> str | None:
    """The words that say nothing is to be done, when a paragraph holds them and none of its sentences asks for work
    (their own read without them: "FYI, please summarise it" asks; nor after a 'but'); else None."""
    for paragraph in PARAGRAPH.split(query):
        if QUOTED_PARAGRAPH.fullmatch(paragraph.strip("\n")):
            continue  # a paragraph quoted by its indent or its ">" ("  Hi team, ... FYI our platform is open source")
        said = NO_ACTION.search(paragraph)
        if said is None or EXCEPT_AFTER.match(paragraph, said.end()):
            continue
        sentences = [s.group().strip() for s in SENTENCE.finditer(paragraph) if s.group().strip()]
        if not any(asks(sentence.replace(said.group(), " ")) for sentence in sentences):
            return said.group()
    return None
