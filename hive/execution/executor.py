"""Run a plan: stage by stage, independent steps in parallel, each step's snippet in a worker process.

A step whose input step failed is skipped; the others go on. The run is written into a hidden
staging directory and renamed into place at the end, so a crash never leaves a run that looks
complete.
"""

from __future__ import annotations

import json
import os
import shutil
import string
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable

from pyoxigraph import Literal

from hive.contracts import PlanResult, TaskStep
from hive.errors import HiveError
from hive.execution.inputs import check_input_file
from hive.execution.offline import OfflineModel, offline_models
from hive.execution.output_checks import output_problem
from hive.files import remove_abandoned
from hive.execution.sandbox import checked_bwrap, sandbox_wanted
from hive.execution.values import as_input
from hive.execution.worker import WorkerPool
from hive.kg.access import GraphAccess
from hive.kg.schema import PREFIX
from hive.kg.snippet_templates import TemplateWriter
from hive.planning.library import load_library
from hive.execution.mapping import map_arguments
from hive.snippet_policy import Signature, SnippetRejected, check_snippet, input_names, option_names
from hive.understanding.inputs import EXAMPLE_FILE

RESOURCE = "<resource-"


@dataclass
class StepRecord:
    id: int
    task: str
    model: str | None
    status: str = "pending"  # done | failed | skipped | pending
    snippet_source: str = ""
    arguments: dict = field(default_factory=dict)
    code: str = ""
    output: str | None = None
    preview: str = ""
    error: str | None = None
    seconds: float = 0.0
    cached_model: bool = False  # the worker reused a model an earlier step had loaded
    fresh_worker: bool = False  # out of memory beside earlier steps' models, the step ran again in a fresh worker


@dataclass
class RunRecord:
    id: str
    query: str
    status: str
    directory: str
    steps: list[StepRecord]
    started: float
    seconds: float = 0.0
    answer: str = ""

    def to_json(self) -> dict:
        return asdict(self)


