"""Planner engines behind one interface.

- `pyperplan` (default): HIVE grounds the task itself and runs pyperplan's greedy best-first search
  with the FF heuristic in-process (no unified-planning import on this path).
- `up-pyperplan`, `fast-downward`: through unified-planning (extras `up`, `fast-downward`).
- `lapkt-bfws`: LAPKT's BFWS, the HIVE paper's planner, on HIVE's grounded task (extra `lapkt`).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from hive.errors import HiveError, NoPlanError
from hive.planning.domain import Domain
from hive.planning.grounding import GroundTask, ground
from hive.planning.problem import PlanningProblem


@dataclass
class PlanStep:
    """One action of a plan with its parameter bindings."""

    action: str
    args: dict[str, str]


@dataclass
class PlannerResult:
    engine: str
    steps: list[PlanStep]
    log: list[str] = field(default_factory=list)


Engine = Callable[[Domain, PlanningProblem], PlannerResult]


class _LogCapture(logging.Handler):
    """Collects the log records a planner library emits during one call."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())

    def __enter__(self) -> "_LogCapture":
        root = logging.getLogger()
        self._old_level = root.level
        root.addHandler(self)
        root.setLevel(logging.INFO)
        return self

    def __exit__(self, *exc) -> None:
        root = logging.getLogger()
        root.removeHandler(self)
        root.setLevel(self._old_level)


def _ground_with_log(domain: Domain, problem: PlanningProblem) -> tuple[GroundTask, list[str]]:
    start = time.perf_counter()
    task = ground(domain, problem)
    took = (time.perf_counter() - start) * 1000
    return task, [f"grounded: {len(task.operators)} relevant operators, {len(task.facts)} facts ({took:.2f} ms)"]


def _steps_from_names(task: GroundTask, names: list[str]) -> list[PlanStep]:
    by_name = {op.name: op for op in task.operators}
    return [PlanStep(by_name[n].action, by_name[n].args) for n in names]


SEARCH_SECONDS = 5.0  # a search still running then stops with a one-line error (12 steps plan in under 1 s)


class SearchTimeout(HiveError):
    """The planner's search ran past its time limit."""


class _Bounded:
    """pyperplan's heuristic, evaluated once per node the search reaches: past the deadline it stops the search."""

    def __init__(self, heuristic, seconds: float) -> None:
        self.heuristic, self.seconds = heuristic, seconds
        self.deadline = time.monotonic() + seconds

    def __call__(self, node):
        if time.monotonic() > self.deadline:
            raise SearchTimeout(f"the planner's search ran past its limit of {self.seconds:g} s; ask for fewer steps "
                                "in one request (one line per request in 'hive batch')")
        return self.heuristic(node)


class _Fact(str):
    """A fact whose hash is fixed by its text, not by the process's string-hash seed.

    pyperplan keeps facts in sets and breaks the heuristic's ties in their iteration order; with plain
    strings two runs of the same request could get different (equally short) plans.
    """

    __slots__ = ()

    def __hash__(self) -> int:
        return zlib.crc32(self.encode())


def _stable(facts: frozenset[str]) -> frozenset[_Fact]:
    return frozenset(_Fact(f) for f in sorted(facts))


def solve_pyperplan(domain: Domain, problem: PlanningProblem) -> PlannerResult:
    """Greedy best-first search with hFF, pyperplan in-process, stopped past SEARCH_SECONDS."""
    from pyperplan.heuristics.relaxation import hFFHeuristic
    from pyperplan.search.a_star import greedy_best_first_search
    from pyperplan.task import Operator, Task

    task, log = _ground_with_log(domain, problem)
    pp_task = Task(
        problem.name,
        set(_stable(task.facts)),
        _stable(task.initial_state),
        _stable(task.goals),
        [
            Operator(op.name, _stable(op.preconditions), _stable(op.add_effects), _stable(op.del_effects))
            for op in task.operators
        ],
    )
    with _LogCapture() as capture:
        solution = greedy_best_first_search(pp_task, _Bounded(hFFHeuristic(pp_task), SEARCH_SECONDS))
    log += capture.lines
    if solution is None:
        raise NoPlanError("no plan")
    return PlannerResult("pyperplan", _steps_from_names(task, [op.name for op in solution]), log)


UP_ACTION_PREFIX = "do-"
UP_PARAM_PREFIX = "p_"


def _up_problem(domain: Domain, problem: PlanningProblem):
    """Build the unified-planning problem in code (PDDLReader is ~100x slower than this)."""
    from unified_planning.environment import get_environment
    from unified_planning.model import Fluent, InstantaneousAction, Object, Problem

    env = get_environment()
    env.credits_stream = None
    types = {name: env.type_manager.UserType(name) for name in domain.types}
    fluents = {
        name: Fluent(name, env.type_manager.BoolType(), **{f"x{i}": types[t] for i, t in enumerate(sig)})
        for name, sig in domain.predicates.items()
    }
    up = Problem(problem.name)
    for fluent in fluents.values():
        up.add_fluent(fluent, default_initial_value=False)
    objects = {name: Object(name, types[t]) for name, t in {**domain.constants, **problem.objects}.items()}
    up.add_objects(objects.values())
    for schema in domain.actions.values():
        # Task constants share their names with the actions producing them, and modality constants with
        # parameters; UP's engines want unique names, so actions and parameters get a prefix.
        action = InstantaneousAction(
            UP_ACTION_PREFIX + schema.name, **{UP_PARAM_PREFIX + p[1:]: types[t] for p, t in schema.parameters}
        )

        def term(arg: str, action=action):
            return action.parameter(UP_PARAM_PREFIX + arg[1:]) if arg.startswith("?") else objects[arg]

        for atom in schema.preconditions:
            action.add_precondition(fluents[atom.predicate](*map(term, atom.args)))
        for atom in schema.add_effects:
            action.add_effect(fluents[atom.predicate](*map(term, atom.args)), True)
        for atom in schema.del_effects:
            action.add_effect(fluents[atom.predicate](*map(term, atom.args)), False)
        up.add_action(action)
    for atom in problem.init:
        up.set_initial_value(fluents[atom.predicate](*(objects[a] for a in atom.args)), True)
    for atom in problem.goals:
        up.add_goal(fluents[atom.predicate](*(objects[a] for a in atom.args)))
    return up, env


