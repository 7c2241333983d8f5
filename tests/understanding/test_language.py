"""A request written in another language is refused in one line (hive/understanding/language.py)."""

from __future__ import annotations

import pytest

from hive.contracts import Constraints
from hive.errors import NothingToPlan
from hive.kg.schema import PREFIX, node
from hive.selection.select import Selector
from hive.understanding.language import file_name_language, foreign_language, named_source_language, persons_language, spoken_language, text_language


def test_a_request_in_another_language_is_refused_in_one_line(planner):
    with pytest.raises(NothingToPlan, match="looks written in German"):
        planner.plan("Bitte transkribiere die Datei ./a.wav und fasse sie dann zusammen")
    assert foreign_language("Please transcribe ./a.wav and summarise it") is None


def test_a_long_quoted_text_in_another_language_is_no_request_in_it(planner):
    """A French article quoted after a short English ask had the request refused as written in French."""
    result = planner.plan("Summarise this French article: 'Le gouvernement a annoncé hier une nouvelle réforme des retraites "
                          "qui sera présentée au parlement la semaine prochaine.'")
    assert [t.task for t in result.tasks] == ["summarization"]


@pytest.mark.parametrize("text, language", [
    ("请把 ./会议.wav 转写成文字，然后总结一下。模型要小于500MB。", "Chinese"),
    ("この画像を説明して ./a.jpg", "Japanese"),
    ("Переведи этот текст на английский язык", "a Cyrillic script"),
    ("Translate '你好世界, 我们走吧' into English", None),  # English words around a quoted text
    ("Caption ./фото.jpg please and summarise it", None),
])
def test_a_request_written_mostly_in_another_script_is_told_apart(text, language):
    """A Chinese request was half planned (transcription only, with an English-only model)."""
    assert foreign_language(text) == language


@pytest.mark.parametrize("text, code", [
    ("My grandson sent me a voice message in German. The file is nachricht.ogg. What does he say, in English please?", "de"),
    ("Call with our supplier, call_br.wav (Portuguese). Transcribe, translate to English.", "pt"),
    ("The calls are in Hindi. Transcribe call.wav", "hi"),
    ("Transcribe ./a.wav and translate it into French", None),  # a target, not the recording's language
    ("Read this text aloud in Spanish: hola", None),  # no recording is spoken of
    ("The interview is in German and French, ./i.wav", None),  # two: no preference
    ("A voicemail in Portuguese (voicemail.ogg) - what is she saying? I only speak English.", "pt"),  # the person's is not the recording's
    ("Summarise lecture_jp.wav in English, the lecture is in Japanese", "ja"),  # a verb places the recording
    ("lecture_jp.wav is a Japanese lecture, give me an English summary", "ja"),  # the summary's language is no recording's
    ("Japanese podcast ep3.mp3 -> English text.", "ja"),
    ("transcribe interview_es.mp3 (it's in Spanish) and translate the transcript into English and German", "es"),
    ("Transcribe the Mandarin lecture lecture_zh.mp3 and then summarise it in English.", "zh"),  # the file's tag (new user)
    ("transcribe a_fr.wav and b_de.wav", None),  # two tags: not known
    ("can we do russian speech -> text -> english?", "ru"),  # after an arrow: a target, not a second recording language
])
def test_the_language_a_recording_is_said_to_be_in(text, code):
    assert spoken_language(text) == code


def test_a_recording_in_a_language_prefers_a_recogniser_for_it(planner):
    result = planner.plan("Transcribe ./interview.wav, the interview is in German.")
    step = next(t for t in result.tasks if t.pipeline_tag == "automatic-speech-recognition")
    assert "satisfies language in de" in step.why and "preferred as the language" in step.why
    stated = planner.plan("Transcribe ./interview.wav with a French model, the interview is in German.")
    assert "preferred" not in next(t for t in stated.tasks if t.pipeline_tag == "automatic-speech-recognition").why  # a language the words ask for stands


def _languages(graph, model: str) -> set[str]:
    """The language codes the model's card lists, as the graph holds them."""
    rows = graph.select(PREFIX + f"SELECT ?l WHERE {{ {node('model', model)} hive:language ?l }}")
    return {str(row["l"]).rsplit("/", 1)[-1] for row in rows}


def test_the_recordings_language_holds_within_the_persons_ranking(planner, graph):
    """'transcribe ./entrevista_es.wav with the smallest model' had got an English-only recogniser."""
    step = planner.plan("Transcribe ./entrevista_es.wav with the smallest model").tasks[0]
    assert "es" in _languages(graph, step.model) and "preferred as the language" in step.why
    smallest_overall = Selector(graph).select("automatic-speech-recognition", Constraints(smallest=True)).model
    assert "es" not in _languages(graph, smallest_overall)  # the ranking alone would not have found it


