"""What query understanding hands to planning: the parsed request, its input resources and the goals."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

QUOTE_OPENING = r"[\"'\u2018\u201c\u00ab]\s*"  # a quote's opening mark, before the text it quotes

Modality = Literal["text", "image", "audio", "video", "table", "question", "labels"]


class ParsedRequest(BaseModel):
    """The request's fields, as the paper's parsing stage produces them."""

    query: str
    instruction: str = Field(description="the request rephrased, implicit tasks made explicit")
    input_texts: list[str] = Field(default_factory=list, description="inline texts to work on")
    question: str | None = None
    more_questions: list[str] = Field(default_factory=list, description="further questions asked beside it, each answered by a step of its own")
    files: list[str] = Field(default_factory=list, description="local paths and URLs, in order of mention")
    data: list[dict[str, Any]] = Field(default_factory=list, description="inline tables as column -> values")
    categories: list[str] = Field(default_factory=list, description="candidate labels for classification")
    constraints: dict[str, Any] = Field(default_factory=dict)
    unread_constraints: list[str] = Field(default_factory=list, description="clauses read as stating a constraint whose value HIVE could not resolve")
    wished_constraints: list[str] = Field(default_factory=list, description="limits said as wishes ('ideally MIT, not a must'): read, not applied")
    unplaced_constraints: list[str] = Field(default_factory=list, description="clauses whose constraint names a step the request does not ask for, with that task")
    unplaced_scoped: dict[str, dict[str, Any]] = Field(default_factory=dict, description="those clauses' constraints by the "
                                                       "task they name: a step of it that the planner adds binds them")

    @property
    def own_words(self) -> str:
        """The instruction without the texts pasted into it, and without the questions it quotes (the kids' own
        "Wie viele Katzen sind auf dem Bild?"): what the person wrote themselves."""
        words = self.instruction
        quoted = [q for q in [self.question, *self.more_questions] if q and re.search(QUOTE_OPENING + re.escape(q), words)]
        for text in self.input_texts + quoted:
            words = words.replace(text, " ")
        return words


class InputResource(BaseModel):
    """One user-supplied resource, with the modalities the planner may read it as."""

    id: str
    modalities: list[Modality]
    value: Any
    kind: Literal["file", "url", "inline", "unnamed"] = Field(description="unnamed: the request asks for a task on one but names none")
    note: str = ""
    produced_by: str | None = Field(default=None, description="the task that made it, for results of earlier conversation turns")

    @property
    def label(self) -> str:
        """Short human label: the path, or the start of an inline value."""
        text = str(self.value)
        return text if self.kind != "inline" or len(text) <= 40 else text[:37] + "..."


class GoalSpec(BaseModel):
    """One requested task: what it must be computed from, and which other inputs it must use."""

    task: str
    source: str | int | None = Field(
        default=None, description="an input resource id, or the index of the goal whose output it processes"
    )
    uses: list[str | int] = Field(default_factory=list, description="input resource ids, or indices of goals whose output, it must also read")
    confidence: float | None = Field(default=None, description="how sure understanding is that the request asks for this task")
    readings: dict[str, float] = Field(default_factory=dict, description="the detector's top readings of the part that asked for it")
    constraints: dict[str, Any] = Field(default_factory=dict, description="constraints the request states for this step only")
    language: str | None = Field(default=None, description="the language the step's output is to be in (a translation's target)")
