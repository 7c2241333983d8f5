"""Work a request names without asking for it (hive/understanding/not_asked.py): the clause tests, then the planner."""

import pytest

from hive.pipeline import Planner
from hive.understanding.not_asked import done_clauses, refusing_clauses


def _flagged(test, text: str, word: str) -> bool:
    start = text.index(word)
    return bool(test(text, start, start + len(word)))


@pytest.mark.parametrize("text, word", [
    ("This is not a captioning job, the photos already have titles", "captioning"),
    ("Not needed: subtitles (the client burns them in) and any voice-over.", "voice-over"),
    ("Object detection is out of scope for this ticket", "detection"),
    ("The summary isn't wanted, only the keywords", "summary"),
    ("We are not asking you to translate it.", "translate"),
    ("no captioning please", "captioning"),
])
def test_refusals_are_read(text, word):
    assert _flagged(refusing_clauses, text, word)


@pytest.mark.parametrize("text, word", [
    ("If the letter is not in English, translate it.", "translate"),  # a condition asks
    ("Don't forget to summarise it.", "summarise"),  # a reminder asks
    ("Not only translate it but also read it aloud", "translate"),
    ("Translate it, I am not asking for a summary.", "Translate"),  # the refusal is another clause's
    ("I do not know much German, so translate it for me", "translate"),  # a content word ends the refusal's reach
])
def test_asks_that_only_sit_near_a_negation_are_kept(text, word):
    assert not _flagged(refusing_clauses, text, word)


@pytest.mark.parametrize("text, word", [
    ("The echo removal happened yesterday in the studio.", "echo"),
    ("Speaker separation is done already.", "Speaker"),
    ("the intro is voiced by me, in my own studio", "voiced"),
    ("the call centre software already transcribed it:", "transcribed"),
    ("the German pages go to a colleague who translates them", "translates"),
    ("Caption the photo -- no wait, scratch that, just tag the objects", "Caption"),
])
def test_work_done_or_taken_back_is_read(text, word):
    assert _flagged(done_clauses, text, word)


def test_work_done_is_read_anywhere_in_a_clause_of_a_span_read_whole():
    text = "The Welsh edition of my novel is narrated by me, in my own voice. For the Irish edition"
    assert done_clauses(text, 0, len(text)) == [(0, text.index("."))]
    assert done_clauses("Our agency in Lyon handles the French copy. Write the ad.", 0, 43)
    assert not done_clauses("Transcribe the talk recorded by me", 0, len("Transcribe"))  # a cue word anchors the work
    proofread = "The draft translation; our in-house editors proofread it afterwards. Then"
    assert done_clauses(proofread, 0, len(proofread))
    needs = "The draft translation; our in-house team needs a summary of it. Then"
    assert not done_clauses(needs, 0, len(needs))


@pytest.mark.parametrize("text, word", [
    ("Translate it, the summary is done already", "Translate"),  # the other clause's work is done
    ("I already recorded the talk, please transcribe it", "transcribe"),
    ("Please get the interview transcribed", "transcribed"),
])
def test_asks_beside_work_done_are_kept(text, word):
    assert not _flagged(done_clauses, text, word)


def _tasks(query: str) -> list[str]:
    result = Planner(select_models=False).plan_or_error(query)
    assert result.error is None, result.error
    return [t.task for t in result.tasks]


def test_a_step_refused_is_not_planned():
    assert _tasks("This isn't a translation job, the notes are in English. Summarise ./notes.txt in three lines.") == ["summarization"]


def test_a_step_out_of_scope_is_not_planned():
    assert _tasks("Out of scope: depth maps. Detect the parked cars in ./yard.jpg.") == ["object-detection"]


def test_work_done_already_is_not_planned():
    assert _tasks("Noise reduction happened in the studio. Transcribe ./session.wav.") == ["automatic-speech-recognition"]


def test_a_request_taken_back_is_replaced_by_the_next_one():
    assert _tasks("Summarise ./essay.txt -- no, scrap that, rewrite it in simpler words instead.") == ["text2text-generation"]


def test_work_narrated_by_the_person_is_no_step_beside_the_one_asked():
    assert _tasks("The English audiobook of my novel is narrated by me, in my own voice. For the Dutch edition, though: "
                  "translate ./chapter1.txt into Dutch, then produce a Dutch read-aloud of the translation.") == ["translation", "text-to-speech"]


@pytest.mark.parametrize("text, word", [
    ("Translate it once the editing is done", "Translate"),  # a condition, not work done
    ("and also tell me how many patients are over 65", "tell"),
    ("Tell me which department should handle it", "Tell"),
])
def test_words_that_only_look_like_work_done_are_asks(text, word):
    assert not _flagged(done_clauses, text, word) and not done_clauses(text, 0, len(text))


@pytest.mark.parametrize("text, word, refused", [
    ("Summarise the report without translating it", "translating", True),
    ("My daughter won't sleep without a story, so write one", "story", False),
    ("keep that licence away from the drawing -- not for the illustration, please", "illustration", False),
])
def test_without_refuses_a_gerund_and_not_for_scopes_a_limit(text, word, refused):
    assert _flagged(refusing_clauses, text, word) == refused


def test_a_team_named_beside_the_work_is_not_its_doer():
    text = "Please (1) tag any personal names or team names in it so we can redact them"
    start = text.index("names in it")
    assert not done_clauses(text, start, start + len("names in it"))


def test_work_done_before_does_not_swallow_the_same_work_asked_after_it():
    """The done transcription had taken the asked one as its restatement, and both were dropped (dev24)."""
    result = Planner(select_models=False).plan_or_error(
        "The paper forms were transcribed by hand last year. For each interview (./interviews/*.wav) the pipeline will "
        "(a) transcribe the recording with a recogniser that supports Spanish; (b) summarise the transcript.")
    assert result.error is None, result.error
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization"]
    assert result.tasks[0].requested  # asked for, not a bridge the planner added


def test_on_second_thought_takes_a_step_back():
    assert _flagged(done_clauses, "Translate the menu -- on second thought, just read it aloud", "Translate")


def test_a_question_with_does_names_no_doer():
    question = "Who does the invoice name as the buyer? Answer from ./invoice.png"
    assert not done_clauses(question, 0, len(question))
