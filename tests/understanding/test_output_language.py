"""A step asked for in a language its text is not in reads a translation (hive/understanding/output_language.py)."""

from __future__ import annotations

import pytest

from hive.request import GoalSpec, InputResource
from hive.understanding.output_language import in_asked_languages

ENGLISH = "The train to Madrid leaves at nine o'clock from platform four. Please have your tickets ready."


def _flow(result) -> list[tuple[str, list[int], str | None]]:
    return [(t.task, t.dep, t.language) for t in result.tasks]


def test_a_text_read_out_in_another_language_is_translated_first(planner):
    """'read it out in Spanish' of an English text had planned a Spanish voice reading English."""
    result = planner.plan(f"Take the text below and read it out in Spanish.\n\n{ENGLISH}")
    assert _flow(result) == [("translation", [], "Spanish"), ("text-to-speech", [0], None)]


def test_a_voice_reads_the_translation_asked_beside_it(planner):
    """'Read this out in Spanish: ...' had run the translation beside the voice, which read the English text."""
    result = planner.plan('Read this out in Spanish: "The train leaves at nine from platform four."')
    assert _flow(result) == [("translation", [], "Spanish"), ("text-to-speech", [0], None)]


def test_an_english_summary_of_a_french_recording_summarises_its_translation(planner):
    result = planner.plan("The lecture in lecture3.wav is in French. Transcribe it and then give me an English summary.")
    assert _flow(result) == [("automatic-speech-recognition", [], None), ("translation", [0], "English"), ("summarization", [1], None)]


def test_a_summary_in_another_language_is_the_summary_translated(planner):
    result = planner.plan("Summarise this in Spanish: 'The city council approved the new budget on Monday, with more "
                          "money for schools and public transport.'")
    assert _flow(result) == [("summarization", [], None), ("translation", [0], "Spanish")]


def test_a_transcript_in_another_language_than_the_person_speaks_is_translated(planner):
    """A new user's grandma's Portuguese voicemail had been transcribed by an English-only model, untranslated."""
    result = planner.plan("My grandma left me a voicemail in Portuguese (voicemail.ogg) - what is she saying? I only speak English.")
    assert _flow(result) == [("automatic-speech-recognition", [], None), ("translation", [0], "English")]
    assert "satisfies language in pt" in result.tasks[0].why


@pytest.mark.parametrize("request_text, flow", [
    # the recording's language had been read as the translation's target (a new user's, eighteenth session)
    ("podcast.mp3 is in German. Summarise it for me in English.",
     [("automatic-speech-recognition", [], None), ("summarization", [0], None), ("translation", [1], "English")]),
    ("Summarise lecture_jp.wav in English, the lecture is in Japanese",
     [("automatic-speech-recognition", [], None), ("summarization", [0], None), ("translation", [1], "English")]),
    ("Summarise meeting.wav in English; the meeting was held in French.",  # "held in French" had been a translation's target
     [("automatic-speech-recognition", [], None), ("summarization", [0], None), ("translation", [1], "English")]),
    # the recording's own language asks for nothing ("in English" had added a translation back into English)
    ("I recorded myself in English (me.wav). Translate it to Spanish and read it out loud for my abuela",
     [("automatic-speech-recognition", [], None), ("translation", [0], "Spanish"), ("text-to-speech", [1], None)]),
    # a translation asked into no language of a text in another one goes into English
    ('translate this please: "Hola, me gustaría reservar una mesa para cuatro personas el sábado."', [("translation", [], "English")]),
    # the story's language had been read as the target; "into English" is the one other language named
    ("My son wrote a story in Spanish for school (cuento.txt). Can you put it into English for me?", [("translation", [], "English")]),
])
def test_translations_go_from_the_text_s_language_to_another(planner, request_text, flow):
    assert _flow(planner.plan(request_text)) == flow


@pytest.mark.parametrize("words", [
    "Read it out in Spanish",  # the text's language is not known: nothing to decide on
    "Read it out",  # no language asked
])
def test_nothing_changes_unless_both_languages_are_known(words):
    inputs = {"text0": InputResource(id="text0", modalities=["text"], value="ok", kind="inline")}
    goals = [GoalSpec(task="text-to-speech", source="text0")]
    assert in_asked_languages(goals, inputs, words) == goals


def test_a_text_already_in_the_asked_language_is_read_as_it_is():
    inputs = {"text0": InputResource(id="text0", modalities=["text"], value="El tren sale a las nueve y es para mi madre", kind="inline")}
    goals = [GoalSpec(task="text-to-speech", source="text0")]
    assert in_asked_languages(goals, inputs, "Read this out in Spanish") == goals


@pytest.mark.parametrize("request_text, flow", [
    ("podcast.mp3 is in German. Give me an English summary of it",
     [("automatic-speech-recognition", [], None), ("translation", [0], "English"), ("summarization", [1], None)]),
    (f"can u give me a quick summary of this in vietnamese? for my mom\n\n{ENGLISH}",
     [("summarization", [], None), ("translation", [0], "Vietnamese")]),
])
def test_a_result_named_with_its_language_is_that_result_not_a_translation_alone(planner, request_text, flow):
    """The detector read the one clause naming a summary and a language as a translation alone (no summary)."""
    assert _flow(planner.plan(request_text)) == flow


def test_a_clause_asking_to_translate_a_summary_stays_a_translation(planner):
    result = planner.plan(f"Summarise this. Then translate the summary in French.\n\n{ENGLISH}")
    assert _flow(result) == [("summarization", [], None), ("translation", [0], "French")]


def test_a_translation_for_someone_goes_into_the_language_they_read(planner):
    """'she only speaks Polish' had given the translation no target (only 'I speak X' was read)."""
    result = planner.plan(f"Translate this for my grandma, she only speaks Polish: '{ENGLISH}'")
    assert _flow(result) == [("translation", [], "Polish")]


def test_a_pasted_text_already_in_the_language_asked_is_read_as_it_is(planner):
    """'Read this aloud in Spanish: <Spanish>' had kept a Spanish -> Spanish translation beside the voice."""
    result = planner.plan("Read this aloud in Spanish: Buenos días a todos, la reunión empieza a las nueve.")
    assert _flow(result) == [("text-to-speech", [], None)]
    # asked outright, and read by the voice, the translation stays: the person asked for it
    result = planner.plan("Translate this to Spanish and read it aloud: Buenos días a todos, la reunión empieza a las nueve.")
    assert _flow(result) == [("translation", [], "Spanish"), ("text-to-speech", [0], None)]


def test_a_translation_of_the_request_itself_is_no_pasted_text_in_its_own_language(planner):
    """The request stands in for texts it names but does not give ("incoming support emails"); being English, it
    had made 'translate them to English' a translation into the text's own language, and dropped it."""
    result = planner.plan("Detect the language of incoming support emails, then translate them to English.")
    assert [t for t, _d, _l in _flow(result)] == ["text-classification", "translation"]


@pytest.mark.parametrize("request_words, target", [
    # the step is read from "the translation model"; the words that put the summary into Italian say where it goes
    (f"Summarise it, then put the summary into Italian. The translation model must handle Italian.\n\n{ENGLISH}", "Italian"),
    ("Summarise ./a.txt, then put the summary into Italian. The translation model must be MIT.", "Italian"),
    ("Summarise ./a.txt in French", "French"),  # a file's language is not known: the one language asked
])
def test_a_translation_read_with_no_language_goes_into_the_one_the_words_ask(planner, request_words, target):
    """A translation whose clause named no language had none, and would have run into English."""
    assert [t.language for t in planner.plan(request_words).tasks if t.task == "translation"] == [target]
