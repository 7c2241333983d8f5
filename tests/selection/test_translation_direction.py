"""A translation's model writes the step's language and reads its text's (hive/selection/query.py,
`_direction_checks`; the builder reads each card's direction, kg_builder/extract.py)."""

from __future__ import annotations

import pytest

from hive.contracts import Constraints, ConstraintSet, Direction
from hive.kg.schema import PREFIX


def test_the_shipped_graph_records_the_directions_cards_state(graph):
    rows = graph.select(PREFIX + "SELECT ?from ?into WHERE { ?m dcterms:identifier 'Helsinki-NLP/opus-mt-mul-en' ; "
                                 "hive:translatesFrom ?from ; hive:translatesInto ?into }")
    assert [(r["from"].rsplit("/", 1)[-1], r["into"].rsplit("/", 1)[-1]) for r in rows] == [("mul", "en")]


def test_a_model_translating_into_another_language_is_never_picked(planner):
    """English -> Japanese had picked opus-mt-mul-en, which writes English only (found by a new user)."""
    result = planner.plan("Translate this into Japanese for our commercial app: \"Your order has shipped and will arrive "
                          "within 3-5 business days.\" Must be usable commercially, and the model should support Japanese.")
    step = result.tasks[0]
    assert step.model == "staka/fugumt-en-ja", step.why  # the only admissible one whose card states en -> ja
    assert "its card says it translates into ja" in step.why and "translates from en" in step.why


def test_the_smallest_model_is_the_smallest_for_the_direction(planner):
    """'from Spanish to English using the smallest model' had picked t5-small, which reads no Spanish."""
    step = planner.plan("Translate 'hola amigo, como estas' from Spanish to English using the smallest model").tasks[0]
    assert step.model == "Helsinki-NLP/opus-mt-es-en", step.why
    assert "smallest" in step.why


def test_a_text_s_language_is_read_from_the_text_itself(planner):
    step = planner.plan("Translate this into English for me, using the most downloaded model: "
                        "'Bonjour, je voudrais une table pour deux personnes ce soir'").tasks[0]
    assert "translates from fr" in step.why and step.model == "Helsinki-NLP/opus-mt-fr-en", step.why


def _translation(planner, request: str):
    """The translation step of the request's plan."""
    return next(t for t in planner.plan(request).tasks if t.pipeline_tag == "translation")


def test_a_transcript_is_in_the_recording_s_language(planner):
    step = _translation(planner, "Transcribe ./lecture.mp3, a French lecture, and translate it into English with the most downloaded model")
    assert "translates from fr" in step.why, step.why


def test_a_summary_is_in_the_language_of_the_text_it_summarises(planner):
    """A translation of a summary reads what the summariser read: an English handbook's summary is English."""
    step = _translation(planner, "Take ./docs/handbook_en.txt, summarise it and translate the summary into Spanish; "
                                 "the translator should be the most downloaded one")
    assert "translates from en" in step.why and step.model == "Helsinki-NLP/opus-mt-en-es", step.why


def test_a_text_generated_from_the_request_is_in_the_request_s_language(planner):
    step = _translation(planner, "Write a short birthday greeting for my aunt and translate it into French with the most downloaded model")
    assert "translates from en" in step.why, step.why


def test_a_text_file_here_is_read_for_its_language(planner, tmp_path):
    """A French file with no language in its name had been given a translator reading any language; a summary of it
    is French too. A file that is not here (or not plain text) tells nothing."""
    brief = tmp_path / "brief.txt"
    brief.write_text("Bonjour à tous, la réunion de demain est annulée. Nous vous tiendrons informés de la nouvelle "
                     "date dès que possible.", encoding="utf-8")
    step = _translation(planner, f"Translate {brief} into English")
    assert step.model == "Helsinki-NLP/opus-mt-fr-en" and "translates from fr" in step.why, step.why
    assert "translates from fr" in _translation(planner, f"Summarise {brief} and translate the summary into German").why
    (tmp_path / "scan.txt").write_bytes(b"Bonjour \0 la r\xc3\xa9union " * 20)
    assert "from fr" not in _translation(planner, f"Translate {tmp_path / 'scan.txt'} into English").why


def test_a_text_of_unknown_language_is_taken_to_be_in_the_request_s_language(planner):
    """'...translate the summary into Spanish. Everything must be Apache-2.0.' had found no model: only a translator
    reading any language would do. Into English, a text nobody places still needs one that reads any."""
    step = _translation(planner, "Summarise ./reports/q3.txt and then translate the summary into Spanish. Everything must be Apache-2.0.")
    assert step.model == "Helsinki-NLP/opus-mt-en-es" and "translates from en (taken as the request's language)" in step.why, step.why
    into_english = _translation(planner, "Translate ./notes.txt into English with the most downloaded model")
    assert "reads any language" in into_english.why, into_english.why


def test_the_person_s_ranking_holds_over_a_guessed_language(planner):
    """A guessed English source does not put a card stating en -> de before the most downloaded t5-base."""
    step = _translation(planner, "Transcribe ./memo.m4a, summarise it and translate the summary into German with the most downloaded model")
    assert step.model == "t5-base" and "taken as the request's language" in step.why, step.why


