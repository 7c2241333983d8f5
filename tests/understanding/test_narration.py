"""Clauses that tell what happened rather than ask (hive/understanding/narration.py)."""

from __future__ import annotations

import pytest

from hive.errors import NothingToPlan
from hive.understanding.narration import asks_a_reason, narrates, qualifies_the_thing_before, tells_what_happened


@pytest.mark.parametrize("clause", [
    "and the vendor confirmed the launch is delayed",
    "we benchmarked the captioning models on Monday",
    "the OCR service was timing out under load",
    "Priya already merged the new tokenizer",
    " our old speech model went down twice last week.",
    "and kept the current one.",  # the doer said in the clause before
    "we've shipped the redesign to half the users",
    "After the outage, the team rolled back the OCR service.",
    "31 alerts reviewed, 4 escalated, one confirmed.",  # a status in notes
    "- [x] summarise each chapter",  # a ticked item
    "and we agreed that refunds need a lead's sign-off.",
    "Crane sensor firmware patched, night camera re-aimed, lidar shelved for this phase.",
    "and dot-voting picked the offline concept.",
])
def test_a_past_with_its_doer_narrates(clause):
    assert narrates(clause)


@pytest.mark.parametrize("clause", [
    "transcribe the recording",  # an ask
    "my manager asked me to translate the memo",  # an ask on someone's behalf
    "I was wondering if you could caption it",  # a polite past
    "we needed a summary of the thread",
    "did the team finish the transcript?",  # a question
    "please check what the caller wanted",  # asking words
    "the attached letter",  # no verb after the doer
    "and based on that, draw a poster",  # a participle that is no narrated past
    "they stopped answering. Who signed the memo,",  # a question joined to it
    "need a speech model for the kiosk;",  # "need" is no past
    "I've been asked to caption the photos",
    "Write the line the robot says when the hull is breached",  # a past inside an ask
    "masked LM, smallest checkpoint",  # a participle before its noun
    "Summarise recorded calls from Monday",
    "Transcribe what she said.",
    "Summarise the notes shared on Monday",
    " the product names mentioned,",  # a thing asked for, in a list
    "and then summarised for the project report.",  # a passive ask going on
    "A customer left this review: ____ Translate it",  # an ask after the pasted review
    "A customer left this review: \u7f8e\u5473\u3057\u304b\u3063\u305f\u3067\u3059\u3002 Translate it",  # after a CJK full stop
    "The retro was one long chat, so go for the summariser that scores best on SAMSum",  # an imperative after "so"
    "Our board approved MIT only, so the model has to be MIT",  # a requirement
    "We have scanned the labels, and I would like the text read off them",  # a wish
])
def test_an_ask_or_a_noun_phrase_does_not(clause):
    assert not narrates(clause)


def test_a_narrating_piece_among_remarks_tells_what_happened():
    clause = "good turnout, the demo ran long, and the vendor confirmed the launch is delayed."
    assert tells_what_happened(clause) and not narrates(clause)
    assert not tells_what_happened("good turnout, and the vendor confirmed it. Can you summarise the notes?")
    assert tells_what_happened("Sprint wrap-up: day one was framing, day two was sketches,")
    assert not tells_what_happened("Tell me what was said")


def test_a_why_question_asks_a_reason():
    assert asks_a_reason("why are we calling the translation model twice here?")
    assert not asks_a_reason("what does the speaker say in ./a.wav?")


def test_a_narrated_statement_is_no_question_to_answer(planner):
    """The statement had been read as a question to answer, and the transcription's "it" then read its answer: the
    plan failed as a transcription of text."""
    plan = planner.plan("Quick recap: good call, the demo ran long, and the sales lead confirmed the order is on hold. "
                        "The call is at ./sales_call.wav. "
                        "Please transcribe it, then summarise the transcript.")
    assert [step.task for step in plan.tasks] == ["automatic-speech-recognition", "summarization"]


@pytest.mark.parametrize("query", [
    "we evaluated the small image captioning models in the spring and kept the current one.",
    "heads up: the speech synthesis endpoint was returning clipped audio after the upgrade; infra rolled it back.",
    "why do we run the OCR model on every page twice? just curious, not blocking.",
    "our translation model rendered 'break a leg' as a medical warning again, the cast was not amused",  # with a quote
    "Away until Monday. The summarisation pilot is paused until I'm back.",  # a state
    "todo:\n- [x] transcribe the interviews\n- [x] summarise each chapter",  # a checklist whose items are done
])
def test_a_model_named_only_in_narration_asks_for_nothing(planner, query):
    with pytest.raises(NothingToPlan):
        planner.plan(query)


def test_a_model_named_in_a_terse_ask_still_asks(planner):
    assert [step.task for step in planner.plan("need an apache-2.0 summarizer, under 500M params").tasks] == ["summarization"]


def test_an_ask_by_its_verb_beside_a_narrated_reason_still_asks(planner):
    """The reason ("it has been broken for a week") had made the whole clause a narration, and nothing was planned."""
    plan = planner.plan("Draft an email to my landlord asking him to fix the boiler, it has been broken since Monday.")
    assert [step.task for step in plan.tasks] == ["text-generation"]


def test_a_task_read_very_surely_outweighs_a_narrating_opening(planner):
    """Without a sentence's end, the opening ("courier left a voicemail ...") had made the clean-up part of a narration."""
    plan = planner.plan("dispatch here courier left a voicemail from the depot (courier_vm.wav) its really noisy clean it "
                        "up first then transcribe it")
    assert [step.task for step in plan.tasks] == ["audio-to-audio", "automatic-speech-recognition"]


def test_a_participle_after_a_noun_and_a_comma_says_how_the_thing_is_wanted():
    assert qualifies_the_thing_before("(b) ___: the French comment cards,", " summed up in a few lines (keep it in French);")
    # after a clause that narrates, the same form goes on narrating
    assert not qualifies_the_thing_before("Reviewed the logs,", " fixed the parser and deployed it.")
    # no comma: the participle opens a sentence of its own
    assert not qualifies_the_thing_before("The French comment cards.", " Summed up last week by Ana.")
