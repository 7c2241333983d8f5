"""The library's task names as people write them (hive/understanding/task_names.py)."""

from __future__ import annotations

import pytest

from hive.understanding.task_names import opens_with_task_name, task_acting_in, task_asked_by_name


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


@pytest.mark.parametrize("clause, task", [
    ("LM writes a prompt from the user's theme,", "text-generation"),
    ("then an LM turns the list of detections into a note", "text-generation"),
    (" t2i renders it,", "text-to-image"),
    ("MT translates it", "translation"),
    ("ASR models under 300M", None),  # a plural noun, not a verb
    ("the ASR needs `es` in its language list", None),
    ("QA lead for the phone lines", None),
])
def test_a_model_named_as_the_subject_of_what_it_does_names_its_task(clause, task):
    assert task_acting_in(clause) == task


def test_a_step_done_by_a_model_named_as_its_subject_is_asked(planner):
    """'an LM turns the list of detections into a restock note' had been dropped, and 'OD' read as captioning."""
    result = planner.plan("OD on shelf_cam.jpg, then an LM turns the list of detections into a restock note for staff.")
    assert [(t.task, t.dep) for t in result.tasks] == [("object-detection", []), ("text-generation", [0])]


@pytest.mark.parametrize("clause, task", [
    (" TTS it.", "text-to-speech"),
    ("then STT.", "automatic-speech-recognition"),
    (" MT it to Vietnamese,", "translation"),
    (" we STT it,", "automatic-speech-recognition"),
    ("ASR: lowest WER on LibriSpeech", None),  # a name before a colon states a constraint
    ("TTS voices under 100M", None),
])
def test_a_task_asked_by_its_name_alone_is_read(clause, task):
    assert task_asked_by_name(clause) == task


def test_steps_listed_by_their_names_alone_are_each_asked(planner):
    """'MT it to Vietnamese, TTS it.' had been read as one clause (the detector joined the weak 'TTS it'), and 'then STT'
    as part of the enhancement clause: a step each was lost."""
    result = planner.plan("DocQA on the scanned warranty (warranty_scan.png): what's covered? then rewrite the answer in "
                          "plain language, MT it to Vietnamese, TTS it.")
    assert [t.task for t in result.tasks][-2:] == ["translation", "text-to-speech"]
    result = planner.plan("field recordings are noisy, so: enhancement pass, then STT. file: site_visit_07.wav.")
    assert [(t.task, t.dep) for t in result.tasks] == [("audio-to-audio", []), ("automatic-speech-recognition", [0])]


def test_a_name_heading_a_list_of_limits_asks_for_nothing(planner):
    """'MT + summarizer: <= 6e8 params each' names the steps its limit binds: 'MT' had been read as a second translation."""
    result = planner.plan("OCR manual_p12.png, MT the text to English, then summarize it. OCR: most liked; MT + summarizer: "
                          "<= 6e8 params each.")
    assert [t.task for t in result.tasks] == ["image-to-text", "translation", "summarization"]
    assert task_asked_by_name(" MT", " + summarizer: <= 6e8 params each.") is None


def test_a_task_name_before_a_language_pair_asks_for_it(planner):
    """'-> MT en->zh': the translation had been lost once 'MT' was no longer read as Maltese."""
    result = planner.plan("wav in (lecture_07.wav) -> STT -> MT en->zh. `zh` in the MT card's language list; everything "
                          "apache-2.0.")
    assert [(t.task, t.language, t.dep) for t in result.tasks] == [("automatic-speech-recognition", None, []),
                                                                    ("translation", "Chinese", [0])]
