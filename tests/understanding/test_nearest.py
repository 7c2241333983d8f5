"""The labelled requests nearest a new one (hive/understanding/nearest.py): the index follows its pool."""

from __future__ import annotations

import json

from hive.understanding.nearest import NearestExamples


def test_the_index_is_rebuilt_when_the_pool_changes(tmp_path, examples, few_shot_pool):
    assert len(examples.vectors) == len(few_shot_pool) and (tmp_path / "cache").is_dir()
    again = NearestExamples(pool=examples.pool, cache=tmp_path / "cache")
    assert [e.query for e in again.nearest("a drawing of a fox", 1)] == ["Draw a red fox in the snow"]
    examples.pool.write_text(examples.pool.read_text() + json.dumps({"query": "Say hello aloud", "tasks": [
        {"task": "text-to-speech", "dep": []}]}) + "\n")
    changed = NearestExamples(pool=examples.pool, cache=tmp_path / "cache")
    assert len(changed.vectors) == len(few_shot_pool) + 1


def test_the_shipped_index_matches_the_shipped_pool():
    shipped = NearestExamples()
    from hive.understanding.nearest import INDEX, read_index

    assert read_index(INDEX, shipped.digest) is not None, "retrain: python -m hive.understanding.training examples"
