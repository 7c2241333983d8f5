"""An output is checked before its step is called done: empty, refused, unshortened or untranslated answers fail."""

from __future__ import annotations

import pytest

from hive.execution.output_checks import output_problem

ARTICLE = ("The town library will open a new reading room on Monday. The room has forty seats, free wifi and a "
           "shelf of local history books donated by residents. Opening hours are nine to six on weekdays.")


@pytest.mark.parametrize("task, arguments, value, language, problem", [
    ("summarization", {"text": ARTICLE}, {"summary_text": ARTICLE}, None, "not shorter than its input"),
    ("summarization", {"text": ARTICLE}, {"summary_text": "A new reading room opens on Monday."}, None, None),
    ("summarization", {"text": "Short note."}, {"summary_text": "Short note."}, None, None),  # nothing to shorten
    ("conversational", {"text": "hi"}, {"generated_text": "I'm sorry, but I can't assist with that."}, None, "declined"),
    ("text-generation", {"text": "x"}, {"generated_text": "As an AI language model, I do not write poems."}, None, "declined"),
    ("conversational", {"text": "my cat is ill"}, {"generated_text": "I'm sorry to hear that! Is she eating?"}, None, None),
    ("question-answering", {"context": "c", "question": "q"}, {"answer": "  "}, None, "empty answer"),
    ("translation", {"text": "Good morning to you and your family."}, {"translation_text": "Good morning to you and your family."},
     "French", "untranslated"),
    ("translation", {"text": "The library opens at nine on Monday."},
     {"translation_text": "The library opens at nine on Monday and it is free."}, "German", "reads as English, not German"),
    ("translation", {"text": "The library opens at nine on Monday."},
     {"translation_text": "La bibliothèque ouvre à neuf heures le lundi et elle est gratuite."}, "French", None),
    ("translation", {"text": "Good morning."}, {"translation_text": "早上好。"}, "Chinese", None),  # a language it cannot tell: no verdict
    ("automatic-speech-recognition", {"audio": "a.wav"}, {"text": "I'm sorry, I can't help you"}, None, None),  # what was said
])
def test_outputs_that_answer_nothing_fail_with_their_reason(task, arguments, value, language, problem):
    found = output_problem(task, arguments, value, language)
    assert (found is None) if problem is None else (problem in (found or "")), found