def test_a_card_listing_no_language_may_be_english(planner, graph):
    """Many English-only cards list no language: for an English text the ranked voice that lists none is kept."""
    step = planner.plan("Read 'You there, traveller, the bridge is out.' aloud with the most liked apache-2.0 or MIT model").tasks[0]
    assert _languages(graph, step.model) == set() and "language in en or none listed" in step.why


def test_a_voice_reading_a_translation_prefers_the_translations_language(planner):
    """'translate it into Spanish and read it out' had picked the English-only Piper voice without a word."""
    result = planner.plan("Translate ./greeting.txt into Spanish and then read it out loud.")
    voice = next(t for t in result.tasks if t.pipeline_tag == "text-to-speech")
    assert "satisfies language in es" in voice.why and "the language of the text it reads (Spanish)" in voice.why
    assert not [w for w in result.warnings if "may not do what is asked" in w]


def test_a_voice_no_model_has_the_language_for_is_a_warning(planner):
    result = planner.plan("Translate ./greeting.txt into Welsh and then read it out loud.")
    voice = next(t for t in result.tasks if t.pipeline_tag == "text-to-speech")
    assert voice.model is not None  # a preference, not a requirement: the step keeps its model ...
    assert any(f"step {voice.id} (text-to-speech): no admissible model lists cy" in w for w in result.warnings)  # ... and says so


@pytest.mark.parametrize("words, code", [
    ("Translate 'hola' from Spanish to English", "es"),
    ("Put this French email into German: ...", "fr"),
    ("Italian-to-English please: ciao", "it"),
    ("the letter is written in Portuguese, translate it", "pt"),
    ("Translate it into German", None),  # a target only
    ("Japanese podcast ep3.mp3 -> English text.", None),  # after an arrow: a target
    ("Translate from French or from Spanish into English", None),  # two: not known
    ("My son wrote a story in Spanish for school. Can you put it into English?", "es"),  # a kind of text in a language
    ("I have my tour description in Vietnamese in ./t.txt and I want to have it in English.", "vi"),
    ("input: reviews.txt (customer reviews in Dutch)", "nl"),
    ("Translate the story in English please", None),  # said with the translating verb: the person's target
    ("Each scan is a handwritten page in Norwegian; read it and translate it", "no"),  # a written page is a text
    ("(a) DE -> EN machine translation of notes.txt", "de"),  # a pair of codes
])
def test_the_language_a_text_to_translate_is_said_to_be_in(words, code):
    assert named_source_language(words) == code


def test_the_language_a_translation_writes_is_not_its_source():
    """'translate it from French into English, then tag the places in the English text' had read two sources."""
    words = "Read the handwriting of letter.jpg, translate it from French into English and tag the places in the English text"
    assert named_source_language(words) is None and named_source_language(words, besides="en") == "fr"


def test_language_codes_in_capitals_do_not_make_a_request_foreign():
    """'DE -> EN' had the request refused as Dutch ('de' and 'en' are Dutch words)."""
    assert foreign_language("Translate the notice DE -> EN: ' '") is None
    assert foreign_language("Vertaal de tekst en lees hem voor") == "Dutch"


@pytest.mark.parametrize("words", ["OCR ./receipt.png -> extract entities -> translate en->de", "mt ro-en for ./a.txt, then tts",
                                   "translate de/en then summarise ./note.txt",
                                   "Summarize report.txt. Constraints: license=mit, params<=2e8, downloads>=1e4"])
def test_language_codes_written_as_a_pair_do_not_make_a_request_foreign(words):
    """'translate en->de' in a terse request had it refused as Dutch."""
    assert foreign_language(words) is None


@pytest.mark.parametrize("text, code", [
    ("Bonjour, je voudrais une table pour deux personnes ce soir", "fr"),
    ("Your order has shipped and will arrive within 3-5 business days.", "en"),
    ("你好世界，我们走吧", "zh"),
    ("good morning", None),  # too short to tell
    # short greetings had held none of the few common words known ("Buenos días a todos": no language)
    ("Buenos días a todos, la reunión empieza a las nueve.", "es"),
    ("Bom dia a todos, a reunião começa às nove.", "pt"),
    ("Buongiorno a tutti, la riunione inizia alle nove.", "it"),
    ("Goedemorgen allemaal, de vergadering begint om negen uur.", "nl"),
    # a plea in plain Spanish whose few commonest words are too few ("el", "y" only)
    ("Me van a desalojar el viernes y tengo dos niños pequeños, no sé a dónde ir.", "es"),
    ("Please summarise the non-commercial licence terms of this model for me", "en"),
])
def test_the_language_a_text_is_written_in(text, code):
    assert text_language(text) == code