def test_the_offline_llm_translates_when_local_models_are_asked_for(planner):
    """The offline Qwen's card lists English only: by default a translator whose card covers French is chosen;
    asked for local models, the Qwen, whose documentation names French (its output's language is checked when it runs)."""
    default = planner.plan("Translate examples/article.txt into French").tasks[0]
    assert default.model != "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF" and "translates into fr" in default.why, default.why
    local = planner.plan("Translate examples/article.txt into French, offline").tasks[0]
    assert local.model == "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF" and "runs offline" in local.why, local.why


def test_the_person_s_ranking_holds_among_many_to_many_translators(planner):
    """NLLB lists 196 languages and states no direction: asked for the most downloaded, it is not passed over for a
    less downloaded model that states its direction; T5 lists four and translates from English only, so for French
    to English the stated opus-mt-fr-en stays before the more downloaded t5-base."""
    posts = planner.plan("Translate weibo_dump.txt from Chinese into English; the model must support Chinese and be "
                         "the most downloaded one").tasks[0]
    assert posts.model == "facebook/nllb-200-distilled-600M", posts.why
    french = planner.plan("Translate 'Bonjour, je voudrais une table pour deux personnes ce soir' into English "
                          "with the most downloaded model").tasks[0]
    assert french.model == "Helsinki-NLP/opus-mt-fr-en", french.why


def test_the_offline_llm_translates_only_between_languages_its_documentation_names(graph, planner):
    """A new user found the 1.5B coder model chosen to write Swahili; Qwen2.5's cards name thirteen languages."""
    rows = graph.select(PREFIX + "SELECT ?lang WHERE { ?m dcterms:identifier 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF' ; "
                                 "hive:promptLanguage ?lang }")
    named = {r["lang"].rsplit("/", 1)[-1] for r in rows}
    assert {"en", "fr", "zh", "ar"} <= named and "sw" not in named and "nl" not in named
    swahili = planner.plan("translate to swahili: \"Wash your hands with soap before eating and after using the toilet.\"").tasks[0]
    assert swahili.model != "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF" and "translates into sw" in swahili.why, swahili.why
    dutch = planner.plan("Translate this Dutch sentence into French: 'Ik heb morgen geen tijd om naar de markt te komen.'").tasks[0]
    assert dutch.model != "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF" and "translates from nl" in dutch.why, dutch.why
    local = planner.plan("translate to swahili, using local models only: \"Wash your hands with soap before eating.\"").tasks[0]
    assert local.model is None and "weights available offline" in local.why, local.why


@pytest.mark.parametrize("direction, refused", [
    (Direction(into="ja"), {"Helsinki-NLP/opus-mt-mul-en", "Helsinki-NLP/opus-mt-en-zh", "staka/fugumt-ja-en"}),
    (Direction(into="en"), {"Helsinki-NLP/opus-mt-fr-en", "staka/fugumt-en-ja"}),  # one stated source, the text's unknown
    (Direction(into="en", source="fr"), {"Helsinki-NLP/opus-mt-es-en", "staka/fugumt-ja-en"}),
    # "multiple languages" reads the ones its card lists: opus-mt-mul-en had been given Korean, which it lists not
    (Direction(into="en", source="ko"), {"Helsinki-NLP/opus-mt-mul-en"}),
])
def test_models_stating_another_direction_are_refused(selector, direction, refused):
    selection = selector.select("translation", Constraints(translation=direction), explain=True)
    assert refused <= set(selection.rejected), (refused - set(selection.rejected))


def test_a_stated_direction_is_required_only_when_asked(selector):
    listing = selector.select("translation", Constraints(translation=Direction(into="de", source="fr")), explain=True)
    stated = selector.select("translation", Constraints(translation=Direction(into="de", source="fr", stated=True)), explain=True)
    assert "t5-base" not in listing.rejected  # its card lists French and German and states no direction
    assert "t5-base" in stated.rejected and stated.model is None  # no card here states French -> German
    assert stated.unsatisfiable == "its card says it translates from fr"  # opus-mt-en-de states German, from English


def test_a_file_name_s_language_tag_is_the_text_s_language(planner):
    step = planner.plan("Translate ./subs/episode3_fr.srt into English with the most downloaded model").tasks[0]
    assert "translates from fr" in step.why and step.model == "Helsinki-NLP/opus-mt-fr-en", step.why


def test_the_person_s_ranking_holds_for_an_english_text(planner):
    """The cards stating no direction translate from English: 'the most downloaded' English to French is t5-base (a
    new user had been given opus-mt-en-fr, with t5-base said to be rejected); French to English stays opus-mt-fr-en."""
    step = planner.plan("Please I want translate this sentence to french with the most downloaded model: "
                        "'The shipment will arrive on Monday.'").tasks[0]
    assert step.model == "t5-base", step.why


def test_models_that_only_list_the_languages_are_ranked_after_not_rejected(selector):
    """A stated direction is a preference among the admissible: t5-base lists English and French and is admissible."""
    steps = [("translation", Constraints(translation=Direction(into="fr", source="en")))]
    chosen = selector.select_for_steps(steps, ConstraintSet(), explain=True)[0]
    assert chosen.model == "Helsinki-NLP/opus-mt-en-fr" and "t5-base" not in chosen.rejected
    assert "t5-base" in [m.id for m in chosen.alternatives]
    assert "its card says it translates into fr and from en: chosen before the" in chosen.why
    assert "(t5-base first by the ranking)" in chosen.why and "rejected: its card says" not in chosen.why, chosen.why
