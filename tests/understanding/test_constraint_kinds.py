"""The learned constraint reader (hive/understanding/constraint_kinds.py) with its shipped weights, and how
understanding uses what it reads."""

from __future__ import annotations

import numpy as np
import pytest

from hive.pipeline import Planner
from hive.selection.phrases import constraint_phrases
from hive.understanding.constraint_kinds import (KINDS, VALUE_KINDS, ConstraintKindReader, phrases_of,
                                                 shared_constraint_reader, value_flags)
from hive.understanding.learned import LearnedUnderstander
from hive.understanding.parsing import locate_values
from hive.understanding.segments import split_parts


def kinds_read(query: str) -> dict[str, set[str]]:
    """Clause text -> the kinds the shipped reader reads surely in it."""
    from hive.understanding.constraint_kinds import SURE

    located = locate_values(query)
    parts = split_parts(located)
    reader = shared_constraint_reader()
    return {query[p.start:p.end].strip(): {k for k, v in probs.items() if v >= SURE} for p, probs in zip(parts, reader.probabilities(parts))}


def added(query: str):
    located = locate_values(query)
    return shared_constraint_reader().phrases(located, constraint_phrases(located.masked))


def test_the_shipped_weights_cover_every_kind():
    reader = shared_constraint_reader()
    assert reader.kinds == list(KINDS)
    assert reader.weights.shape[0] == len(KINDS) and reader.weights.shape[1] == reader.shift.shape[0]


def test_the_missing_weights_file_is_a_one_line_error(tmp_path):
    from hive.errors import HiveError

    with pytest.raises(HiveError, match="constraint reader's weights are missing"):
        ConstraintKindReader(tmp_path / "none.npz")


@pytest.mark.parametrize("query, clause, kind", [
    ("Read out the caption of ./desk.jpg. Offline.", "Offline", "offline"),
    ("Which summarization model has the best ROUGE-2 on arXiv and fits in 250M?", "and fits in 250M", "max_params"),
])
def test_a_clause_stating_a_constraint_in_words_without_a_pattern_is_read(query, clause, kind):
    read = kinds_read(query)
    assert kind in next(kinds for text, kinds in read.items() if clause in text)


def test_task_clauses_state_no_constraint():
    read = kinds_read("Transcribe ./a.wav, translate the transcript into German and summarise it.")
    assert not any(read.values())


def test_a_result_going_on_a_website_is_no_limit_on_where_the_model_runs():
    """'it's going on the hospital website' had been read as offline only, leaving Polish with no model (new user)."""
    read = kinds_read("Translate leaflet.txt into Polish for patients. Nothing non-commercial please, it's going on the "
                      "hospital website.")
    assert "offline" not in set().union(*read.values()) and "licence_deny" in set().union(*read.values())
    assert "offline" in set().union(*kinds_read("Translate leaflet.txt into Polish on the ship's PC, there is no internet at sea.").values())


def test_kinds_without_a_value_take_the_clause_and_stay_readable_for_tasks():
    phrases, unread = added("Caption ./desk.jpg and estimate its depth. Offline.")
    offline = [p for p in phrases if p.key == "local_only"]
    assert offline and offline[0].value is True and offline[0].clause
    assert not unread


def values(kind: str, text: str, taken: list[tuple[int, int]] | None = None) -> list[tuple[str, object, str]]:
    located = locate_values(text)
    return [(p.key, p.value, text[p.start:p.end]) for p in phrases_of(kind, split_parts(located)[0], located, taken or [])]


def test_values_come_from_the_clause_and_a_translation_target_is_no_model_language():
    assert values("language", "the translator should know Turkish or Greek well, then into English") == [
        ("languages", ["tr"], "Turkish"), ("languages", ["el"], "Greek")]
    assert values("language", "translate it into English") == []
    assert values("max_params", "the model has to fit in 250M") == [("max_parameters", 250_000_000, "250M")]
    assert values("max_params", "the model has to fit in 2GB") == [("max_bytes", 2_000_000_000, "2GB")]
    assert values("min_downloads", "one with 500+ users") == [("min_downloads", 500, "500+ users")]


def test_a_value_the_vocabulary_already_read_keeps_its_role():
    text = "the lowest WER on the English test set of Multilingual LibriSpeech"
    assert values("language", text, taken=[(0, len(text))]) == []
    assert values("language", text) == [("languages", ["en"], "English")]


def test_value_flags_name_the_kinds_of_value_not_their_role():
    flags = dict(zip(VALUE_KINDS, value_flags("MIT, under 300M params, speaks Dutch, then into English")))
    assert flags["licence"] and flags["parameters"] and flags["language"] and flags["target language"]
    assert not flags["downloads"] and not flags["metric"]
    assert not np.any(value_flags("summarise the report"))


