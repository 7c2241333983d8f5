"""Misspelt words mended before a clause is read (hive/understanding/spelling.py)."""

from __future__ import annotations

import pytest

from hive.understanding.spelling import mended, mended_limit_words


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


def test_misspelt_limit_words_are_mended_before_the_constraints_are_read(planner):
    """The constraint vocabulary reads the request as written: 'apache liscence' and '10k downlaods' had been no limits."""
    result = planner.plan("transcribe a.wav with an apache liscence model that has 10k downlaods")
    assert result.constraints == {"global": {"licences": ["apache-2.0"], "min_downloads": 10_000}}
    assert "'liscence' was read as 'licence'" in result.warnings and "'downlaods' was read as 'downloads'" in result.warnings


def test_only_limit_words_outside_quotes_are_mended_first():
    assert mended_limit_words("the smalest model, and sumarize it")[0] == "the smallest model, and sumarize it"
    assert mended_limit_words("Translate this: 'the smalest house in the street'") == ("Translate this: 'the smalest house in the street'", [])
