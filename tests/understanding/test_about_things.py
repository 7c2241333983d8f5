"""Messages that ask about models and tasks rather than for work (hive/understanding/about_things.py), and how the
learned understander refuses them through the real planner."""

from __future__ import annotations

import json

import pytest

from hive.errors import NothingToPlan
from hive.understanding.about_things import ABOUT_THINGS, shared_about_things, training_messages
from hive.understanding.package_files import package_file


ABOUT = "Why do speech recognition models cope worse with strong accents than with background music? Just curious how they work."


def test_the_shipped_weights_tell_a_question_about_a_task_from_a_request_for_it():
    about = shared_about_things()
    assert about.probability(ABOUT) >= ABOUT_THINGS
    assert about.probability("Transcribe ./standup.wav and email me the text.") < ABOUT_THINGS


def test_a_question_about_how_models_work_is_refused_saying_why(planner):
    with pytest.raises(NothingToPlan, match="asks about models or tasks rather than for work"):
        planner.plan(ABOUT)


@pytest.mark.parametrize("query, expected", [
    # something given to work on
    ("Could you transcribe ./accent_test.wav? I'm curious how recognisers cope with strong accents.",
     ["automatic-speech-recognition"]),
    # a limit on a model required: a model search, which is HIVE's work
    ("Is there an Apache-2.0 summarisation model under 300M parameters? Just curious what exists.", ["summarization"]),
])
def test_a_question_beside_an_input_or_a_required_limit_still_plans(planner, query, expected):
    assert [t.task for t in planner.plan(query).tasks] == expected


def test_the_written_training_messages_are_labelled_both_ways():
    rows = [json.loads(line) for line in package_file("data/about-things-train.jsonl").read_text(encoding="utf-8").splitlines()]
    asking_nothing = [r for r in rows if r["type"] == "none"]
    assert asking_nothing and all(not r["tasks"] for r in asking_nothing)
    assert all(r["tasks"] for r in rows if r["type"] != "none")
    messages, targets = training_messages()
    assert len(messages) == len(targets) and targets.sum() >= len(asking_nothing)


@pytest.mark.parametrize("query", ["What causes the northern lights?"])
def test_an_open_question_about_the_world_is_answered_not_refused(planner, query):
    """The whole message reads as a question about things, but it speaks of no task and no model: a
    text-generation step answers it."""
    assert shared_about_things().probability(query) >= ABOUT_THINGS
    assert [t.task for t in planner.plan(query).tasks] == ["text-generation"]


def test_a_question_about_models_beside_an_ask_adds_no_answer_step(planner):
    """The question is put to the service's people; the transcription is the work (the question had been read as
    asking for the recording's accent to be classified)."""
    query = "How well do LLMs handle accents these days? Transcribe ./accent_test.wav and I'll judge for myself."
    assert [t.task for t in planner.plan(query).tasks] == ["automatic-speech-recognition"]
