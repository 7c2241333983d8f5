"""Misspelt words mended before a clause is read (hive/understanding/spelling.py)."""

from __future__ import annotations

import pytest

from hive.understanding.spelling import mended


@pytest.mark.parametrize("text, expected", [
    ("pls sumarize this artcle for my class", "pls summarize this article for my class"),  # a letter left out
    ("transcibe it, then captoin ./photo.jpg", "transcribe it, then caption ./photo.jpg"),  # left out; two swapped
    ("a poem about a beard and a flame", "a poem about a beard and a flame"),  # English words the requests rarely use
    ("write about the bakers", "write about the bakers"),  # a known word with an ending added
    ("Summarise ./data/sumarize.txt for Priya", "Summarise ./data/sumarize.txt for Priya"),  # paths and names as written
])
def test_a_misspelt_word_becomes_the_common_word_one_edit_away(text, expected):
    assert mended(text) == expected


def test_a_misspelt_task_word_is_read_as_its_task(planner):
    result = planner.plan("pls sumarize this artcle for my class, its due in 20 min!!\n\nThe council voted on Tuesday to "
                          "close two libraries, citing a budget gap. Residents argued the closures would hit students hardest.")
    assert [t.pipeline_tag for t in result.tasks] == ["summarization"]
