"""A request written as a JSON object is read as lines of words (hive/understanding/config_request.py)."""

from __future__ import annotations

import pytest

from hive.understanding.config_request import config_as_lines

CONFIG = """{
  "input": "note_07.jpg",        // handwritten, in English
  "steps": ["read the handwriting", "fix spelling and grammar", "read it aloud"],
  "limits": {
    "fix":   {"max_params": "250M"},
    "speak": {"rank": "most_liked"},
  }
}"""


def test_a_json_object_written_by_hand_is_read_as_lines_of_words():
    lines, notes = config_as_lines(CONFIG)
    assert lines.splitlines() == ["input: note_07.jpg", "steps:", "- read the handwriting", "- fix spelling and grammar",
                                  "- read it aloud", "limits:", "  fix: max params 250M", "  speak: rank most liked"]
    assert notes and "JSON object" in notes[0]


@pytest.mark.parametrize("query", ["{not json at all}", "{}", "Summarise {this} please", '["a", "b"]'])
def test_anything_but_a_json_object_stays_as_written(query):
    assert config_as_lines(query) == (query, [])


def test_the_steps_and_limits_of_a_json_request_are_planned(planner):
    result = planner.plan(CONFIG)
    assert [t.task for t in result.tasks] == ["image-to-text", "text2text-generation", "text-to-speech"]
    assert result.constraints["per_task"]["text2text-generation"] == {"max_parameters": 250_000_000}
    assert result.constraints["per_task"]["text-to-speech"] == {"rank_by": "likes"}