def test_a_constraint_read_without_a_value_is_a_warning_not_a_guess():
    reader = shared_constraint_reader()
    located = locate_values("Caption ./a.jpg. The licence must be one our lawyers approved.")
    parts = split_parts(located)
    probabilities = reader.probabilities(parts)
    licence_clause = [i for i, p in enumerate(probabilities) if p["licence_allow"] >= 0.3 or p["licence_deny"] >= 0.3]
    phrases, unread = reader.phrases(located, [])
    assert not [p for p in phrases if p.key in ("licences", "deny_licences")]
    assert bool(licence_clause) == bool(unread)


def test_understanding_applies_what_the_reader_adds():
    parsed = LearnedUnderstander().parse("desk_setup.jpg — describe it in a sentence and give me its depth map. Offline only.")
    result = Planner(select_models=False).plan(parsed.query)
    assert result.constraints["global"].get("local_only") is True
    assert {s.task for s in result.tasks} >= {"image-to-text", "depth-estimation"}


@pytest.mark.parametrize("query", ["Read the total off ./bill.png. The document QA model must be under 800 MB.",
                                   "Separate the voices in ./duet.wav; the separation model needs to be under 100 megs."])
def test_a_size_cap_in_bytes_is_the_size_kind_the_reader_sees(query):
    located = locate_values(query)
    found = constraint_phrases(located.masked)
    assert [p.key for p in found if p.key == "max_bytes"]
    phrases, unread = shared_constraint_reader().phrases(located, found)
    assert not [p for p in phrases if p.key in ("max_parameters", "max_bytes")]
    assert not [u for u in unread if "max params" in u]


@pytest.mark.parametrize("query", ["Caption ./a.jpg; the model must be under the Apache licence, not MIT.",
                                   "Translate ./menu.txt into Italian. It must be MIT licensed and it must be GPL-3.0 licensed.",
                                   "Classify ./xray.png as normal or pneumonia; licensed CC-BY-NC since it's just for research."])
def test_a_licence_the_vocabulary_read_in_one_role_is_no_unapplied_constraint_of_the_other(query):
    """A new user saw 'constraint not applied: ... (licence deny)' beside the very licence applied as allowed."""
    located = locate_values(query)
    found = constraint_phrases(located.masked)
    assert [p for p in found if p.key in ("licences", "deny_licences")]
    _phrases, unread = shared_constraint_reader().phrases(located, found)
    assert not [u for u in unread if "licence" in u]


@pytest.mark.parametrize("query", ["Summarise ./notes.txt. Our repository is licensed under GPL-3.0.",
                                   "Our own code is GPL-3.0, but the models have to be MIT. Caption ./a.jpg"])
def test_the_licence_of_the_person_s_own_work_is_read_and_neither_applied_nor_reported(query):
    """A new user's 'Our repository is licensed under GPL-3.0' had been applied, then warned of as not applied."""
    result = Planner(select_models=False).plan(query)
    assert "gpl-3.0" not in str(result.constraints)
    assert not [w for w in result.warnings if "not applied" in w]


@pytest.mark.parametrize("query", ["Segment ./frame.png; the survey crew are mostly Portuguese speakers, so the notes are bilingual.",
                                   "My boss is French, though she reads English perfectly well. Summarise ./notes.txt",
                                   "Read ./welcome.txt aloud. The voice has to actually speak German, not English with an accent."])
def test_a_language_said_of_people_or_refused_is_no_limit_and_no_warning(query):
    """(People the model serves are another matter: see the next test.)"""
    result = Planner(select_models=False).plan(query)
    assert "'en'" not in str(result.constraints) and "'pt'" not in str(result.constraints) and "'fr'" not in str(result.constraints)
    assert not [w for w in result.warnings if "not applied" in w]


def test_the_language_of_people_a_model_serves_is_its_language():
    result = Planner(select_models=False).plan("We need a chat assistant for our Russian-speaking customers. It has to understand "
                                              "and answer in Russian.")
    assert result.constraints == {"per_task": {"conversational": {"languages": ["ru"]}}}


@pytest.mark.parametrize("query, warned", [
    ("Caption ./photo.jpg with a model licensed under the Frobnicate Public License 7.0.", True),
    ("Caption ./photo.jpg, it has to be under a Zorblax License.", True),
    ("Caption ./photo.jpg with an MIT License model.", False),
    ("Caption ./photo.jpg, any licence is fine.", False),
])
def test_a_licence_named_that_the_vocabulary_does_not_know_is_a_warning(query, warned):
    located = locate_values(query)
    _phrases, unread = shared_constraint_reader().phrases(located, constraint_phrases(located.masked))
    assert any("a name HIVE does not know" in u for u in unread) is warned


def test_a_sentence_opening_with_the_licence_names_none():
    located = locate_values("Caption ./a.jpg. The licence must be one our lawyers approved. Their License is fine too.")
    _phrases, unread = shared_constraint_reader().phrases(located, [])
    assert not any("does not know" in u for u in unread)


