"""`hive chat`: a conversation in which later requests can use what earlier ones produced.

After each turn, every step's output becomes a resource of the conversation ("<turn-1:resource-2>",
an image, a text, ...). The next request sees them as inputs, newest first, so "now caption that
image" reads the last image produced, as in HuggingGPT.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from hive.errors import HiveError
from hive.contracts import PlanResult
from hive.request import InputResource
from hive.session import Session

MAX_CONTEXT = 12


class ChatSession:
    """The turns so far and the resources they produced."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.turns: list[PlanResult] = []
        self.context: list[InputResource] = []

    def ask(self, query: str) -> PlanResult:
        result = self.session.plan(query, request_id=f"turn-{len(self.turns) + 1}", context=self.context)
        self.turns.append(result)
        produced = [
            InputResource(
                id=f"turn{len(self.turns)}-step{step.id}", modalities=list(step.outputs), kind="inline",
                value=f"<turn-{len(self.turns)}:resource-{step.id}>",
                note=f"the {'/'.join(step.outputs)} produced by {step.task} in turn {len(self.turns)}", produced_by=step.task,
            )
            for step in reversed(result.tasks)
        ]
        self.context = (produced + self.context)[:MAX_CONTEXT]
        return result

    def reset(self) -> None:
        self.turns, self.context = [], []


def run_chat(session: Session, source: TextIO = sys.stdin, as_json: bool = False) -> None:
    """Read requests line by line; ':reset' forgets earlier turns, ':quit' or end of input stops."""
    from hive.render import print_plan

    chat = ChatSession(session)
    interactive = source.isatty()
    while True:
        if interactive:
            print("hive> ", end="", flush=True)
        line = source.readline()
        if not line or line.strip() in (":quit", ":exit"):
            return
        if not line.strip():
            continue
        if line.strip() == ":reset":
            chat.reset()
            print("(forgot earlier turns)")
            continue
        try:
            result = chat.ask(line.strip())
        except HiveError as exc:
            print(json.dumps({"error": str(exc)}) if as_json else f"error: {exc}", flush=True)
            continue
        if as_json:
            print(json.dumps(result.to_json_dict()), flush=True)
        else:
            print_plan(result)
