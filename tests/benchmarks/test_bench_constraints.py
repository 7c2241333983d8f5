"""The constraint benchmark's `--from-labels` mode: labelled steps and constraints go to HIVE's selection as they are.

benchmarks/bench_constraints.py is a script, so it is imported by path; the selections run on the shipped graph.
"""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_constraints.py"
spec = importlib.util.spec_from_file_location("bench_constraints_under_test", SCRIPT)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_every_labelled_kind_becomes_its_field():
    labels = [
        {"scope": "all", "kind": "licence_allow", "licences": ["mit"]},
        {"scope": "all", "kind": "licence_deny", "licences": ["copyleft"]},
        {"scope": "summarization", "kind": "max_params", "max": 300_000_000},
        {"scope": "summarization", "kind": "best_on", "metric": "rouge-1", "dataset": "samsum", "split": "test", "direction": "max"},
        {"scope": "translation", "kind": "most_downloaded"},
        {"scope": "translation", "kind": "min_downloads", "min": 1000},
        {"scope": "text-to-speech", "kind": "language", "language": "de"},
        {"scope": "text-to-speech", "kind": "smallest"},
    ]
    constraints = bench.labelled_constraints(labels)
    assert constraints.all_tasks.licences == ["mit"] and constraints.all_tasks.deny_licences == ["copyleft"]
    summariser = constraints.per_task["summarization"]
    assert summariser.max_parameters == 300_000_000
    assert (summariser.best_on.dataset, summariser.best_on.metric) == ("samsum test", "rouge-1")
    assert constraints.per_task["translation"].rank_by == "downloads" and constraints.per_task["translation"].min_downloads == 1000
    assert constraints.per_task["text-to-speech"].languages == ["de"] and constraints.per_task["text-to-speech"].smallest


def test_a_metric_without_a_dataset_is_left_out():
    constraints = bench.labelled_constraints([{"scope": "all", "kind": "best_on", "metric": "accuracy", "dataset": None}])
    assert constraints.all_tasks.best_on is None


@pytest.mark.parametrize("target, source, expected", [("es", None, "Helsinki-NLP/opus-mt-en-es"), ("en", "de", "Helsinki-NLP/opus-mt-de-en")])
def test_labelled_translation_reads_the_pipelines_languages(planner, target, source, expected):
    request = {"id": "t", "query": "", "tasks": [{"id": 0, "task": "translation", "dep": [], "target": target, "source": source}],
               "constraints": [{"scope": "all", "kind": "licence_allow", "licences": ["apache-2.0"]}]}
    step, = bench.plan_from_labels(planner, request).tasks
    assert step.model == expected


def test_an_impossible_label_leaves_the_step_without_a_model(planner):
    request = {"id": "t", "query": "", "tasks": [{"id": 0, "task": "automatic-speech-recognition", "dep": []}],
               "constraints": [{"scope": "all", "kind": "max_params", "max": 10}]}
    step, = bench.plan_from_labels(planner, request).tasks
    assert step.model is None and step.unsatisfiable