@pytest.mark.parametrize("query", ["Approved licences:\n- MIT\n- Apache-2.0\n\nCaption ./shelf.jpg and translate the caption into German",
                                   "Caption ./shelf.jpg. Approved licences: MIT, Apache-2.0",
                                   "Summarise ./talk.wav. Requirements:\n* licence: MIT or Apache-2.0\n* no copyleft"])
def test_a_heading_whose_licences_follow_it_is_no_unapplied_constraint(query):
    """A new user saw "constraint not applied: 'Approved licences:'" above the very licences applied."""
    result = Planner(select_models=False).plan(query)
    assert set(result.constraints["global"]["licences"]) == {"mit", "apache-2.0"}
    assert not result.parsed.unread_constraints


def test_a_heading_without_values_after_it_is_still_reported():
    located = locate_values("Caption ./shelf.jpg. Approved licences:\n\nthe ones legal signed off on")
    reader = shared_constraint_reader()
    parts = split_parts(located)
    heading_read = any(p["licence_allow"] >= 0.3 for p in reader.probabilities(parts)[1:2])
    _phrases, unread = reader.phrases(located, constraint_phrases(located.masked))
    assert any("Approved licences:" in u for u in unread) is heading_read


@pytest.mark.parametrize("query", ["Summarise ./talk.wav, params: <500M", "Summarise ./talk.wav. Model size: under 500M parameters"])
def test_a_labelled_size_cap_is_a_cap_and_no_ranking_by_size(query):
    """'params: <500M' had been read as a cap and as 'the smallest' (the label alone read as a size superlative)."""
    constraints = Planner(select_models=False).plan(query).constraints["global"]
    assert constraints["max_parameters"] == 500_000_000
    assert "smallest" not in constraints


def test_the_source_of_a_language_pair_is_no_model_language(planner):
    """'English to Romanian, smallest model' had also required the model to list English (new user)."""
    result = planner.plan('English to Romanian, smallest model, Apache only: "The meeting starts at nine tomorrow."')
    assert result.constraints == {"global": {"licences": ["apache-2.0"], "smallest": True}}


@pytest.mark.parametrize("query", [
    # "online" is the opposite of running offline: "I sell them at markets and online" had emptied the writing step (dev20)
    "I make candles and sell them at markets and online. Write two short product descriptions.",
    # a machine named alone says how small, not that the weights must be here already (dev20)
    "Answer the question from the paragraph below. It's going to run on our ancient family laptop.\n\n"
    "Paragraph: The museum opens at nine.",
    # a cloud the model runs in is no offline limit (dev23)
    "Tell me how similar ./a.txt and ./b.txt are. It will run on our cheap cloud server.",
    # a server it is hosted on (dev22), a licence family left out (dev25)
    "Is this comment toxic? 'Go away.' It has to run on our forum server, which means no more than 300 million weights.",
    "Paint a lighthouse. I don't want the RAIL rules, so leave that whole licence family out.",
])
def test_a_clause_saying_nothing_of_where_the_model_runs_is_no_offline_limit(query):
    phrases, _unread = added(query)
    assert not [p for p in phrases if p.key == "local_only"]


@pytest.mark.parametrize("query", ["Caption ./desk.jpg and estimate its depth. Offline, not online.",
                                   "Caption ./desk.jpg on the laptop we take to sea, which gets no signal out there.",
                                   "Caption ./desk.jpg, but we cannot use any cloud service."])
def test_a_clause_saying_the_model_runs_without_a_network_is_an_offline_limit(query):
    phrases, _unread = added(query)
    assert [p for p in phrases if p.key == "local_only"]


def test_a_language_naming_a_text_is_no_model_s_language():
    """'every person named in the English version' had been read as a limit to English-speaking models (dev21)."""
    phrases, _unread = added("Need by noon: an English version, a two-line summary of the English, and every person or firm "
                             "named in the English version so I can check the spellings.")
    assert not [p for p in phrases if p.key == "languages"]
    phrases, _unread = added("Summarise notes.txt, and the model needs German.")
    assert [p.value for p in phrases if p.key == "languages"] == [["de"]]


def test_a_ranking_by_popularity_said_with_a_size_word_is_no_ranking_by_size(planner):
    """'the biggest like count' had also been read as 'the smallest' by the learned reader (its 'biggest')."""
    result = planner.plan("Draw a lighthouse in a storm for our shop window. Among those models, the one with the biggest "
                          "like count, please.")
    assert result.constraints["global"] == {"rank_by": "likes"}


@pytest.mark.parametrize("query", ["Read the total off ./scans/inv_7.png. I'd rather use what most people download; fewer surprises that way.",
                                   "Translate ./memo.txt into German. The rule is MIT only, there is no exception possible."])
def test_a_clause_saying_nothing_of_size_asks_for_no_smallest_model(planner, query):
    """The learned reader had read 'fewer surprises that way' and 'there is no exception possible' as 'the smallest'."""
    assert "smallest" not in planner.plan(query).constraints["global"]