class Executor:
    """Executes plans against one knowledge graph's snippets; its workers (and their model caches)
    live until `close()`, so a batch reuses models across runs."""

    def __init__(self, graph: GraphAccess, timeout: float = 300.0, memory_mb: int | None = 6144,
                 parallel: int = 2, allow_hub: bool = False, phrase: Callable[[str], str] | None = None) -> None:
        self.graph, self.timeout, self.parallel, self.allow_hub = graph, timeout, parallel, allow_hub
        self.phrase = phrase
        self.device = detect_device()
        self.memory_bytes = memory_mb * 2**20 if memory_mb else None
        self.pool = WorkerPool(size=parallel, memory_bytes=self.memory_bytes, network=allow_hub)
        self.inputs_of = {a.name: a.inputs for a in load_library().actions.values()}

    # -- before anything runs -----------------------------------------------------------------------

    def check(self, plan: PlanResult) -> None:
        """Refuse a plan that cannot run: a step without a model, a missing or unreadable input file, no
        sandbox for the snippets (unless isolation is turned off)."""
        if sandbox_wanted():
            checked_bwrap()
        for step in plan.tasks:
            if step.model is None:
                raise HiveError(f"nothing was run: step {step.id} ({step.task}) has no model — {step.why}")
            if (offline := _installed_offline(step)) is not None:
                offline.verify_weights()
        for resource in plan.explanation.inputs if plan.explanation else []:
            read = any(resource.value == v for s in plan.tasks for v in s.args.values())
            if resource.kind == "unnamed" and read:
                raise HiveError(f"nothing was run: the request names no {resource.modalities[0]} for the plan to read; "
                                f"name the file in the request (e.g. {EXAMPLE_FILE[resource.modalities[0]]})")
            if resource.kind == "file" and read:
                check_input_file(Path(str(resource.value)), resource.modalities[0])

    def check_offline(self, plan: PlanResult) -> None:
        """Without --allow-hub, refuse a plan with a step whose model has no offline weights installed, before
        any step runs: which step, why, and what would make it run."""
        if self.allow_hub:
            return
        for step in plan.tasks:
            if _installed_offline(step) is not None:
                continue
            if (offline := offline_models().get((step.model or "", step.task))) is not None:
                fix = f"install its weights ({offline.install_hint()})"
            elif any(task == step.task and not m.missing_packages() for (_id, task), m in offline_models().items()):
                fix = "choose the installed offline model with --local-only"
            else:
                fix = f"no offline model for {step.task} ships with HIVE"
            raise HiveError(f"nothing was run: step {step.id} ({step.task}) needs {step.model}, which has no offline weights "
                            f"here; {fix}, or pass --allow-hub to download it")

    def snippet_for(self, step: TaskStep) -> tuple[str, str]:
        """(checked code, where it came from): the offline snippet when its packages are installed, else
        the graph's snippet for the model, else — missing, or refused by the policy — the task's template."""
        signature = Signature(tuple(p[1:] for p, _m in self.inputs_of[step.task]), step.model or "")
        if (offline := _installed_offline(step)) is not None:
            check_snippet(offline.code(), signature)
            return offline.code(), offline.source()
        if not self.allow_hub:
            offline = offline_models().get((step.model or "", step.task))
            hint = offline.install_hint() if offline else "choose a model with --local-only"
            raise SnippetRejected(f"{step.model} has no offline weights here and would be fetched from the hub ({hint}, or pass --allow-hub)")
        rows = self.graph.select(
            PREFIX + f"SELECT ?code ?fallback WHERE {{ ?m dcterms:identifier {Literal(step.model)} ; hive:execution ?s . "
            "?s hive:code ?code ; hive:fallback ?fallback }"
        )
        problem = "the knowledge graph holds no snippet for it"
        if rows:
            code = str(rows[0]["code"])
            try:
                check_snippet(code, signature, exact_inputs=False)  # other input names are mapped by similarity
                return code, "task fallback snippet" if rows[0]["fallback"] else "the model's snippet"
            except SnippetRejected as exc:
                problem = f"its snippet was refused: {exc}"
        return self._task_template(step), f"task fallback snippet ({problem})"

    @staticmethod
    def _task_template(step: TaskStep) -> str:
        return TemplateWriter().fallback(step.model or "", step.task).code

    # -- the run ------------------------------------------------------------------------------------

    def run(self, plan: PlanResult, runs_dir: Path, run_id: str | None = None, deadline: float | None = None,
            progress: Callable[[RunRecord], None] | None = None) -> RunRecord:
        """Run `plan` into `runs_dir/<run_id>`. `deadline` (a `time.time()`) bounds the whole run: a step
        gets at most the time left; `progress` sees the record after every step."""
        self.check(plan)
        self.check_offline(plan)
        run_id = run_id or time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        runs_dir.mkdir(parents=True, exist_ok=True)
        remove_dead_staging(runs_dir)
        staging = runs_dir / f".{run_id}.{os.getpid()}.tmp"
        (staging / "outputs").mkdir(parents=True)
        record = RunRecord(run_id, plan.query, "running", str(runs_dir / run_id),
                           [StepRecord(s.id, s.task, s.model) for s in plan.tasks], time.time())
        try:
            inputs = self._copy_inputs(plan, staging)
            outputs: dict[int, object] = {}
            for stage in sorted({s.stage for s in plan.tasks}):
                steps = [s for s in plan.tasks if s.stage == stage]
                with ThreadPoolExecutor(max_workers=self.parallel) as pool:
                    for step, value in zip(steps, pool.map(lambda s: self._step(s, record, inputs, outputs, staging, deadline), steps)):
                        if value is not None:
                            outputs[step.id] = value
                        if progress is not None:
                            progress(record)
            record.status = "complete" if all(s.status == "done" for s in record.steps) else (
                "partial" if any(s.status == "done" for s in record.steps) else "failed")
            record.seconds = round(time.time() - record.started, 3)
            record.answer = final_answer(record, self.phrase)
            from hive.execution.report import write_reports

            write_reports(plan, record, staging)
            (staging / "manifest.json").write_text(json.dumps(record.to_json(), indent=2, default=str), encoding="utf-8")
            staging.rename(runs_dir / run_id)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return record

    def _copy_inputs(self, plan: PlanResult, staging: Path) -> dict[str, str]:
        """User files referenced by the plan, copied into the run; value -> path inside the run."""
        copied: dict[str, str] = {}
        for resource in plan.explanation.inputs if plan.explanation else []:
            if resource.kind == "file" and any(resource.value == v for s in plan.tasks for v in s.args.values()):
                target = staging / "inputs" / Path(str(resource.value)).name
                target.parent.mkdir(exist_ok=True)
                shutil.copyfile(str(resource.value), target)
                copied[str(resource.value)] = str(target.resolve())
        return copied

    def _step(self, step: TaskStep, record: RunRecord, inputs: dict[str, str], outputs: dict[int, object], staging: Path,
              deadline: float | None = None):
        entry = record.steps[step.id]
        failed_deps = [d for d in step.dep if record.steps[d].status != "done"]
        if failed_deps:
            entry.status, entry.error = "skipped", f"its input step(s) {failed_deps} did not produce output"
            return None
        time_left = self.timeout if deadline is None else min(self.timeout, deadline - time.time())
        if time_left <= 0:
            entry.status, entry.error = "skipped", "the run's time limit was used up before this step"
            return None
        modalities = {param[1:]: modality for param, modality in self.inputs_of[step.task]}
        arguments = {}
        for name, value in step.args.items():
            if isinstance(value, str) and value.startswith(RESOURCE):
                arguments[name] = as_input(outputs[int(value[len(RESOURCE):-1])], modalities.get(name, "text"))
            elif str(value) in inputs and modalities.get(name) == "text":
                arguments[name] = Path(inputs[str(value)]).read_text(encoding="utf-8", errors="replace")  # a text file's words
            else:
                arguments[name] = inputs.get(str(value), value)
        try:
            code, entry.snippet_source = self.snippet_for(step)
            parameters = input_names(code)
            if parameters != tuple(arguments):
                arguments, chosen = map_arguments(arguments, parameters)
                entry.snippet_source += "; arguments mapped " + ", ".join(f"{a}->{p}" for p, a in chosen.items() if a != p)
        except (SnippetRejected, HiveError) as exc:
            entry.status, entry.error = "failed", f"snippet refused: {exc}"
            return None
        arguments |= {option: getattr(step, option) for option in option_names(code) if getattr(step, option) is not None}
        arguments["device"] = self.device
        root = str(staging.resolve()) + "/"
        entry.arguments = {k: (v.replace(root, "") if isinstance(v, str) else v if isinstance(v, (int, float, list, dict)) else str(v))
                           for k, v in arguments.items()}  # paths shown relative to the run directory
        entry.code = code
        workdir = staging / "outputs" / f"step-{step.id}"
        workdir.mkdir()
        outcome = self.pool.run(code, arguments, str(workdir.resolve()), time_left, model=step.model or "",
                                output=str(workdir.resolve()), shared=str(staging.resolve()))
        entry.seconds, entry.cached_model = round(outcome.seconds, 3), outcome.cached_loads > 0
        entry.fresh_worker = outcome.fresh_retry
        if outcome.error:
            entry.status, entry.error = "failed", outcome.error
            return None
        entry.preview, entry.output = outcome.preview, str(outcome.saved.relative_to(staging.resolve()))
        if (problem := output_problem(step.task, arguments, outcome.value, step.language)) is not None:
            entry.status, entry.error = "failed", problem  # the output stays in the run for inspection
            return None
        entry.status = "done"
        return outcome.value  # media pass on as files

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _installed_offline(step: TaskStep) -> OfflineModel | None:
    """The step's model as an offline model whose packages are installed, or None."""
    offline = offline_models().get((step.model or "", step.task))
    return offline if offline is not None and not offline.missing_packages() else None


