"""The library's task names as people write them (hive/understanding/task_names.py)."""

from __future__ import annotations


def test_a_model_seeking_question_asks_for_the_task_its_model_noun_names(planner):
    result = planner.plan("Greek audio clip (news_gr.mp3) — which speech recognition model scores the lowest WER on "
                          "Common Voice Greek? Go with it.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    # the step named outright binds it ("which speech recognition model"), not the steps a plan may add to reach it
    assert result.constraints["per_task"]["automatic-speech-recognition"]["best_on"]["metric"] == "wer"
