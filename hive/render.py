"""Human views of plans and of the domain library (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.tree import Tree

from hive.contracts import PlanResult
from hive.planning.dag import parallel_groups
from hive.planning.library import DomainLibrary
from hive.understanding.base import UNCERTAIN

console = Console()
SHOWN_REJECTIONS = 20  # rejected models listed per step on the terminal (the plan JSON has all)


def _arg_text(value: object) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def print_plan(result: PlanResult) -> None:
    """The plan as a tree of stages; steps of one stage can run in parallel."""
    tree = Tree(f"[bold]Plan[/bold] for: {result.query}")
    by_id = {t.id: t for t in result.tasks}
    for stage, ids in enumerate(parallel_groups(result.tasks)):
        label = f"stage {stage}" + (" (parallel)" if len(ids) > 1 else "")
        branch = tree.add(f"[cyan]{label}[/cyan]")
        for step_id in ids:
            step = by_id[step_id]
            args = ", ".join(f"{k}={_arg_text(v)}" for k, v in step.args.items())
            origin = " [dim](added by the planner)[/dim]" if not step.requested else "" if step.confidence is None else (
                f" [yellow](uncertain: {step.confidence:.2f})[/yellow]" if step.confidence < UNCERTAIN
                else f" [dim](confidence {step.confidence:.2f})[/dim]")
            deps = f" [dim]after {', '.join(map(str, step.dep))}[/dim]" if step.dep else ""
            into = f" in {step.language}" if step.language else ""
            leaf = branch.add(f"[bold][{step.id}] {step.task}[/bold]({args}) -> {', '.join(step.outputs)}{into}{deps}{origin}")
            applied = result.constraints_for(step.pipeline_tag)
            if applied:
                leaf.add(f"[dim]applied: {applied}[/dim]")
            if step.model:
                leaf.add(f"model [green]{step.model}[/green]: {step.why}")
            elif step.why:
                leaf.add(f"[red]no model[/red]: {step.why}")
    console.print(tree)
    console.print(f"domains: {', '.join(result.domains)} | engine: {result.engine} | understanding: {result.understander}")
    if result.constraints:
        console.print(f"constraints read: {result.constraints}")
    for line in result.llm_lines():
        console.print(line, markup=False, highlight=False)
    for warning in result.warnings:
        console.print(f"[yellow]warning:[/yellow] {warning}")
    console.print("timings: " + ", ".join(f"{k} {v:.1f} ms" for k, v in result.timings_ms.items()))


def print_explanation(result: PlanResult) -> None:
    """Inputs, goals, the merged domain, the problem, the planner's log and each step's rejected models."""
    explanation = result.explanation
    if explanation is None:
        return
    from rich.syntax import Syntax  # pygments' lexer tables: only --explain pays for them

    console.rule("inputs")
    for resource in explanation.inputs:
        console.print(f"{resource.id}: {', '.join(resource.modalities)} = {_arg_text(resource.value)}")
    console.rule("goals (from understanding)")
    for index, goal in enumerate(explanation.goals):
        source = f"goal {goal.source}" if isinstance(goal.source, int) else (goal.source or "any input")
        uses = f", also reading {', '.join(f'goal {u}' if isinstance(u, int) else u for u in goal.uses)}" if goal.uses else ""
        readings = ", ".join(f"{task} {p:.2f}" for task, p in goal.readings.items())
        console.print(f"g{index}: {goal.task} of {source}{uses}" + (f" [dim](detector: {readings})[/dim]" if readings else ""))
    console.rule("merged domain")
    console.print(Syntax(explanation.domain_pddl, "lisp", word_wrap=True))
    console.rule("problem")
    console.print(Syntax(explanation.problem_pddl, "lisp", word_wrap=True))
    console.rule("planner log")
    for line in explanation.planner_log:
        console.print(line, markup=False, highlight=False)
    for task, rejected in explanation.rejected.items():
        console.rule(f"rejected {task} models ({len(rejected):,})")
        for model, reason in list(rejected.items())[:SHOWN_REJECTIONS]:
            console.print(f"{model}: {reason}", markup=False, highlight=False)
        if len(rejected) > SHOWN_REJECTIONS:
            console.print(f"... and {len(rejected) - SHOWN_REJECTIONS:,} more (--json lists every one)")


def print_library(library: DomainLibrary) -> None:
    table = Table("domain", "task", "reads", "writes", "bridge", "description")
    for domain in library.domains.values():
        for action in domain.actions.values():
            reads = ", ".join(f"{p[1:]}:{m}" for p, m in action.inputs)
            table.add_row(domain.name, action.name, reads, ", ".join(action.output_modalities),
                          "yes" if action.bridge else "", action.description)
    console.print(table)
