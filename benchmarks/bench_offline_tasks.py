"""Offline tasks on the shipped examples: for each task with offline weights, one request planned and run
with no hub access, by one executor (as a batch would: a model loads at its first step and its workers keep it);
the step's time and what it produced.
Prints a Markdown table of all library tasks for docs/offline.md (tasks without offline weights say "needs the hub").

Usage: python benchmarks/bench_offline_tasks.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from hive.errors import HiveError
from hive.execution.executor import Executor
from hive.execution.offline import offline_models
from hive.pipeline import Planner
from hive.planning.library import load_library

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
REQUESTS = {
    "automatic-speech-recognition": f"Transcribe {EXAMPLES / 'meeting.wav'}",
    "token-classification": f"Find the named entities in {EXAMPLES / 'article.txt'}",
    "text-to-speech": "Say 'The library opens at nine on Monday.' out loud",
    "sentence-similarity": "How similar are 'The cat sat on the mat.' and 'A cat was sitting on the rug.'?",
    "image-classification": f"Classify {EXAMPLES / 'traffic-light.png'}",
    "summarization": f"Summarise {EXAMPLES / 'article.txt'}",
    "question-answering": f"Answer from {EXAMPLES / 'article.txt'}: how many seats does the reading room have?",
    "text-generation": "Continue this story: 'The last train left the station at midnight'",
    "zero-shot-classification": f"Is {EXAMPLES / 'article.txt'} about sports, politics or culture?",
    "translation": f"Translate {EXAMPLES / 'article.txt'} into French",
    "text-classification": "Is this review positive or negative: 'The soup was cold and the waiter was rude.'",
    "conversational": "Chat with me: can you suggest a name for my shy black cat?",
    "table-question-answering": f"In {EXAMPLES / 'sales.csv'}, which region sold the most units in March?",
    "text2text-generation": "Rewrite this sentence in plain English: 'The meeting was postponed owing to the indisposition of the manager.'",
    "fill-mask": "Fill the mask: Paris is the [MASK] of France.",
    "image-to-text": f"Read the text in {EXAMPLES / 'scanned-page.png'}",
    "document-question-answering": f"In {EXAMPLES / 'scanned-page.png'}, how many members answered the survey?",
}


def main() -> None:
    planner = Planner()
    offline = {task: model for (model, task), entry in offline_models().items() if not entry.missing_packages()}
    measured: dict[str, str] = {}
    with Executor(planner.selector.graph, timeout=600) as executor, tempfile.TemporaryDirectory() as runs:
        for task, request in REQUESTS.items():
            plan = planner.plan(request)
            step = next((s for s in plan.tasks if s.task == task), None)
            if step is None or task not in offline:
                measured[task] = f"not run: the plan is {[s.task for s in plan.tasks]}" if step is None else "weights not installed here"
                print(f"{task}: {measured[task]}", file=sys.stderr)
                continue
            started = time.perf_counter()
            try:
                record = executor.run(plan, Path(runs))
                entry = record.steps[step.id]
                measured[task] = f"{entry.seconds:.1f} s ({entry.status}{': ' + entry.error if entry.error else ''})"
                print(f"{task}: {measured[task]}; {time.perf_counter() - started:.1f} s wall; {entry.preview[:90]!r}", file=sys.stderr)
            except HiveError as exc:
                measured[task] = f"refused: {exc}"
    models = {task: model for (model, task) in offline_models()}
    print("| task | offline model | measured here (one request; a model's first step includes its load) |\n|---|---|---|")
    for task in sorted(load_library().actions):
        print(f"| {task} | {'`' + models[task] + '`' if task in models else 'needs the hub'} | {measured.get(task, '—')} |")


if __name__ == "__main__":
    main()
