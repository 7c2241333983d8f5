"""One step per input (hive/understanding/fanout.py), through the real planner."""

import pytest

from hive.pipeline import Planner


def _steps(query: str) -> list[tuple[str, dict]]:
    result = Planner(select_models=False).plan_or_error(query)
    assert result.error is None, result.error
    return [(t.task, t.args) for t in result.tasks]


def test_a_task_asked_of_listed_inputs_runs_once_for_each():
    assert _steps("Label the activity in ./cam1.mp4 and in ./cam2.mp4.") == [
        ("video-classification", {"video": "./cam1.mp4"}), ("video-classification", {"video": "./cam2.mp4"})]


def test_a_comparison_reads_both_inputs_or_both_results():
    assert _steps("How similar are ./a.txt and ./b.txt?") == [("sentence-similarity", {"text": "./a.txt", "other": "./b.txt"})]
    steps = _steps("Transcribe both ./a.wav and ./b.wav and tell me how similar the two answers are.")
    assert [task for task, _ in steps] == ["automatic-speech-recognition"] * 2 + ["sentence-similarity"]
    assert {steps[0][1]["audio"], steps[1][1]["audio"]} == {"./a.wav", "./b.wav"}
    assert steps[2][1] == {"text": "<resource-0>", "other": "<resource-1>"}  # not one transcript with itself


def test_a_later_step_repeats_only_when_asked_of_each():
    each = _steps("Transcribe ./a.wav and ./b.wav and summarise each one separately.")
    assert [task for task, _ in each].count("summarization") == 2
    assert {args["text"] for task, args in each if task == "summarization"} == {"<resource-0>", "<resource-1>"}
    one = _steps("Transcribe ./a.wav and ./b.wav, then summarise it.")
    assert [task for task, _ in one].count("summarization") == 1


def test_inputs_not_listed_together_are_not_copied():
    assert [t for t, _ in _steps("Summarise ./a.txt and read ./b.txt aloud")] == ["summarization", "text-to-speech"]
    caption, sound = _steps("Caption ./a.jpg. Separately, describe the sound in ./b.wav")  # one step each, no copies
    assert caption == ("image-to-text", {"image": "./a.jpg"}) and list(sound[1].values()) == ["./b.wav"]


def test_a_translation_knows_its_target_language_and_repeats_for_each():
    steps = Planner(select_models=False).plan("Translate 'hello' into French, German and Polish, then read the French one aloud").tasks
    assert [(t.task, t.language) for t in steps] == [
        ("translation", "French"), ("translation", "German"), ("translation", "Polish"), ("text-to-speech", None)]
    assert Planner(select_models=False).plan("Translate ./a.txt from German into English").tasks[0].language == "English"
    edit = Planner(select_models=False).plan("Write a short email, then translate it to polish").tasks
    assert [t.language for t in edit if t.task == "translation"] == [None]  # "polish" in lower case is a verb
    pair_first = Planner(select_models=False).plan("- in: notes_de.txt\n- DE -> EN machine translation\n- NER on the output").tasks
    assert [t.language for t in pair_first if t.task == "translation"] == ["English"]  # the pair before its task's words


def test_texts_pasted_side_by_side_get_a_step_each_when_asked_of_each():
    steps = _steps("Review A: \"Fast shipping and the candle smells amazing.\"\n"
                   "Review B: \"The candle arrived broken and nobody replied.\"\nWhat's the sentiment of each review?")
    assert [task for task, _ in steps] == ["text-classification"] * 2
    assert "amazing" in steps[0][1]["text"] and "broken" in steps[1][1]["text"]
    # asked of one of them, the other is left alone
    assert len(_steps("Review A: \"Fast shipping and lovely packaging.\"\nReview B: \"It arrived broken.\"\n"
                      "What's the sentiment of review A?")) == 1


def test_each_item_of_a_labelled_paste_is_a_text_of_its_own():
    steps = _steps("Two vacuum reviews. Translate both into English and give the sentiment of each.\n"
                   "1: Der Staubsauger ist leise und saugt hervorragend, aber der Akku hält nur 20 Minuten.\n"
                   "2: Aspirapolvere rumoroso e si è rotto dopo un mese. Pessimo acquisto.")
    assert [task for task, _ in steps] == ["translation", "translation", "text-classification", "text-classification"]
    assert steps[0][1]["text"].startswith("Der Staubsauger") and steps[1][1]["text"].startswith("Aspirapolvere")
    assert {steps[2][1]["text"], steps[3][1]["text"]} == {"<resource-0>", "<resource-1>"}


def test_each_summary_names_the_summaries_already_asked_for():
    steps = _steps("Summarise each email below in one line and translate each summary into Mandarin.\n\n"
                   "Email 1:\nHi Chen, the shipment of bowls left Shenzhen on Monday and should arrive in a month.\n\n"
                   "Email 2:\nDear Chen, the unit price on invoice 2211 is wrong; could you send a corrected one?")
    assert [task for task, _ in steps] == ["summarization", "summarization", "translation", "translation"]
    assert {steps[2][1]["text"], steps[3][1]["text"]} == {"<resource-0>", "<resource-1>"}


