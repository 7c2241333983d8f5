"""The learned task detector and the understander built on it (the embedded default)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hive.contracts import TaskStep
from hive.errors import HiveError, NoPlanError, NothingToPlan
from hive.pipeline import Planner, uncertain_steps
from hive.planning.library import load_library
from hive.request import GoalSpec
from hive.understanding.detector import NONE, TaskDetector
from hive.understanding.encoder import shared_encoder
from hive.understanding.language import foreign_language
from hive.understanding.learned import UNCERTAIN
from hive.understanding.parsing import locate_values, parse_request
from hive.understanding.segments import split_parts
from hive.understanding.training import build_pool, read_written, train

from conftest import SHARED_BENCH

REPO = Path(__file__).resolve().parents[1]


def tasks_of(planner: Planner, query: str) -> list[str]:
    return [t.task for t in planner.plan(query).tasks]


# -- the encoder ------------------------------------------------------------------------------------


def test_the_encoder_puts_paraphrases_closer_than_other_tasks():
    encoder = shared_encoder()
    transcribe, paraphrase, other = encoder.encode(
        ["transcribe the recording", "write down what is said in the clip", "draw a picture of a lighthouse"]
    )
    assert transcribe.shape == (384,) and abs(float(np.linalg.norm(transcribe)) - 1.0) < 1e-3
    assert float(transcribe @ paraphrase) > float(transcribe @ other)


# -- segments ---------------------------------------------------------------------------------------


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


def test_a_table_is_named_and_flagged():
    located = locate_values("Given {'city': ['Oslo', 'Rome'], 'pop': ['0.7', '2.8']}, which city is larger?")
    first = split_parts(located)[0]
    assert "the table" in first.reading and "table" in first.modalities and "Oslo" not in first.reading


def test_pasted_content_after_a_marker_or_a_pointing_colon_is_an_input():
    parsed, _ = parse_request("Context: Kim moved to Oslo in 2019 to study music. Question: why did Kim move?")
    assert parsed.input_texts == ["Kim moved to Oslo in 2019 to study music."] and parsed.question == "why did Kim move?"
    parsed, _ = parse_request("Condense this for my boss: the vendor confirmed Tuesday delivery but the invoice is still "
                              "missing and finance wants it before Friday at noon")
    assert len(parsed.input_texts) == 1 and parsed.input_texts[0].startswith("the vendor")
    parsed, _ = parse_request("Please look at ./shelf.jpg: count the bottles, tell me whether the shelf looks tidy and caption it")
    assert parsed.input_texts == []  # instructions after a colon are not pasted content
    parsed, located = parse_request("Give me the gist of this chat and its tone:\n'Lee: shall we translate the deck?\n"
                                    "Max: not yet, I'll draw the diagrams first\nLee: ok, Friday then'")
    assert parsed.input_texts[0].startswith("Lee: shall we") and "translate" not in located.masked  # its own colons too
    parsed, _ = parse_request("Here is a voice note, memo.wav (it's from my landlord): transcribe it, pull out every date "
                              "and amount he mentions, and summarise what he wants")
    assert parsed.input_texts == []  # "it's ..." describes; the instructions after the colon are no pasted text


def test_quoted_and_listed_labels_are_candidate_labels():
    assert parse_request('Does ./a.webp look "vintage", "modern" or "minimalist"?')[0].categories == ["vintage", "modern", "minimalist"]
    assert parse_request("Is ./pet.png a hamster, a guinea pig or a rat?")[0].categories == ["hamster", "guinea pig", "rat"]
    assert parse_request("Sort ./a.txt into one of: sport, politics, culture")[0].categories == ["sport", "politics", "culture"]
    assert parse_request("intents (book_flight, cancel_booking): 'when do I fly?'")[0].categories == ["book_flight", "cancel_booking"]
    # lead-ins other than "as"/"is", ", or" before the last item, a list ending before the next clause; 'X or not'
    assert parse_request("Is it about sports, politics, or technology?")[0].categories == ["sports", "politics", "technology"]
    assert parse_request("Say if it sounds more like Paris, London or New York")[0].categories == ["Paris", "London", "New York"]
    assert parse_request("classify it as complaint, praise or question and write a reply")[0].categories == [
        "complaint", "praise", "question"]
    assert parse_request("Is it a cat or not?")[0].categories == []  # "or not" offers no second label
    assert parse_request("Is this review positive or negative?")[0].categories == []  # the sentiment: fixed labels
    assert parse_request("Classify it into one of: positive, negative")[0].categories == ["positive", "negative"]
    assert parse_request("choose from {refund, delivery, account}: 'Where is my parcel?'")[0].categories == [
        "refund", "delivery", "account"]
    assert parse_request("the topic of ./a.txt - options are economy, weather, sport")[0].categories == [
        "economy", "weather", "sport"]
    assert parse_request("tell me which of billing, delivery or quality the summary is about")[0].categories == [
        "billing", "delivery", "quality"]
    assert parse_request("tell me whether it's a complaint, a compliment or a question")[0].categories == [
        "complaint", "compliment", "question"]


def test_a_clause_that_only_introduces_the_labels_is_no_step_of_its_own():
    for query in ("Candidate labels: ripe, unripe, rotten. Which one fits ./banana.jpg?",
                  "Given the options ['damaged', 'intact'], label ./parcel.jpg."):
        assert [t.task for t in Planner(select_models=False).plan(query).tasks] == ["zero-shot-image-classification"]


def test_a_list_of_licences_is_a_constraint_not_labels():
    parsed, located = parse_request("Read ./a.txt aloud with a permissive licence (MIT or Apache-2.0) since it is commercial.")
    assert parsed.categories == [] and located.labels == []


def test_folders_and_globs_are_inputs_of_the_kind_their_path_names():
    parsed, located = parse_request("Caption every photo in ./photos/trip/ and classify ./audio/calls/*.wav, see ./misc/stuff/")
    assert parsed.files == ["./photos/trip/", "./audio/calls/*.wav"]  # "./misc/stuff/" names no kind: words
    plan = Planner(select_models=False).plan("Caption every photo in ./photos/trip/ and then read each caption out loud.")
    assert [t.task for t in plan.tasks] == ["image-to-text", "text-to-speech"] and plan.tasks[0].args["image"] == "./photos/trip/"


def test_a_quoted_file_name_is_a_file():
    parsed, _ = parse_request("I have a file named 'example.jpg'. What is in it?")
    assert parsed.files == ["example.jpg"] and parsed.input_texts == []
    assert parse_request('Transcribe "./Meetings/Q3 review.mp3" please')[0].files == ["./Meetings/Q3 review.mp3"]
    assert parse_request("Transcribe ./café/über.wav")[0].files == ["./café/über.wav"]
    quoted_text = parse_request("Translate 'please read the attached notes.txt'")[0]  # a sentence, not a name
    assert quoted_text.files == [] and quoted_text.input_texts == ["please read the attached notes.txt"]


# -- the detector -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def detector():
    return TaskDetector()


def test_the_detector_scores_every_library_task_and_none(detector):
    assert set(detector.labels) == set(load_library().actions) | {NONE}
    parsed, located = parse_request("Transcribe ./a.wav, then read the summary aloud")
    readings = detector.read(located, parsed, [])
    assert len(readings) == 2
    for reading in readings:
        assert abs(sum(reading.probabilities.values()) - 1.0) < 1e-4
    assert readings[0].best[0] == "automatic-speech-recognition"


def test_word_order_tells_speech_to_text_from_text_to_speech(detector):
    to_text = detector.read(*reversed(parse_request("turn the speech in ./a.wav into text")), [])[0].best[0]
    to_speech = detector.read(*reversed(parse_request("turn the text in ./a.txt into speech")), [])[0].best[0]
    assert (to_text, to_speech) == ("automatic-speech-recognition", "text-to-speech")


def test_missing_weights_are_a_one_line_error(tmp_path):
    with pytest.raises(HiveError, match="weights are missing"):
        TaskDetector(tmp_path / "none.npz")


# -- the understander, on what new users tried ------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Find names of people in examples/article.txt", ["token-classification"]),
        ("Read examples/article.txt and tell me which people and places are mentioned", ["token-classification"]),
        ("voice this paragraph: 'The museum opens at nine.'", ["text-to-speech"]),
        ("write down what is said in the clip ./c.mp3", ["automatic-speech-recognition"]),
        ("give me the gist of ./report.txt", ["summarization"]),
        ("Summarise this email: 'Please translate the attached contract and draw a diagram.'", ["summarization"]),
        ("Who wrote the novel Moby-Dick?", ["text-generation"]),
    ],
)
def test_paraphrases_and_pasted_content(planner, query, expected):
    assert tasks_of(planner, query) == expected


def test_a_short_spoken_tail_is_a_step_of_its_own(planner):
    assert tasks_of(planner, "Summarise ./a.txt and read the summary to me while I drive.") == ["summarization", "text-to-speech"]


def test_a_clause_asking_for_an_answer_out_loud_gets_a_speech_step_after_it(planner):
    result = planner.plan("Read out loud which product had the highest sales in ./examples/sales.csv, I'm driving.")
    assert [t.task for t in result.tasks] == ["table-question-answering", "text-to-speech"]
    assert result.tasks[1].dep == [result.tasks[0].id]
    assert tasks_of(planner, "What's the due date on ./invoice.png? Answer in German, my accountant doesn't speak English.") \
        == ["document-question-answering", "translation"]  # "speak" alone, which the detector rules out, is no speech step


def test_a_weak_clause_asking_for_another_task_is_not_swallowed_by_a_surer_neighbour(planner):
    result = planner.plan("Write a short product blurb from ./specs/kettle.json with an MIT-licensed text generator under "
                          "2B parameters, then voice it with an English text-to-speech model.")
    assert len(result.tasks) == 2 and result.tasks[1].task == "text-to-speech"
    assert result.constraints["per_task"]["text-to-speech"] == {"languages": ["en"]}  # "English" alone is the phrase


def test_a_join_keeps_what_the_surer_clause_asks_for(planner):
    assert tasks_of(planner, "Listen to ./call.wav and tell me if the caller's problem is billing, shipping or technical.") \
        == ["automatic-speech-recognition", "zero-shot-classification"]


def test_labels_an_earlier_step_took_leave_a_later_classifier_its_own(planner):
    result = planner.plan('Transcribe ./c.wav, then decide whether it is about "delivery", "quality" or "payment", '
                          "and also give me the sentiment.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "zero-shot-classification", "text-classification"]


def test_a_step_reads_what_it_is_given(planner):
    """'turn the caption into a picture' makes a picture from the caption: text-to-image, not image-to-image."""
    result = planner.plan("Caption ./kitchen.jpg and then turn the caption into a brand-new picture.")
    assert [t.task for t in result.tasks] == ["image-to-text", "text-to-image"] and result.tasks[1].dep == [result.tasks[0].id]
    assert tasks_of(planner, "Describe ./napkin.png in words, then generate a polished image from that description.") \
        == ["image-to-text", "text-to-image"]
    # no reading makes a picture from the story, a likely one reads it: the recording is speech
    assert tasks_of(planner, "Write a short story about a lost robot, turn it into an audiobook-style recording, and also "
                             "make a cover illustration for it.") == ["text-generation", "text-to-speech", "text-to-image"]


def test_goals_that_settle_on_the_same_input_are_one_step(planner):
    """'... audio in French' (read as translation) and 'translate to English' both end up reading the transcript."""
    result = planner.plan("A client sent audio ./brief.m4a in French. Please transcribe, translate to English, and then "
                          "compare how similar the translation is to this line: 'Delivery within 30 days.'")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation", "sentence-similarity"]
    assert result.tasks[2].dep == [result.tasks[1].id]


def test_a_clause_that_only_states_a_constraint_asks_for_no_step(planner):
    result = planner.plan("Summarise ./notes.txt. Just give me the smallest model you have.")
    assert [t.task for t in result.tasks] == ["summarization"] and result.constraints == {"global": {"smallest": True}}


def test_a_question_that_only_chooses_among_models_asks_for_no_step(planner):
    result = planner.plan("Transcribe ./a.wav and translate it to Spanish. Which model is MIT and is the smallest of them?")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation"]
    assert result.constraints == {"global": {"licences": ["mit"], "smallest": True}}


def test_each_bulleted_line_is_a_step_of_its_own(planner):
    """A list item neither joins the line before it nor is read as the object of its verb."""
    result = planner.plan("Please do this:\n- write down what is said in ./memo.m4a\n- a summary")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("summarization", [result.tasks[0].id])]


def test_a_csv_is_a_table_and_text_so_text_steps_read_it_directly(planner):
    result = planner.plan("For each support ticket in tickets.csv: (1) detect the sentiment, (2) separately pull out "
                          "product and company names.")
    assert [(t.task, t.dep) for t in result.tasks] == [("text-classification", []), ("token-classification", [])]
    assert tasks_of(planner, "Predict the quality label for each wine in ./wine.csv") == ["tabular-classification"]


def test_a_task_noun_made_of_an_input_is_a_step_before_the_clause_verb(planner):
    result = planner.plan("List the people named in a summary of this article: 'Maria Lopez met the mayor of Lyon on "
                          "Tuesday to discuss the new tram line and its costs.'")
    assert [(t.task, t.dep) for t in result.tasks] == [("summarization", []), ("token-classification", [result.tasks[0].id])]
    assert tasks_of(planner, "Sort the transcription of ./msg.wav into urgent, routine or spam") \
        == ["automatic-speech-recognition", "zero-shot-classification"]


def test_a_conversion_with_nothing_to_convert_takes_a_reading_a_conversion_makes_possible(planner):
    assert tasks_of(planner, "Draw a picture of the scene described aloud in ./scene.wav") \
        == ["automatic-speech-recognition", "text-to-image"]


def test_a_request_giving_an_input_that_reads_as_asking_nothing_takes_its_likeliest_task_uncertain(planner):
    result = planner.plan("voice this paragraph: 'The museum opens at nine.'")
    assert [t.task for t in result.tasks] == ["text-to-speech"]
    assert result.tasks[0].confidence < 0.5 and "is uncertain" in " ".join(result.warnings)
    with pytest.raises(NothingToPlan):
        planner.plan("Book me a table for two at 8pm.")  # no input, and nothing HIVE does: still refused


def test_a_step_said_again_in_other_words_is_one_step_not_a_round_trip(planner):
    """'type out what it says' after 'read the text on ./sign.jpg' is the same reading, not speech then a transcript."""
    assert tasks_of(planner, "Could you read the words on the poster in ./poster.png? Basically write out what it says.") \
        == ["image-to-text"]
    assert tasks_of(planner, "Please read the label in ./jar.jpg, I just need it typed out.") == ["image-to-text"]


def test_writing_an_earlier_answer_in_another_language_is_a_translation(planner):
    result = planner.plan("How many people are in ./team.jpg? Give me that answer in German please")
    assert result.tasks[-1].task == "translation" and result.tasks[-1].dep == [result.tasks[0].id]



def test_a_reference_to_a_step_not_read_takes_the_step_before_it_in_every_process():
    """'translate your answer' where no answer step was read: the translation reads the last step before
    it, not whatever the planner's set order offers (which followed the process's hash seed)."""
    import os
    import subprocess
    import sys

    query = ("Chat with the user message in chat_msg.wav (it's a voice message): transcribe it, answer it like an "
             "assistant, translate your answer into Spanish and speak it.")
    for seed in ("1", "3"):
        answer = subprocess.run([sys.executable, "-m", "hive.cli", "plan", query, "--json"],
                                capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        steps = {t["task"]: t for t in json.loads(answer.stdout)["tasks"]}
        assert steps["translation"]["dep"] == [steps["automatic-speech-recognition"]["id"]], seed

def test_a_request_that_only_names_a_model_of_a_clear_task_asks_for_that_task_uncertain(planner):
    result = planner.plan("chatbot for my discord server. english only, must not be GPL. first msg to answer: "
                          "'yo what's the best way to learn guitar'")
    assert [t.task for t in result.tasks] == ["conversational"]
    assert result.tasks[0].confidence < UNCERTAIN


def test_a_clause_naming_the_model_of_a_step_already_asked_only_constrains_it(planner):
    result = planner.plan("Transcribe ./msg_fr.wav, translate it into English, and read it out loud. All models need "
                          "permissive licences. The speech recogniser must list French (fr), and the translator must be "
                          "under 100M parameters.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation", "text-to-speech"]
    assert result.constraints["per_task"] == {"automatic-speech-recognition": {"languages": ["fr"]},
                                              "translation": {"max_parameters": 100_000_000}}


def test_a_task_word_right_after_the_is_the_earlier_steps_output(planner):
    result = planner.plan("Paraphrase 'The product arrived late and damaged.' and then classify the emotion of the paraphrase.")
    assert [(t.task, t.dep) for t in result.tasks] == [("text2text-generation", []), ("text-classification", [0])]


def test_a_language_pair_with_an_arrow_gives_the_translation_its_target():
    result = Planner().plan("translate en->fr: 'Please find attached the revised contract.'")
    assert [(t.task, t.language) for t in result.tasks] == [("translation", "French")]


def test_labels_given_make_zero_shot_classification(planner):
    result = planner.plan("Classify examples/article.txt into one of: sport, politics, culture")
    assert [t.task for t in result.tasks] == ["zero-shot-classification"]
    assert result.tasks[0].args["labels"] == ["sport", "politics", "culture"]


def test_also_means_the_same_input_not_the_previous_output(planner):
    result = planner.plan("Estimate the depth of examples/traffic-light.png and also segment it into regions")
    assert sorted(t.task for t in result.tasks) == ["depth-estimation", "image-segmentation"]
    assert all(t.dep == [] and t.args["image"] == "examples/traffic-light.png" for t in result.tasks)


def test_an_input_that_already_has_the_wanted_form_is_said_so(planner):
    with pytest.raises(NoPlanError, match="already text: there is nothing to convert"):
        planner.plan("Transcribe examples/article.txt")


def test_a_step_needing_a_sound_never_reads_an_earlier_steps_text_but_an_input_to_name(planner):
    """No invented round trip (text -> speech -> transcript): the sound the request does not name is asked for."""
    result = planner.plan("Write a haiku about autumn, then transcribe a voicemail.")
    assert [(t.task, t.dep) for t in result.tasks] == [("text-generation", []), ("automatic-speech-recognition", [])]
    assert result.tasks[1].args["audio"] == "<the audio to name when running>"
    with pytest.raises(NoPlanError, match="already text"):  # the text it names is still said to be text
        planner.plan("Summarise ./notes.txt and then transcribe it.")


def test_a_request_in_another_language_is_refused_in_one_line(planner):
    with pytest.raises(NothingToPlan, match="looks written in German"):
        planner.plan("Bitte transkribiere die Datei ./a.wav und fasse sie dann zusammen")
    assert foreign_language("Please transcribe ./a.wav and summarise it") is None


def test_a_task_asked_of_a_picture_not_named_is_planned_on_an_input_to_name_when_running(planner):
    result = planner.plan("detect objects in a picture, small model please")
    assert [t.task for t in result.tasks] == ["object-detection"]
    unnamed = [r for r in result.explanation.inputs if r.kind == "unnamed"]
    assert [r.modalities for r in unnamed] == [["image"]] and unnamed[0].value in result.tasks[0].args.values()
    assert any("does not name: name the file (e.g. ./photo.jpg)" in w for w in result.warnings)
    assert result.tasks[0].model is not None  # selection still picks a model for it


def test_a_question_that_repeats_the_step_before_asks_no_answer_of_its_own(planner):
    result = planner.plan("I keep wondering whether 'Where is the station?' and 'How do I get to the station?' ask the "
                          "same thing. Could you score how alike they are?")
    assert [t.task for t in result.tasks] == ["sentence-similarity"]


def test_an_unsure_task_on_a_picture_not_given_is_a_false_alarm(planner):
    with pytest.raises(NothingToPlan, match="nothing to plan"):
        planner.plan("describe the weather in Paris")


@pytest.mark.parametrize("query", ["book me a flight to Rome", "please water my plants tomorrow morning"])
def test_nothing_recognised_is_an_error_naming_no_guess(planner, query):
    with pytest.raises(NothingToPlan, match="nothing to plan: no part of the request asks for a task"):
        planner.plan(query)


def test_every_requested_step_carries_a_confidence(planner):
    result = planner.plan("Transcribe ./a.wav, summarise it and draw a picture of the summary")
    requested = [t for t in result.tasks if t.requested]
    assert len(requested) == 3 and all(0.0 < t.confidence <= 1.0 for t in requested)


def test_an_uncertain_step_is_a_warning_with_the_other_readings():
    step = TaskStep(id=0, task="summarization", pipeline_tag="summarization", dep=[], args={}, outputs=["text"], stage=0,
                    requested=True, confidence=UNCERTAIN - 0.1)
    goal = GoalSpec(task="summarization", confidence=UNCERTAIN - 0.1, readings={"summarization": 0.4, "text2text-generation": 0.3})
    (warning,) = uncertain_steps([step], [goal])
    assert "step 0 (summarization) is uncertain (confidence 0.40)" in warning and "text2text-generation 0.30" in warning


def test_one_mention_is_one_step_on_the_sets_we_tune_on(planner):
    sets = [REPO / "benchmarks" / "data" / "dev-understanding.jsonl", SHARED_BENCH / "muse-dev.jsonl"]
    for path in [p for p in sets if p.exists()]:
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            steps = [(t.task, t.language, json.dumps(t.args, sort_keys=True)) for t in planner.plan_or_error(item["query"]).tasks]
            assert len(set(steps)) == len(steps), item["query"]


# -- training ---------------------------------------------------------------------------------------


def test_the_pool_holds_only_library_tasks_and_no_frozen_request():
    pool = build_pool(None)
    known = set(load_library().actions) | {NONE}
    assert {e["label"] for e in pool if "label" in e} <= known
    assert {t for e in pool if "tasks" in e for t in e["tasks"]} <= known
    frozen = REPO / "benchmarks" / "data"
    held_out = {json.loads(line)["query"] for name in ("frozen-understanding.jsonl", "frozen-nothing.jsonl", "dev-understanding.jsonl",
                                                                "judge-understanding.jsonl", "check-understanding.jsonl",
                                                                "blind-understanding.jsonl", "blind-nothing.jsonl")
                for line in (frozen / name).read_text(encoding="utf-8").splitlines()}
    assert not held_out & {e["text"] for e in pool}


def test_spans_label_the_clauses_that_ask_and_the_idle_ones():
    from hive.understanding.features import Featuriser
    from hive.understanding.rules import RuleUnderstander
    from hive.understanding.training import spanned_parts

    rules = RuleUnderstander()
    featuriser = Featuriser(sorted(rules.verbs))
    chain = {"text": "My boss wants it by noon. Please transcribe ./a.wav, then give me the gist.",
             "tasks": ["automatic-speech-recognition", "summarization"],
             "spans": [["automatic-speech-recognition", "transcribe ./a.wav"], ["summarization", "give me the gist"]]}
    rows, labels = spanned_parts([chain], featuriser, rules)
    assert labels == [NONE, "automatic-speech-recognition", "summarization"] and rows.shape[0] == 3
    # a span across two clauses: the two read together, and the clause holding most of it; the other teaches nothing
    across = {"text": "Watch ./a.mp4, tell me what sport they are playing", "label": "video-classification",
              "spans": [["video-classification", "Watch ./a.mp4, tell me what sport they are playing"]]}
    _rows, labels = spanned_parts([across], featuriser, rules)
    assert labels == ["video-classification", "video-classification"]


def test_training_writes_weights_the_detector_loads(tmp_path):
    pytest.importorskip("sklearn")
    written = read_written(REPO / "hive" / "understanding" / "data" / "written.txt")
    chosen = [e for e in written if e["label"] in ("automatic-speech-recognition", "text-to-image", NONE)]
    out = tmp_path / "detector.npz"
    train(chosen, out)
    detector = TaskDetector(out)
    assert set(detector.labels) == {"automatic-speech-recognition", "text-to-image", NONE}
    parsed, located = parse_request("please transcribe the interview ./i.wav")
    assert detector.read(located, parsed, [])[0].best[0] == "automatic-speech-recognition"


# -- an LLM for the uncertain parts -----------------------------------------------------------------


def _asking_planner(base_url: str) -> Planner:
    """A planner whose understander asks the LLM about every clause (a threshold above any confidence)."""
    from hive.llm.openai_backend import OpenAICompatible
    from hive.understanding.learned import LearnedUnderstander

    return Planner(understander=LearnedUnderstander(chooser=OpenAICompatible(base_url, "scripted"), ask_below=1.01),
                   select_models=False)


def test_an_uncertain_part_is_decided_by_the_configured_llm():
    """The LLM is a remote service: the test's scripted OpenAI-compatible server stands in for it."""
    from llm_server import ScriptedLLM

    with ScriptedLLM([json.dumps({"task": "audio-classification"})]) as llm:
        result = _asking_planner(llm.base_url).plan("Transcribe ./a.wav")
        request = llm.requests[0]
    prompt = request["messages"][0]["content"]
    assert [t.task for t in result.tasks] == ["audio-classification"]
    assert "The part in question: Transcribe ./a.wav" in prompt and "- automatic-speech-recognition:" in prompt
    options = request["response_format"]["json_schema"]["schema"]["properties"]["task"]["enum"]
    assert "automatic-speech-recognition" in options and NONE in options
    assert result.llm_usage["choose"]["calls"] == 1
    assert result.llm_usage["choose"]["changes"] == ["'Transcribe ./a.wav': audio-classification rather than automatic-speech-recognition"]


