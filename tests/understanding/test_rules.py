"""The rule-based understander's domain choice (hive/understanding/rules.py)."""

from __future__ import annotations


def test_domains_cover_the_goals_and_the_conversions_they_need(planner):
    result = planner.plan("Summarise ./talk.wav and draw a picture of the summary")
    assert result.domains == ["summarisation", "audio", "image-generation"]
    assert [(t.task, t.requested) for t in result.tasks] == [
        ("automatic-speech-recognition", False), ("summarization", True), ("text-to-image", True)
    ]
