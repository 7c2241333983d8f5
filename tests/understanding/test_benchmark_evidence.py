"""A benchmark the request names is evidence of its task (hive/understanding/benchmark_evidence.py)."""

from __future__ import annotations


def test_a_benchmark_only_another_reading_of_the_step_reports_decides_its_task(planner):
    """Labels offered read as zero-shot classification, but only fixed-label classifiers report results on beans."""
    query = "my bean plant leaves (./leaf.jpg) look weird, diseased or healthy? use the classifier with best accuracy on the beans dataset"
    step = planner.plan(query).tasks[0]
    assert step.task == "image-classification" and step.model is not None and "beans" in step.why
    assert type(planner)(select_models=False).plan(query).tasks[0].task == "zero-shot-image-classification"  # no graph, no evidence
