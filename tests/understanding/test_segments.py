"""A request split into parts, inline content masked (hive/understanding/segments.py)."""

from __future__ import annotations

from hive.understanding.parsing import BLANK, locate_values
from hive.understanding.segments import split_parts


def test_parts_never_read_pasted_content():
    located = locate_values("Summarise this email: 'Please translate the attached contract and draw a diagram.'")
    readings = " ".join(p.reading for p in split_parts(located))
    assert readings and "translate" not in readings and "draw" not in readings


def test_numbered_steps_and_connectives_are_parts_of_their_own():
    located = locate_values("1) transcribe ./a.wav 2) pull out the company names, then read them aloud")
    readings = [p.reading for p in split_parts(located)]
    assert readings[0].startswith("1) transcribe the audio file")
    assert any(r.startswith("2) pull out the company names") for r in readings)
    assert readings[-1].startswith("then read them aloud")
    assert split_parts(located)[0].modalities == {"audio"}


def test_a_plus_between_spaces_joins_two_asks_but_a_count_s_plus_does_not():
    assert [p.reading.strip() for p in split_parts(locate_values("sentiment(transcript) + ner(transcript)"))] == [
        "sentiment(transcript)", "+ ner(transcript)"]
    assert len(split_parts(locate_values("a model with 500k+ downloads"))) == 1


def test_a_table_is_named_and_flagged():
    located = locate_values("Given {'city': ['Oslo', 'Rome'], 'pop': ['0.7', '2.8']}, which city is larger?")
    first = split_parts(located)[0]
    assert "the table" in first.reading and "table" in first.modalities and "Oslo" not in first.reading


def test_a_thousands_separator_does_not_end_a_clause():
    query = "Only models at least 1,000 people have downloaded, please, and 2,50 is no separator"
    texts = [query[p.start:p.end].strip() for p in split_parts(locate_values(query))]
    assert texts[0] == "Only models at least 1,000 people have downloaded,"
    assert texts[-1] == "50 is no separator"  # "2,50" has no thousands: its comma still cuts


def test_a_quote_that_ends_its_sentence_ends_the_clause():
    query = 'Is this review positive or negative: "Great tea, but the box was torn." The model must be small.'
    texts = [query[p.start:p.end].strip() for p in split_parts(locate_values(query))]
    assert texts[-1] == "The model must be small."


def test_a_quoted_question_inside_a_sentence_does_not_end_it():
    query = "How do you say 'Where is the train station?' in Japanese?"
    assert len(split_parts(locate_values(query))) == 1


def test_text_speak_n_before_then_ends_a_clause_as_and_does():
    """'cn u summrize this n then make a pic of it' had read as one clause asking for the picture only (new user)."""
    located = locate_values("cn u summrize this n then make a pic of it lol")
    assert [located.masked[p.start:p.end].strip() for p in split_parts(located)] == ["cn u summrize this", "then make a pic of it lol"]


def test_an_arrow_between_asks_ends_a_part_but_not_one_between_kinds_of_data():
    readings = [p.reading.strip() for p in split_parts(locate_values("steps: transcribe -> short summary"))]
    assert readings == ["steps:", "transcribe ->", "short summary"]
    chain = [p.reading.strip() for p in split_parts(locate_values("can we do russian speech -> text -> english?"))]
    assert chain == ["can we do russian speech -> text -> english?"]


def test_a_list_between_dashes_is_one_clause_s_and_the_ask_after_it_a_clause_of_its_own():
    query = "to know the emotion of the caller \u2014 angry, happy, sad or neutral \u2014 and also a transcript"
    texts = [query[p.start:p.end].strip() for p in split_parts(locate_values(query))]
    assert texts[0] == "to know the emotion of the caller \u2014 angry, happy, sad or neutral \u2014"
    assert texts[-1] == "also a transcript"


def test_to_have_a_result_reads_as_to_get_it():
    assert split_parts(locate_values("also to have the full transcription."))[0].reading == "also to get the full transcription."


def test_a_pasted_text_ending_its_sentence_before_another_ends_the_clause():
    query = "and answer from the message: since when has the mould been there? Zero-shot labeller: the best on MNLI."
    located = locate_values(query)
    start, end = query.index("since"), query.index("?") + 1
    located.texts.append((start, end, query[start:end]))  # the pasted tail, as the paste finder marks it
    located.masked = located.masked[:start] + BLANK * (end - start) + located.masked[end:]
    texts = [query[p.start:p.end].strip() for p in split_parts(located)]
    assert texts[0] == "and answer from the message: since when has the mould been there?"


def test_also_after_a_subject_pronoun_is_inside_its_clause():
    located = locate_values("Upscale ./a.png, and for the upscaler they also want proof of wide use. Also caption it.")
    texts = [located.masked[p.start:p.end].strip() for p in split_parts(located)]
    assert "and for the upscaler they also want proof of wide use." in texts and "Also caption it." in texts


def test_a_short_aside_between_commas_stays_in_its_clause():
    located = locate_values("what disease, if any, is on that bean leaf in ./leaf.jpg? Then, please, caption it.")
    texts = [located.masked[p.start:p.end].strip() for p in split_parts(located)]
    assert texts[0].startswith("what disease, if any, is on that bean leaf")
