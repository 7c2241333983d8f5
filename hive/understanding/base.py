"""The query-understanding interface: the HIVE paper's three stages, each replaceable on its own."""

from __future__ import annotations

from abc import ABC, abstractmethod

from hive.planning.domain import Domain
from hive.planning.library import DomainLibrary
from hive.request import GoalSpec, InputResource, ParsedRequest

UNCERTAIN = 0.5  # a step understood with less confidence than this is shown, and warned of, as uncertain


class Understander(ABC):
    """Parse a request, pick the PDDL domains it needs, and pick its goal actions.

    `parse` favours faithful fields, `select_domains` favours recall (a missing domain makes the
    request unplannable), `select_goals` favours precision (the planner adds intermediate steps).
    """

    name: str = "understander"

    @abstractmethod
    def parse(self, query: str) -> ParsedRequest:
        """Split the request into instruction, inline texts, question, files, tables, labels, constraints."""

    @abstractmethod
    def select_domains(self, parsed: ParsedRequest, inputs: list[InputResource], library: DomainLibrary) -> list[str]:
        """Names of the library domains the request needs."""

    @abstractmethod
    def select_goals(self, parsed: ParsedRequest, inputs: list[InputResource], domain: Domain) -> list[GoalSpec]:
        """The requested tasks, each with the input or earlier goal it processes."""

    def warm_up(self) -> None:
        """Load now what a first request would wait for (a long-running server calls it before serving)."""