def test_a_comparison_of_translated_items_reads_both_translations():
    steps = _steps("Two reviews in different languages:\nA) El hotel estaba limpio y el personal fue muy amable.\n"
                   "B) L'hôtel était propre et le personnel très sympathique.\nTranslate both to English and then tell me "
                   "how similar they are.")
    assert [task for task, _ in steps] == ["translation", "translation", "sentence-similarity"]
    assert steps[2][1] == {"text": "<resource-0>", "other": "<resource-1>"}


@pytest.mark.parametrize("query, language", [("Give me a French translation of ./notes.txt", "French"),
                                             ("Summarise ./minutes.txt and make a Portuguese copy of the summary", "Portuguese")])
def test_a_language_before_the_translations_noun_is_its_target(query, language):
    translation = next(t for t in Planner(select_models=False).plan(query).tasks if t.task == "translation")
    assert translation.language == language


def test_a_language_before_translation_needs_no_article():
    steps = Planner(select_models=False).plan("./menu_ja.jpg: pull the text off it, then english translation").tasks
    assert [(t.task, t.language) for t in steps] == [("image-to-text", None), ("translation", "English")]


def test_a_sentence_that_only_names_files_spreads_no_task_and_a_place_picks_one():
    """'I have two recordings, morning.wav and evening.wav. Transcribe morning.wav.' had transcribed both (new user)."""
    assert _steps("I have two recordings, morning.wav and evening.wav. Transcribe morning.wav.") == [
        ("automatic-speech-recognition", {"audio": "morning.wav"})]
    assert _steps("Here are two photos, a.jpg and b.jpg. Caption a.jpg and detect objects in b.jpg.") == [
        ("image-to-text", {"image": "a.jpg"}), ("object-detection", {"image": "b.jpg"})]
    assert _steps("I have two recordings, morning.wav and evening.wav. Transcribe the first one and classify the sounds in "
                  "the second.") == [("automatic-speech-recognition", {"audio": "morning.wav"}),
                                     ("audio-classification", {"audio": "evening.wav"})]
    assert len(_steps("I have two recordings, a.wav and b.wav. Transcribe them.")) == 2  # asked of the list, each


def test_a_step_asked_of_both_results_runs_once_for_each_result_no_other_step_reads():
    """'... and read both answers to me out loud' had voiced one answer only (dev6)."""
    steps = _steps("Describe party.jpg, tell me what date the scanned invitation invite.png says, and read both answers to me out loud.")
    assert [task for task, _args in steps] == ["image-to-text", "document-question-answering", "text-to-speech", "text-to-speech"]
    assert {args["text"] for task, args in steps if task == "text-to-speech"} == {"<resource-0>", "<resource-1>"}
    translated = _steps("Translate ./a.txt into French and Spanish, and read both translations aloud.")
    assert [task for task, _args in translated].count("text-to-speech") == 2
    assert [task for task, _args in _steps("Transcribe ./a.wav, summarise it and read the summary aloud.")].count("text-to-speech") == 1
    joined = _steps("1. transcribe mon.wav\n2. transcribe tue.wav\n3. summarise both transcripts together into one status note")
    assert [task for task, _args in joined].count("summarization") == 1
    tagged = _steps("Interviews are recorded in ./p07.flac. They will be transcribed; names and places in each transcript "
                    "will be tagged; and a short summary of each transcript will be produced.")
    assert [task for task, _args in tagged].count("summarization") == 1
    asked = "Transcribe keynote.mp3 and panel.mp3, and the panel transcript translated into French."
    limited = asked + " Both transcriptions should use a model with at least 500k downloads."
    assert len(_steps(limited)) == len(_steps(asked))  # a later sentence's "both" asks the translation nothing more
    recorded = _steps("Translate ./a.txt into French and German and record each translation as audio.")
    assert [task for task, _args in recorded].count("text-to-speech") == 2


def test_a_second_translation_into_another_language_reads_what_the_first_read():
    """'Translate it into German, and into Japanese, and record each translation as audio' had translated the German (dev6)."""
    steps = _steps("My intro script:\n\n\"Welcome to Old Town! Please keep up and mind the cobbles.\"\n\nTranslate it into "
                   "German and into Japanese, and record each translation as audio for the headsets.")
    translations = [args["text"] for task, args in steps if task == "translation"]
    assert len(translations) == 2 and len(set(translations)) == 1 and not translations[0].startswith("<resource")
    assert [task for task, _args in steps].count("text-to-speech") == 2


def test_results_named_as_material_of_one_text_are_read_together():
    """'... mentioning both answers' had written the memo twice, once per answer (dev6)."""
    steps = _steps("Describe ./front.jpg, tell me what time the scanned ticket ./ticket.png shows, and draft a post "
                   "mentioning both answers.")
    assert [task for task, _ in steps].count("text-generation") == 1