def remove_dead_staging(runs_dir: Path) -> list[Path]:
    """Remove the staging folders (`.<run>.<pid>.tmp`) of runs whose process is gone (a killed `hive run`,
    batch or server); a folder of a live process, or of an unknown form, stays. The removed ones."""
    return remove_abandoned(runs_dir.glob(".*.tmp"), lambda staging: staging.name.removesuffix(".tmp").rsplit(".", 1)[-1])


def detect_device() -> str:
    """CUDA where an NVIDIA driver is present, else the CPU."""
    return "cuda" if shutil.which("nvidia-smi") else "cpu"


def final_answer(record: RunRecord, phrase: Callable[[str], str] | None = None) -> str:
    """What the run produced, in plain words: from the template, or phrased by an LLM when one is configured."""
    done = [s for s in record.steps if s.status == "done"]
    lines = [f"Ran {len(done)} of {len(record.steps)} steps for: {record.query}"]
    lines += [f"- step {s.id} {s.task} ({s.model}): {s.preview}" for s in done]
    lines += [f"- step {s.id} {s.task}: {s.status} — {s.error}" for s in record.steps if s.status != "done"]
    summary = "\n".join(lines)
    if phrase is None:
        return summary
    prompt = string.Template(resources.files("hive.execution").joinpath("prompts", "answer.md").read_text(encoding="utf-8"))
    try:
        return phrase(prompt.substitute(query=record.query, results="\n".join(lines[1:]))).strip() + "\n\n" + summary
    except HiveError:
        return summary  # an LLM that fails now must not lose the run
