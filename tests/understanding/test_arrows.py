"""Pipelines written with arrows: each arrow's task from the kinds of data on its sides (hive/understanding/arrows.py)."""

from __future__ import annotations

import pytest

from hive.understanding.arrows import conversion_between, read_chains
from hive.understanding.learned import LearnedUnderstander, detector_cues
from hive.understanding.parsing import parse_request
from hive.understanding.rules import locate_for_tasks


def chain_tasks(query: str) -> list[list[tuple[str, str | None]]]:
    """Each chain's steps as (task, translation target) pairs."""
    understander = LearnedUnderstander()
    parsed, _ = parse_request(query)
    located = locate_for_tasks(query)
    cues = detector_cues(understander, located, understander.all_mentions(located.masked, {}))
    return [[(step.task, step.language) for step in chain.steps]
            for chain in read_chains(located, parsed, cues, understander.detector)]


def test_conversions_come_from_the_library():
    assert conversion_between("audio", "text") == "automatic-speech-recognition"
    assert conversion_between("text", "audio") == "text-to-speech"
    assert conversion_between("text", "video") == "text-to-video"  # the one action that makes video from text
    assert conversion_between("text", "text") is None  # translation, summarisation, ...: the words must say


@pytest.mark.parametrize("query, expected", [
    ("can we do russian speech -> text -> english?", [("automatic-speech-recognition", None), ("translation", "English")]),
    ("en->fr: 'Please find attached the revised contract.'", [("translation", "French")]),
    ("translate en->fr: 'Please find attached the revised contract.'", [("translation", "French")]),
    ("Japanese podcast ep3.mp3 -> English text.", [("automatic-speech-recognition", None), ("translation", "English")]),
    ("call_0091.wav → transcript → sentiment label", [("automatic-speech-recognition", None), ("text-classification", None)]),
    ("lecture.mp3 => summary please", [("automatic-speech-recognition", None), ("summarization", None)]),
    # a file in brackets beside a kind word is part of the side (the bracket had ended it)
    ("podcast tool: audio (ep12.mp3) -> transcript -> summary -> spoken summary",
     [("automatic-speech-recognition", None), ("summarization", None), ("text-to-speech", None)]),
    # a dictation is audio, and what a side's data is for ("for clinic notes") is not what it is
    ("Dictation -> text", [("automatic-speech-recognition", None)]),
    ("speech -> text for the team wiki", [("automatic-speech-recognition", None)]),
])
def test_a_chain_of_kinds_asks_for_each_conversion(query, expected):
    assert chain_tasks(query) == [expected]


def test_a_file_that_only_gets_a_new_name_is_no_step():
    assert chain_tasks("call.wav -> english text") == [[("automatic-speech-recognition", None)]]


def test_chains_of_phrases_or_of_unplannable_conversions_are_left_to_the_clauses():
    assert chain_tasks("transcribe -> summarise -> translate it") == []  # no kind of data on any side
    assert chain_tasks("swap the background -> plain white") == []
    assert chain_tasks("english speech -> german speech") == []  # no one step turns speech into speech in a language
    assert chain_tasks("price > 50 and rating >= 4") == []  # comparisons are no arrows


def test_a_chain_plans_its_steps_in_order(planner):
    result = planner.plan("can we do russian speech -> text -> english? the speech model should be small")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation"]
    assert result.tasks[1].dep == [0]
    plan = planner.plan("en->fr: 'Please find attached the revised contract.'")
    assert [t.task for t in plan.tasks] == ["translation"]


def test_a_phrase_after_a_picture_is_read_after_a_conversion_unless_a_picture_task_is_about_as_likely(planner):
    """'ner on the output' of a screenshot had been read as a question about the picture (0.03) rather than
    entities (0.54) in the text read off it."""
    result = planner.plan("ocr ./screens/err_0412.png -> ner on the output")
    assert [(t.task, t.dep) for t in result.tasks] == [("image-to-text", []), ("token-classification", [0])]
    assert [t.task for t in planner.plan("./photo.jpg -> what is the man holding?").tasks] == ["visual-question-answering"]


