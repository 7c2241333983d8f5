"""Requests that say nothing is to be done (hive/understanding/no_action.py)."""

from __future__ import annotations

import pytest

from hive.errors import NothingToPlan
from hive.understanding.no_action import nothing_asked

FORWARDED = "Dear team,\n\nPlease translate the attached brochure into French by Friday.\n\nThanks,\nHelen"


@pytest.mark.parametrize("query", [
    f"fyi, this is what they sent us this morning. Nothing to do yet, I'll brief you tomorrow.\n\n{FORWARDED}",
    f"Forwarding for the record. Legal already handled it, no action needed.\n\n{FORWARDED}",
    "| Item | Qty |\n|---|---|\n| Chairs | 40 |\n| Tables | 8 |\n\nThat's the final equipment list, for your records.",
    f"Closing this ticket: the client signed off on the translation. No further action needed.\n\n{FORWARDED}",
    f"Board minutes below. No open actions.\n\n{FORWARDED}",
    f"Already handled by legal, nothing left to do here.\n\n{FORWARDED}",
])
def test_a_request_that_says_nothing_is_to_be_done_plans_nothing(planner, query):
    with pytest.raises(NothingToPlan, match="asks for no task"):
        planner.plan(query)


@pytest.mark.parametrize("query", [
    "FYI, please summarise notes.txt",  # the statement's own sentence asks
    "For your information: translate notes.txt into French",
    "No action needed on a.txt, but summarise b.txt",  # a 'but' after it asks
    "Transcribe a.wav for my records",
])
def test_a_statement_beside_an_ask_leaves_the_ask(planner, query):
    assert planner.plan(query).tasks


def test_the_words_that_said_it_are_named():
    assert nothing_asked("Just so you know, the report is attached.", lambda text: False) == "Just so you know"
    assert nothing_asked("Just so you know, the report is attached.", lambda text: "report" in text) is None


def test_a_statement_inside_an_indented_paste_is_not_the_person_s(planner):
    """The vendor's indented e-mail said 'FYI' and had made the request plan nothing; its licence and its file name
    are the vendor's too."""
    result = planner.plan("Vendor sent this along with the scan:\n\n  Hi team, invoice attached as inv_2291.png. Please pay "
                          "within 30 days. FYI our platform is licensed under GPL-3.0.\n\nWhat's the total amount due on "
                          "inv_2291.png? MIT only.")
    assert [step.task for step in result.tasks] == ["document-question-answering"]
    assert result.constraints["global"] == {"licences": ["mit"]}
    assert result.parsed.input_texts[0].startswith("Hi team, invoice attached")
