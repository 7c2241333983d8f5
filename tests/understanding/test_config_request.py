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


def test_identifier_keys_and_values_of_key_lines_read_as_words():
    query = "rules:\n  forbidden_licenses: [cc-by-nc-4.0]\nstep_b.max_params: 20M\n  speak:\n    choose: most_liked"
    lines, notes = config_as_lines(query)
    assert lines == "rules:\n  forbidden licenses: [cc-by-nc-4.0]\nstep b max params: 20M\n  speak:\n    choose: most liked"
    assert len(lines) == len(query) and notes == []


def test_a_file_name_opening_a_line_keeps_its_dots_and_underscores():
    assert config_as_lines("notes_q3.txt: summarise it") == ("notes_q3.txt: summarise it", [])


def test_limits_under_identifier_keys_are_applied(planner):
    result = planner.plan("pipeline:\n  - transcribe: interview_es.wav\nrules:\n  everywhere:\n"
                          "    forbidden_licenses: [cc-by-nc-4.0, cc-by-nc-sa-4.0]")
    assert result.constraints["global"]["deny_licences"] == ["cc-by-nc-4.0", "cc-by-nc-sa-4.0"]
    assert "licences" not in result.constraints["global"]