@pytest.mark.parametrize("words, code", [
    ("what is she saying? I only speak English.", "en"),
    ("I speak French, we speak German", None),  # two: not known
    ("Transcribe the English lecture", None),
    # of others too: only "I speak X" had been read, and "my grandma only speaks Polish" gave a translation no target
    ("Translate this for my grandma, she only speaks Polish", "pl"),
    ("The babysitter only reads English.", "en"),
    ("Our client can only read German", "de"),
    ("I am Vietnamese. Please translate this", "vi"),
    ("I'm Korean", "ko"),
])
def test_the_language_of_the_person_a_result_is_for(words, code):
    assert persons_language(words) == code


def test_a_speaker_s_language_stays_the_recording_s():
    assert persons_language("she speaks Greek in call.wav") is None
    assert spoken_language("she speaks Greek in call.wav") == "el"
    assert persons_language("I am in Berlin, the talk is in German") is None


def test_a_voice_reading_a_pasted_text_prefers_the_text_s_language(planner):
    """A Spanish text read aloud had been given the English-only Piper voice without a word (new user)."""
    result = planner.plan('Read this aloud: "El tren sale a las nueve y es para mi madre, por favor."')
    voice = result.tasks[0]
    assert voice.task == "text-to-speech" and "the language of the text it reads (Spanish)" in voice.why, voice.why


@pytest.mark.parametrize("path, code", [("./subs/episode3_fr.srt", "fr"), ("strings-de.json", "de"), ("a.es.txt", "es"),
                                        ("menu_pt-BR.txt", "pt"), ("./notes_it.txt", None), ("report_v2.txt", None),
                                        ("./memo.txt", None)])
def test_a_file_name_may_tag_its_language(path, code):
    assert file_name_language(path) == code


def test_a_text_said_to_be_in_a_language_is_the_translations_source(planner):
    """'The printed label ... is in French. I need its wording in English': French is what the text is in."""
    result = planner.plan("The printed label in the exhibit photo ./labels/vitrine_12.jpg is in French. I need its wording in English "
                          "for the catalogue.")
    translation = next(t for t in result.tasks if t.task == "translation")
    assert translation.model == "Helsinki-NLP/opus-mt-fr-en"


def test_a_language_a_result_is_wanted_in_is_not_the_recordings():
    from hive.understanding.language import spoken_language

    assert spoken_language("A patient left a voicemail in Ukrainian: ./msg.wav. I need it in English and spoken back.") == "uk"


@pytest.mark.parametrize("path, code", [("korean_lecture_week3.mp3", "ko"), ("./a/german-podcast.mp3", "de"),
                                        ("polish_the_draft.txt", None), ("english_french.txt", None)])
def test_a_file_name_may_name_its_language_in_full(path, code):
    from hive.understanding.language import file_name_language

    assert file_name_language(path) == code


@pytest.mark.parametrize("text, code", [("Здравствуйте, мой заказ до сих пор не пришёл. Что мне делать?", "ru"),
                                        ("Привіт, моє замовлення досі не прийшло. Що мені робити? Дякую.", "uk")])
def test_russian_and_ukrainian_are_told_apart_by_their_own_words(text, code):
    from hive.understanding.language import text_language

    assert text_language(text) == code


def test_the_requests_own_words_taken_as_the_text_do_not_say_its_language(planner):
    """A folder of no kind leaves the request as the text; 'are in Spanish' still says what it is in."""
    result = planner.plan("Job #4471: the source files in /jobs/4471/es/ are in Spanish and the client wants them in English. "
                          "Only use engines with 200k+ downloads.")
    assert next(t for t in result.tasks if t.task == "translation").model == "Helsinki-NLP/opus-mt-es-en"


@pytest.mark.parametrize("words", [
    "Summarise ./notes.txt with the smallest model",  # a file nothing tells the language of: the request's
    "Transcribe the Spanish podcast ep1.mp3, translate the transcript into English, then summarise it with the smallest summariser.",
])
def test_a_text_reader_prefers_a_model_for_its_texts_language(planner, graph, words):
    """'the smallest' summariser of an English text had been a French one (t5-base-fr-sum-cnndm)."""
    step = next(t for t in planner.plan(words).tasks if t.pipeline_tag == "summarization")
    assert _languages(graph, step.model) <= {"en"} and "preferred as the language of the text it reads (English)" in step.why
    smallest = Selector(graph).select("summarization", Constraints(smallest=True)).model
    assert _languages(graph, smallest) - {"en"}  # the ranking alone gives a summariser of another language


def test_the_person_speaking_in_the_recording_says_its_language():
    """'I speak Portuguese in it' had been read as the person's language only, and the recording's left unknown."""
    said = "Hello, the audio is ./receita_bolo.wav and I speak Portuguese in it. I need to transcribe it."
    assert spoken_language(said) == "pt" and persons_language(said) is None
    assert persons_language("I only speak English, so transcribe my German call ./a.wav") == "en"