def test_a_language_in_brackets_beside_a_file_is_its_sides(planner):
    """'./allhands_q3.wav (English) -> transcript -> summary -> Spanish': the bracket had ended the first side, and the
    chain was lost."""
    result = planner.plan("./allhands_q3.wav (English) -> transcript -> summary -> Spanish. all of it must be OK for commercial use")
    assert [(t.task, t.language) for t in result.tasks] == [("automatic-speech-recognition", None), ("summarization", None),
                                                             ("translation", "Spanish")]


def test_a_language_pair_before_more_words_is_a_translation_and_the_words_are_read_as_usual(planner):
    """'zh→en translation and then sentiment on the English' had been read as one phrase: sentiment only (dev21)."""
    result = planner.plan("Please put this review through zh→en translation and then sentiment on the English:\n\n"
                          "这家餐厅的菜很好吃，但是服务太慢了。")
    assert [t.task for t in result.tasks] == ["translation", "text-classification"]
    assert result.tasks[1].dep == [0]


def test_a_file_named_after_a_chain_of_task_names_is_the_chains_input(planner):
    """'ASR → summarization → TTS for ./a.wav': the file had been read as the speech synthesis's input, and that step
    was dropped (it cannot read a sound)."""
    assert chain_tasks("ASR → summarization → TTS for ./a.wav") == [
        [("automatic-speech-recognition", None), ("summarization", None), ("text-to-speech", None)]]
    result = planner.plan("ASR -> summarization -> TTS on ./a.wav")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("summarization", [0]),
                                                       ("text-to-speech", [1])]
    assert result.tasks[0].args == {"audio": "./a.wav"}


@pytest.mark.parametrize("query, expected", [
    ("The new component is plain wav in, text out (16 kHz mono).", [("automatic-speech-recognition", None)]),
    ("captioner for ./a.jpg: image in, one-sentence caption out", [("image-to-text", None)]),
    ("extractive QA: question in, answer span out.", [("question-answering", None)]),
])
def test_what_goes_in_and_what_comes_out_is_a_chain(query, expected):
    assert chain_tasks(query) == [expected]


def test_words_that_only_look_like_in_and_out_are_no_chain():
    assert chain_tasks("log in, check out the dashboard and summarise ./r.txt") == []


def test_a_component_described_unsurely_is_read_when_nothing_else_asks(planner):
    """'article body in, ~3 sentence abstract out' is all the request asks: its unsure reading is the step (it had
    been refused as asking for nothing)."""
    result = planner.plan("sumz for the newsroom CMS: article body in, ~3 sentence abstract out. license: != *-nc-*")
    assert [t.task for t in result.tasks] == ["summarization"]


def test_task_acronyms_on_a_chain_s_sides_are_tasks_not_language_codes(planner):
    """'MT' is also Maltese's code and 'ASR' Asur's: 'ASR → MT into English' had been read as a chain of languages, one
    clause, and the translation lost; 'ASR -> MT -> TTS' as a chain the detector could not read."""
    assert chain_tasks("ASR -> MT -> TTS for ./a.wav") == [
        [("automatic-speech-recognition", None), ("translation", None), ("text-to-speech", None)]]
    result = planner.plan("Field interviews recorded in Spanish (./entrevistas/a.mp3). Pipeline: ASR → MT into English. "
                          "ASR stage: lang=es required. MT: no restrictions.")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("translation", [0])]


def test_a_component_whose_input_word_names_no_kind_of_the_files_given_is_left_to_the_clauses(planner):
    """'clip in, one of {...} out. sample cmd_001.wav': a clip may be a sound; read as video, it had planned a video
    classifier."""
    result = planner.plan("keyword spotting: clip in, one of {yes, no, stop, go, unknown} out. sample cmd_001.wav.")
    assert [t.task for t in result.tasks] == ["audio-classification"]


def test_an_arrow_to_a_limit_is_no_chain(planner):
    """'Disease ID -> best accuracy on the beans dataset' binds a limit to a step: read as a chain to data, it had
    swallowed the request's clauses (and 'ID' was no longer Indonesian to stop it)."""
    result = planner.plan("Field scout photo bean_leaf_07.jpg: identify the leaf disease, then write a short treatment advice "
                          "note for the farmer based on the diagnosis. Disease ID -> best accuracy on the beans dataset. "
                          "Advice note -> Apache 2.0, and no more than 7 billion parameters.")
    assert [t.task for t in result.tasks] == ["image-classification", "text-generation"]
