"""A small labelled pool and the nearest-examples index built from it, for the LLM understanders' tests."""

from __future__ import annotations

import json

import pytest

from hive.understanding.nearest import NearestExamples

POOL = [
    {"query": "Transcribe ./standup.wav and give me the gist", "tasks": [
        {"task": "automatic-speech-recognition", "dep": []}, {"task": "summarization", "dep": [0]}]},
    {"query": "Draw a red fox in the snow", "tasks": [{"task": "text-to-image", "dep": []}]},
    {"query": "Put 'good morning' into Italian", "tasks": [{"task": "translation", "dep": []}]},
    {"query": "What objects are in ./street.jpg?", "tasks": [{"task": "object-detection", "dep": []}]},
]


@pytest.fixture
def few_shot_pool() -> list[dict]:
    """The labelled requests `examples` is built from."""
    return POOL


@pytest.fixture
def examples(tmp_path, few_shot_pool):
    pool = tmp_path / "pool.jsonl"
    pool.write_text("".join(json.dumps(row | {"id": str(i), "type": "", "accept": []}) + "\n" for i, row in enumerate(few_shot_pool)))
    return NearestExamples(pool=pool, cache=tmp_path / "cache")
