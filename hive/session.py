"""One HIVE session: the understander, planner, model selector and executor behind a command or a server.

`hive plan`, `hive run`, `hive batch`, `hive chat`, the HTTP server and the Ray engine plan and run
requests through a `Session` and nothing else. The executor is imported and started only when a plan
is run, so planning alone starts quickly."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hive.contracts import ConstraintSet, PlanResult
from hive.pipeline import Planner
from hive.planning.engines import DEFAULT_ENGINE
from hive.request import InputResource

if TYPE_CHECKING:
    from hive.execution.executor import Executor, RunRecord
    from hive.kg.access import GraphAccess
    from hive.llm.config import LLMSettings
    from hive.understanding.base import Understander


@dataclass(frozen=True)
class ExecutionOptions:
    """How the session's executor runs plans."""

    timeout: float = 300.0
    allow_hub: bool = False
    parallel: int = 2


class Session:
    """Plans requests and runs plans with one planner (its understander and selector) and one executor."""

    def __init__(self, planner: Planner | None = None, execution: ExecutionOptions = ExecutionOptions()) -> None:
        self.planner = planner or Planner()
        self.execution = execution
        self._executor: Executor | None = None

    @classmethod
    def open(cls, engine: str = DEFAULT_ENGINE, constraints: ConstraintSet | None = None, kg: str | None = None,
             understander: Understander | None = None, execution: ExecutionOptions = ExecutionOptions()) -> "Session":
        """A session on a new planner: `constraints` apply to every request, `kg` locates the graph."""
        return cls(Planner(understander=understander, engine=engine, constraints=constraints, kg=kg), execution)

    @property
    def understander(self) -> Understander:
        return self.planner.understander

    @property
    def engine_name(self) -> str:
        return self.planner.engine_name

    @property
    def graph(self) -> GraphAccess:
        """The knowledge graph models are selected from (and snippets read from)."""
        return self.planner.selector.graph

    def plan(self, query: str, request_id: str | None = None, constraints: ConstraintSet | None = None,
             context: list[InputResource] | None = None, explain: bool = False) -> PlanResult:
        """Plan one request; `constraints` add to the session's own; `explain` names each step's rejected
        candidates. User mistakes raise `HiveError`."""
        return self.planner.plan(query, request_id, constraints, context, explain)

    def plan_or_error(self, query: str, request_id: str | None = None, constraints: ConstraintSet | None = None) -> PlanResult:
        """Like `plan`, but a user mistake becomes the result's `error`."""
        return self.planner.plan_or_error(query, request_id, constraints)

    @property
    def executor(self) -> Executor:
        """The session's executor, started on first use; its workers keep their models until `close`."""
        if self._executor is None:
            from hive.execution.executor import Executor
            from hive.llm.backend import prompt_function

            self._executor = Executor(self.graph, timeout=self.execution.timeout, allow_hub=self.execution.allow_hub,
                                      parallel=self.execution.parallel, phrase=prompt_function(self.understander))
        return self._executor

    def run(self, plan: PlanResult, runs_dir: Path, **options: Any) -> RunRecord:
        """Run a plan into a new directory under `runs_dir`; `options` (run_id, deadline, progress) go to the executor."""
        return self.executor.run(plan, runs_dir, **options)

    def twin(self, **execution: Any) -> "Session":
        """A session on the same planner with an executor of its own (one per runner thread or actor);
        `execution` overrides some of the execution options."""
        return Session(self.planner, replace(self.execution, **execution))

    def spec(self) -> "SessionSpec":
        """What builds this session again in another process."""
        return SessionSpec(self.engine_name, self.planner.constraints, self.planner.kg_location,
                           getattr(self.understander, "llm_settings", None), self.execution)

    def close(self) -> None:
        """Stop the executor's workers, if a plan was run."""
        if self._executor is not None:
            self._executor.close()
            self._executor = None

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class SessionSpec:
    """A session's recipe, picklable: a Ray process builds the same session as the driver from it."""

    engine: str = DEFAULT_ENGINE
    constraints: ConstraintSet | None = None
    kg: str | None = None
    llm: LLMSettings | None = None
    execution: ExecutionOptions = field(default_factory=ExecutionOptions)

    def build(self) -> Session:
        from hive.llm.config import make_understander

        understander = make_understander(self.llm) if self.llm else None
        return Session.open(self.engine, self.constraints, self.kg, understander, self.execution)