def test_an_invalid_llm_choice_keeps_the_detector_reading():
    from llm_server import ScriptedLLM

    with ScriptedLLM(['{"task": "make-coffee"}']) as llm:
        result = _asking_planner(llm.base_url).plan("Transcribe ./a.wav")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    assert result.llm_usage["choose"]["fallback"] is True and result.llm_usage["choose"]["invalid"] == 1
    assert any("fell back to the detector's reading" in w for w in result.warnings)


def test_a_step_given_candidate_labels_stays_zero_shot_when_it_reads_another_steps_output(planner):
    """'… whether it reads more like A or B' about a generated text: whatever modality the clause was read
    for first, the step that reads the text and is given the labels chooses among them (it had no plan)."""
    result = planner.plan_or_error("Write a product blurb for a kettle, then say whether it reads more like 'luxury' or 'budget'.")
    assert result.error is None
    assert [t.task for t in result.tasks] == ["text-generation", "zero-shot-classification"]
    assert result.tasks[1].dep == [0]


def test_a_clause_that_only_points_at_an_input_or_says_what_is_not_wanted_asks_for_nothing():
    planner = Planner(select_models=False)
    assert [t.task for t in planner.plan("For ./crowd.jpg: detect the people and segment the scene.").tasks] == [
        "object-detection", "image-segmentation"]
    assert [t.task for t in planner.plan("Denoise ./baby_monitor.wav. Not a transcript, I just want to hear it clearer.").tasks] == [
        "audio-to-audio"]


def test_asking_to_hear_the_answer_adds_speech_after_it_but_describing_an_input_does_not():
    planner = Planner(select_models=False)
    spoken = planner.plan("Describe ./museum_piece.jpg in French, out loud.")
    assert [t.task for t in spoken.tasks] == ["image-to-text", "translation", "text-to-speech"]
    assert spoken.tasks[2].args["text"] == "<resource-1>"  # the French text is what is spoken
    asked = planner.plan("I asked my question out loud in ./ask.m4a. What is the answer in ./form_scan.png?")
    assert "text-to-speech" not in [t.task for t in asked.tasks]
