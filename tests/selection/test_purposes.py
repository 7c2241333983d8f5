"""What a classifier's labels are about (hive/selection/purposes.py): asked by a request's words, offered by a model's
id, preferred among the admissible models."""

from __future__ import annotations

import pytest

from hive.contracts import Constraints
from hive.selection.purposes import offered_test, purpose_asked


@pytest.mark.parametrize("task, words, purpose", [
    ("text-classification", "is this review positive or negative?", "sentiment"),
    ("text-classification", "check whether it sounds positive", "sentiment"),
    ("text-classification", "which language is this tweet written in", "language"),
    ("text-classification", "which language should I learn next?", None),  # not about a given text
    ("text-classification", "is this email spam or not?", "spam"),
    ("audio-classification", "which sound is in clip.wav: dog bark or doorbell?", "sound"),
    ("audio-classification", "does the caller sound angry?", "emotion"),
    ("audio-classification", "clasify the sound in birds.wav, what animal it is", "sound"),  # a new user's: an emotion model had been picked
    ("text-classification", "label this text", None),  # nothing said of the labels
    ("text-classification", "the sentiment, and which language is this review written in?", None),  # two asked: none
    ("summarization", "is it positive?", None),  # a task without purposes
])
def test_the_words_ask_one_purpose_of_a_classification_step(task, words, purpose):
    assert purpose_asked(task, words) == purpose


def test_a_purpose_is_offered_by_the_model_s_id(selector):
    chosen = selector.select("text-classification", Constraints(purpose="sentiment", licences=["mit"]))
    assert chosen.model == "nlptown/bert-base-multilingual-uncased-sentiment" and "a sentiment classifier" in chosen.why
    assert offered_test("summarization", "sentiment") is None


def test_a_classifier_is_chosen_for_what_the_request_asks_it_to_tell(planner):
    """An MIT-only sentiment check had picked the most used MIT classifier: a language identifier."""
    result = planner.plan("Write a product description for a bamboo toothbrush, then check whether it sounds positive. "
                          "The classifier must be MIT licensed.")
    classifier = next(t for t in result.tasks if t.task == "text-classification")
    assert classifier.model == "nlptown/bert-base-multilingual-uncased-sentiment"
    assert "preferred as the kind of classifier the request asks for" in classifier.why


def test_a_purpose_no_admissible_model_offers_is_a_warning_not_an_empty_step(planner):
    result = planner.plan("Is this email spam or not? 'Congratulations, you won a free cruise, click here'. Use an MIT-licensed classifier.")
    assert result.tasks[0].model is not None
    assert any("no admissible model is a spam classifier by its name" in w for w in result.warnings)