def _solve_with_up(engine_name: str) -> Engine:
    def solve(domain: Domain, problem: PlanningProblem) -> PlannerResult:
        from unified_planning.engines import PlanGenerationResultStatus as Status

        up_problem, env = _up_problem(domain, problem)
        with env.factory.OneshotPlanner(name=engine_name) as planner:
            result = planner.solve(up_problem)
        log = [f"unified-planning engine {engine_name}: {result.status.name}"]
        log += [line for m in (result.log_messages or []) for line in m.message.splitlines() if line.strip()]
        if result.status not in (Status.SOLVED_SATISFICING, Status.SOLVED_OPTIMALLY):
            raise NoPlanError("no plan")
        steps = [
            PlanStep(ai.action.name.removeprefix(UP_ACTION_PREFIX), {"?" + p.name.removeprefix(UP_PARAM_PREFIX): str(v) for p, v in zip(ai.action.parameters, ai.actual_parameters)})
            for ai in result.plan.actions
        ]
        return PlannerResult(engine_name, steps, log)

    return solve


def solve_lapkt_bfws(domain: Domain, problem: PlanningProblem) -> PlannerResult:
    """LAPKT's BFWS(f5) on HIVE's grounded STRIPS task, through LAPKT's Python interface."""
    task, log = _ground_with_log(domain, problem)
    with tempfile.TemporaryDirectory(prefix="hive-lapkt-") as tmp:
        plan_file = Path(tmp) / "plan.ipc"
        output = _run_quietly(lambda: _lapkt_search(task, Path(tmp) / "lapkt.log", plan_file), Path(tmp) / "out.txt")
        lines = plan_file.read_text().splitlines() if plan_file.exists() else []
    log += [line for line in output.splitlines() if line.strip()][-20:]
    names = [line.strip() for line in lines if line.strip().startswith("(")]
    if not names and task.goals - task.initial_state:
        raise NoPlanError("no plan")
    by_lower = {op.name.lower(): op.name for op in task.operators}
    return PlannerResult("lapkt-bfws", _steps_from_names(task, [by_lower[n.lower()] for n in names]), log)


def _lapkt_search(task: GroundTask, log_file: Path, plan_file: Path) -> None:
    from lapkt.core.lib.planner import BFWS

    facts = sorted(task.facts | task.initial_state)
    index = {f: i for i, f in enumerate(facts)}
    planner = BFWS()
    for fact in facts:
        planner.add_atom(fact)
    planner.create_negated_fluents()  # LAPKT crashes in add_effect without this call
    for number, op in enumerate(task.operators):
        planner.add_action(op.name, False)
        planner.add_precondition(number, [(index[f], False) for f in sorted(op.preconditions)])
        planner.add_effect(
            number, [(index[f], False) for f in sorted(op.add_effects)] + [(index[f], True) for f in sorted(op.del_effects)]
        )
    planner.finalize_actions()
    planner.set_init([(index[f], False) for f in sorted(task.initial_state)])
    planner.set_goal([(index[f], False) for f in sorted(task.goals)])
    planner.search = "BFWS-f5"
    planner.log_filename = str(log_file)
    planner.plan_filename = str(plan_file)
    planner.setup(True)
    planner.solve()


def _run_quietly(call: Callable[[], object], capture_to: Path) -> str:
    """Run a native planner whose C++ code prints to file descriptor 1; return what it printed."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(capture_to, "w+b") as sink:
        os.dup2(sink.fileno(), 1)
        try:
            call()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode("utf-8", "replace")


ENGINES: dict[str, tuple[Engine, str, str]] = {
    # name: (solver, module that must be importable, extra that installs it)
    "pyperplan": (solve_pyperplan, "pyperplan", ""),
    "up-pyperplan": (_solve_with_up("pyperplan"), "up_pyperplan", "up"),
    "fast-downward": (_solve_with_up("fast-downward"), "up_fast_downward", "fast-downward"),
    "lapkt-bfws": (solve_lapkt_bfws, "lapkt", "lapkt"),
}
DEFAULT_ENGINE = "pyperplan"


def get_engine(name: str) -> Engine:
    """The engine called `name`, or a one-line error naming the known ones / the missing extra."""
    if name not in ENGINES:
        raise HiveError(f"unknown planner engine '{name}'; choose one of: {', '.join(ENGINES)}")
    solver, module, extra = ENGINES[name]
    if importlib.util.find_spec(module) is None:
        raise HiveError(f"planner engine '{name}' is not installed; run: pip install 'hive-planner[{extra}]'")
    return solver
