"""The library's task names as people write them (hive/understanding/task_names.py)."""

from __future__ import annotations

import pytest

from hive.understanding.task_names import opens_with_task_name


def test_a_model_seeking_question_asks_for_the_task_its_model_noun_names(planner):
    result = planner.plan("Greek audio clip (news_gr.mp3) — which speech recognition model scores the lowest WER on "
                          "Common Voice Greek? Go with it.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    # the step named outright binds it ("which speech recognition model"), not the steps a plan may add to reach it
    assert result.constraints["per_task"]["automatic-speech-recognition"]["best_on"]["metric"] == "wer"


@pytest.mark.parametrize("clause, opens", [
    ("then text-to-image from the caption", True),
    ("-> t2i", True),
    ("tableqa on ______________", True),
    ("and ASR ____________", True),
    ("QA lead for the phone lines", False),
    ("and record each translation as audio", False),
])
def test_a_clause_opens_with_a_task_only_where_the_name_is_followed_by_what_it_works_on(clause, opens):
    assert opens_with_task_name(clause) is opens
