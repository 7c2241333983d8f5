"""The embedded default understander (hive/understanding/learned.py) through the real planner: what new users
tried, the request sets it is scored on, and an LLM for the parts it is unsure of."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hive.errors import NoPlanError, NothingToPlan
from hive.pipeline import Planner
from hive.understanding.detector import NONE
from hive.understanding.learned import UNCERTAIN
from hive.understanding.rules import RuleUnderstander, cue_spans

from support.paths import DATA, REPO


def tasks_of(planner: Planner, query: str) -> list[str]:
    return [t.task for t in planner.plan(query).tasks]


# -- the understander, on what new users tried ------------------------------------------------------

def test_constraint_words_do_not_become_tasks(planner):
    result = planner.plan("Summarise ./notes.txt using English models with more than 10k downloads")
    assert [t.task for t in result.tasks] == ["summarization"]
    assert result.constraints == {"global": {"languages": ["en"], "min_downloads": 10000}}


@pytest.mark.parametrize("query, expected", [
    ("pls sumarize my notes.txt in like 3 sentnces and make it the smalest model u got", ["summarization"]),
    ("transcribe ./a.wav; make it an Apache model please", ["automatic-speech-recognition"]),
    ("draw a cat and make it a 3D model", ["text-to-image", "image-to-image"]),  # a 3D model is a thing to make
])
def test_a_clause_that_only_says_which_model_to_make_it_is_no_step(planner, query, expected):
    assert tasks_of(planner, query) == expected


def test_a_clause_that_only_introduces_the_labels_is_no_step_of_its_own():
    for query in ("Candidate labels: ripe, unripe, rotten. Which one fits ./banana.jpg?",
                  "Given the options ['damaged', 'intact'], label ./parcel.jpg."):
        assert [t.task for t in Planner(select_models=False).plan(query).tasks] == ["zero-shot-image-classification"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Find names of people in examples/article.txt", ["token-classification"]),
        ("Read examples/article.txt and tell me which people and places are mentioned", ["token-classification"]),
        ("voice this paragraph: 'The museum opens at nine.'", ["text-to-speech"]),
        ("write down what is said in the clip ./c.mp3", ["automatic-speech-recognition"]),
        ("give me the gist of ./report.txt", ["summarization"]),
        ("whats the speaker saying in talk.wav", ["automatic-speech-recognition"]),
        ("I'm hard of hearing. Can you caption tutorial.mp4 and also caption tutorial_part2.mp4?",
         ["automatic-speech-recognition", "automatic-speech-recognition"]),  # image captioning, with no plan, before
        ("Caption this photo ./dog.jpg", ["image-to-text"]),
        ("What did my boss say in the voicemail boss.m4a and does he sound angry?", ["automatic-speech-recognition", "audio-classification"]),
        ("Transcribe call.wav and judge the sentiment of what the customer said", ["automatic-speech-recognition", "text-classification"]),
        ("Summarise this email: 'Please translate the attached contract and draw a diagram.'", ["summarization"]),
        ("Who wrote the novel Moby-Dick?", ["text-generation"]),  # refused from the eleventh session's retraining to the fifteenth
    ],
)
def test_paraphrases_and_pasted_content(planner, query, expected):
    assert tasks_of(planner, query) == expected


def test_an_item_of_a_wish_list_the_detector_reads_as_nothing_asks_for_its_likeliest_task(planner):
    """The third item had been read as asking nothing (none 0.54, speech synthesis 0.36) beside two that ask."""
    steps = planner.plan("launching friday need: (1) a punchy one-line tagline for our reusable cup, (2) a hero image "
                         "based on the tagline, (3) the tagline as a voiceover clip.").tasks
    assert [(t.task, t.dep) for t in steps] == [("text-generation", []), ("text-to-image", [0]), ("text-to-speech", [0])]


def test_writing_a_summary_of_the_text_at_hand_is_summarisation_not_free_writing(planner):
    """The detector had read 'write a short English summary for the catalogue card' as free writing (0.96)."""
    assert tasks_of(planner, "Read the text off ./letter.jpg, translate it into English, and write a short English "
                             "summary for the catalogue card.") == ["image-to-text", "translation", "summarization"]
    assert tasks_of(planner, "Write a short poem about autumn.") == ["text-generation"]


def test_a_forms_summary_field_names_a_field_not_a_summarisation(planner):
    """'Summary: helpdesk chat assistant ...' of a change request had been a summarisation step."""
    form = ("CHANGE REQUEST CR-5521\nSummary: helpdesk chat assistant for the Montreal office. It replies to staff "
            "messages, and each reply is also voiced on the phone line.\nRequirements:\n- both the chat model and the "
            "voice model must support French\nRollback: disable the helpdesk widget.")
    result = planner.plan(form)
    assert [t.task for t in result.tasks] == ["conversational", "text-to-speech"]
    assert result.constraints == {"global": {"languages": ["fr"]}}


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


def test_a_question_of_what_a_model_s_results_show_asks_for_no_step(planner):
    """'Which model is showing the best precision on ...?' had been read as classifying the mask (dev23)."""
    result = planner.plan("I want to have a mask for every pothole in ./road.jpg. Which model is showing the best "
                          "precision on the pothole segmentation dataset of keremberke? And it must be less than 50 million weights.")
    assert [t.task for t in result.tasks] == ["image-segmentation"]


def test_to_have_a_result_asks_for_it(planner):
    """'... and also to have the full transcription' had been swallowed by the emotion label before it (dev23)."""
    result = planner.plan("For ./call.wav I want to know the emotion of the caller, and also to have the full transcription.")
    assert sorted(t.task for t in result.tasks) == ["audio-classification", "automatic-speech-recognition"]


def test_that_text_is_the_text_the_step_before_made(planner):
    """'then using that text answer' had asked the picture itself (dev23)."""
    result = planner.plan("Read the text in photo.jpg, then using that text answer: why did the fox run away?")
    assert [(t.task, t.dep) for t in result.tasks] == [("image-to-text", []), ("question-answering", [result.tasks[0].id])]


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
    """'translate your answer' where no answer step was read (the answer is the chat step's): the translation reads
    the last step before it, not whatever the planner's set order offers (which followed the process's hash seed)."""
    import os
    import subprocess
    import sys

    query = ("Chat with the user message in chat_msg.wav (it's a voice message): transcribe it, answer it like an "
             "assistant, translate your answer into Spanish and speak it.")
    for seed in ("1", "3"):
        answer = subprocess.run([sys.executable, "-m", "hive.cli", "plan", query, "--json"],
                                capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        steps = {t["task"]: t for t in json.loads(answer.stdout)["tasks"]}
        assert steps["translation"]["dep"] == [steps["conversational"]["id"]], seed


def test_a_request_that_only_names_a_model_of_a_clear_task_asks_for_that_task_as_surely_as_the_name_says(planner):
    """The model's noun names the task: no uncertainty warning (until the twenty-eighth session it was kept uncertain,
    which refused a model sought for a picture or a sound with no file given)."""
    result = planner.plan("chatbot for my discord server. english only, must not be GPL. first msg to answer: "
                          "'yo what's the best way to learn guitar'")
    assert [t.task for t in result.tasks] == ["conversational"]
    assert result.tasks[0].confidence >= UNCERTAIN and not any("uncertain" in w for w in result.warnings)


def test_a_clause_naming_the_model_of_a_step_already_asked_only_constrains_it(planner):
    result = planner.plan("Transcribe ./msg_fr.wav, translate it into English, and read it out loud. All models need "
                          "permissive licences. The speech recogniser must list French (fr), and the translator must be "
                          "under 100M parameters.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation", "text-to-speech"]
    assert result.constraints["per_task"] == {"automatic-speech-recognition": {"languages": ["fr"]},
                                              "translation": {"max_parameters": 100_000_000}}


@pytest.mark.parametrize("query, tasks, scoped", [
    ("Please read the handwriting in ./letter.jpg into text, then list the people and places it mentions, and write a "
     "three-line summary for the catalogue. For picking out people and places, the most downloaded model is fine.",
     ["image-to-text", "token-classification", "summarization"], {"token-classification": {"rank_by": "downloads"}}),
    ("Generate a render of a sunny living room, then give me both a depth map and a segmentation of that render. "
     "The depth and segmentation models: Apache-2.0.",
     [("text-to-image", []), ("depth-estimation", [0]), ("image-segmentation", [0])],
     {"depth-estimation": {"licences": ["apache-2.0"]}, "image-segmentation": {"licences": ["apache-2.0"]}}),
])
def test_a_sentence_only_naming_steps_asked_and_stating_limits_asks_no_step_again(planner, query, tasks, scoped):
    """The task's words inside the targets' names ("For picking out people and places", "segmentation models")
    name the steps; 'that render' is the picture made before, which both later steps read."""
    result = planner.plan(query)
    got = [(t.task, t.dep) if isinstance(tasks[0], tuple) else t.task for t in result.tasks]
    assert got == tasks and result.constraints["per_task"] == scoped


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



def test_a_conversion_of_an_input_already_in_its_form_beside_other_steps_names_the_input(planner):
    """'For the photo (file) I want: ...' read as making the photo: no step; the steps reading it read the file."""
    result = planner.plan("For the photo of the bronze horse (./horse.jpg) I want: a description of what the picture shows; that "
                          "description rewritten in simple words for children; the simple version spoken aloud; and a "
                          "cartoon-style version of the photo.")
    assert [t.task for t in result.tasks] == ["image-to-text", "text2text-generation", "text-to-speech", "image-to-image"]
    assert result.tasks[0].args["image"] == result.tasks[3].args["image"] == "./horse.jpg"


def test_a_step_needing_a_sound_never_reads_an_earlier_steps_text_but_an_input_to_name(planner):
    """No invented round trip (text -> speech -> transcript): the sound the request does not name is asked for."""
    result = planner.plan("Write a haiku about autumn, then transcribe a voicemail.")
    assert [(t.task, t.dep) for t in result.tasks] == [("text-generation", []), ("automatic-speech-recognition", [])]
    assert result.tasks[1].args["audio"] == "<the audio to name when running>"
    with pytest.raises(NoPlanError, match="already text"):  # the text it names is still said to be text
        planner.plan("Summarise ./notes.txt and then transcribe it.")


def test_a_question_that_repeats_the_step_before_asks_no_answer_of_its_own(planner):
    result = planner.plan("I keep wondering whether 'Where is the station?' and 'How do I get to the station?' ask the "
                          "same thing. Could you score how alike they are?")
    assert [t.task for t in result.tasks] == ["sentence-similarity"]


def test_an_unsure_task_on_a_picture_not_given_is_a_false_alarm(planner):
    try:
        result = planner.plan("describe the weather in Paris")
    except NothingToPlan:
        return
    assert "image-to-text" not in [t.task for t in result.tasks]  # "describe" here is no caption of a missing picture
    assert not any(i.kind == "unnamed" for i in result.explanation.inputs)
    assert all(t.confidence is None or t.confidence >= 0.5 or any("uncertain" in w for w in result.warnings) for t in result.tasks)


@pytest.mark.parametrize("query", ["book me a flight to Rome", "please water my plants tomorrow morning"])
def test_nothing_recognised_is_an_error_naming_no_guess(planner, query):
    with pytest.raises(NothingToPlan, match="nothing to plan: no part of the request asks for a task"):
        planner.plan(query)


def test_every_requested_step_carries_a_confidence(planner):
    result = planner.plan("Transcribe ./a.wav, summarise it and draw a picture of the summary")
    requested = [t for t in result.tasks if t.requested]
    assert len(requested) == 3 and all(0.0 < t.confidence <= 1.0 for t in requested)


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
    dubbed = planner.plan("turn ./me.wav into Spanish speech")  # speech in another language: heard, not read
    assert [t.task for t in dubbed.tasks] == ["automatic-speech-recognition", "translation", "text-to-speech"]
    assert dubbed.tasks[1].language == "Spanish" and dubbed.tasks[2].args["text"] == "<resource-1>"
    wanted = planner.plan("I recorded myself in English (./me.wav), I want it spoken in Spanish for my abuela")
    assert [t.task for t in wanted.tasks] == ["automatic-speech-recognition", "translation", "text-to-speech"]


def test_cue_words_inside_quotes_are_data_not_requests(planner):
    result = planner.plan("Read this aloud: 'how many people translate poems?'")
    assert [t.task for t in result.tasks] == ["text-to-speech"]


@pytest.mark.parametrize("query", ["hello", "hi there", "thanks!", "ok"])
def test_a_greeting_is_nothing_to_plan(planner, query):
    with pytest.raises(NothingToPlan, match="nothing to plan"):
        planner.plan(query)


def test_a_question_about_a_document_goes_to_document_qa(planner):
    result = planner.plan("How much was the tip on the receipt ./r.jpg?")
    assert [t.task for t in result.tasks] == ["document-question-answering"]
    assert result.tasks[0].args == {"image": "./r.jpg", "question": "How much was the tip on the receipt ./r.jpg?"}


def test_a_second_object_of_the_same_verb_reads_what_the_first_reads():
    planner = Planner(select_models=False)
    plan = planner.plan("make an image and a video of a fox running through fresh snow at dawn")
    assert [t.task for t in plan.tasks] == ["text-to-image", "text-to-video"]  # no caption of the image in between
    chained = planner.plan("Caption ./a.jpg and a video of the caption")  # the second object reads the first's output
    assert [t.task for t in chained.tasks] == ["image-to-text", "text-to-video"]
    assert chained.tasks[1].args["text"] == "<resource-0>"


# -- the request sets it is tuned and scored on ----------------------------------------------------

def _one_mention_is_one_step(planner, path: Path) -> None:
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        steps = [(t.task, t.language, json.dumps(t.args, sort_keys=True)) for t in planner.plan_or_error(item["query"]).tasks]
        assert len(set(steps)) == len(steps), item["query"]


def test_one_mention_is_one_step_on_the_sets_we_tune_on(planner):
    _one_mention_is_one_step(planner, REPO / "benchmarks" / "data" / "dev-understanding.jsonl")


def test_one_mention_is_one_step_on_the_development_set(planner, development_set):
    _one_mention_is_one_step(planner, development_set)


def _score(gold: Path, planner, tmp_path: Path, shared: Path) -> dict:
    """Plan every request of `gold` and score the plans with the benchmark's own scorer (../shared/bench/score.py)."""
    preds = tmp_path / "preds.jsonl"
    with preds.open("w") as out:
        for line in gold.read_text().splitlines():
            item = json.loads(line)
            out.write(json.dumps(planner.plan_or_error(item["query"], item["id"]).to_json_dict()) + "\n")
    scorer = shared / "bench" / "score.py"
    output = subprocess.run([sys.executable, str(scorer), str(gold), str(preds), "--json"], capture_output=True, text=True, check=True)
    return json.loads(output.stdout)["overall"]


def test_development_set_scores(planner, tmp_path, shared, development_set):
    scores = _score(development_set, planner, tmp_path, shared)
    assert scores["TS"] >= 0.9 and scores["FoT"] >= 0.85, scores


def test_requests_in_other_styles_score_well(planner, tmp_path, shared):
    """heldout.jsonl was used once to find general gaps; fresh.jsonl was never tuned on."""
    assert _score(DATA / "heldout.jsonl", planner, tmp_path, shared)["TS"] >= 0.9
    fresh = _score(DATA / "fresh.jsonl", planner, tmp_path, shared)
    assert fresh["TS"] >= 0.85 and fresh["FoT"] >= 0.8, fresh


# -- an LLM for the uncertain parts -----------------------------------------------------------------

def _asking_planner(base_url: str) -> Planner:
    """A planner whose understander asks the LLM about every clause (a threshold above any confidence)."""
    from hive.llm.openai_backend import OpenAICompatible
    from hive.understanding.learned import LearnedUnderstander

    return Planner(understander=LearnedUnderstander(chooser=OpenAICompatible(base_url, "scripted"), ask_below=1.01),
                   select_models=False)


def test_an_uncertain_part_is_decided_by_the_configured_llm():
    """The LLM is a remote service: the test's scripted OpenAI-compatible server stands in for it."""
    from support.llm_server import ScriptedLLM

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
    from support.llm_server import ScriptedLLM

    with ScriptedLLM(['{"task": "make-coffee"}']) as llm:
        result = _asking_planner(llm.base_url).plan("Transcribe ./a.wav")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    assert result.llm_usage["choose"]["fallback"] is True and result.llm_usage["choose"]["invalid"] == 1
    assert any("fell back to the detector's reading" in w for w in result.warnings)


def test_the_ask_after_a_pasted_text_is_read(planner):
    """A paste introduced by a marker ran to the end and swallowed the ask after it: nothing was planned."""
    assert tasks_of(planner, "Text: I loved the movie, the acting was superb and the story kept me hooked. "
                             "Is it positive or negative?") == ["text-classification"]
    assert tasks_of(planner, "need two things on each incoming user message: a chatbot reply, and a sentiment label "
                             "for the message. all models >= 1000 downloads.") == ["conversational", "text-classification"]


def test_a_question_about_a_pasted_table_is_table_question_answering(planner):
    result = planner.plan("Budget table:\nTeam, Q1, Q2\nMarketing, 120k, 135k\nEngineering, 400k, 410k\n"
                          "What is the Marketing total for Q2? Write a one-sentence announcement and record it as audio.")
    assert [t.task for t in result.tasks] == ["table-question-answering", "text-generation", "text-to-speech"]
    assert result.parsed.data == [{"Team": ["Marketing", "Engineering"], "Q1": ["120k", "400k"], "Q2": ["135k", "410k"]}]


@pytest.mark.parametrize("query, prompt", [
    ("Generate a picture of a cat wearing a hat, and make sure the model is well-liked by the community.",
     "Generate a picture of a cat wearing a hat"),
    ("Write a short poem about autumn. Model must be a Korean model and under 100 million parameters.",
     "Write a short poem about autumn."),
    ("Write a story in German with an MIT model.", "Write a story in German with an MIT model."),
])
def test_a_clause_that_only_states_a_constraint_is_not_part_of_the_prompt(planner, query, prompt):
    """A new user found the model's prompt held 'make sure the model is well-liked by the community'."""
    result = planner.plan(query)
    assert [step.args["text"] for step in result.tasks] == [prompt]


@pytest.mark.parametrize("query, expected", [
    ("Transcribe letter.m4a in Korean, don't translate.", ["automatic-speech-recognition"]),
    ("Transcribe ep41.wav but do not summarise it", ["automatic-speech-recognition"]),
    ("Don't summarise notes.txt, translate it into French", ["translation"]),
    ("Transcribe ep41.wav and don't forget to summarise it", ["automatic-speech-recognition", "summarization"]),  # asks
])
def test_work_the_request_refuses_is_not_planned(planner, query, expected):
    assert tasks_of(planner, query) == expected


@pytest.mark.parametrize("query", [
    "Translate the subtitles episode3_fr.srt into English and then into German.",
    "Translate notes.txt into English, then translate the English into German.",
])
def test_a_translation_into_another_language_after_one_is_a_second_step(planner, query):
    """The second had been read as the first said on, and the German version was never planned."""
    result = planner.plan(query)
    assert [(t.task, t.dep) for t in result.tasks] == [("translation", []), ("translation", [0])]


@pytest.mark.parametrize("query, task", [
    ("Which language is this tweet written in? 'Dit is een korte zin over het weer vandaag.'", "text-classification"),
    ("What language is this text in? 'Dit is een korte zin.'", "text-classification"),
    ("Which language should I learn next? Answer from this text: 'Spanish is widely spoken and easy for English speakers.'",
     "question-answering"),  # not a question about the text's own language
])
def test_a_question_about_a_text_s_language_asks_a_language_identifier(planner, query, task):
    """It had been answered from the text by a question-answering model, or translated."""
    assert tasks_of(planner, query) == [task]


def test_answers_named_as_a_later_step_s_input_leave_each_question_its_step(planner):
    """'Use those answers to write ...' asks to write, not to answer: both questions keep their steps (dev6's r8a-093,
    word for word)."""
    query = ("Realtor. floorplan_22b.png: how many bedrooms does the plan show? Is there an en-suite? Use those answers to "
             "write a listing blurb, then cut the blurb down to under 30 words for the portal.")
    assert sorted(tasks_of(planner, query)) == ["summarization", "text-generation", "visual-question-answering",
                                                "visual-question-answering"]


def test_a_model_named_for_a_clear_task_outweighs_a_side_clause_s_unsure_reading(planner):
    """Every clause read "none" but "Out of those," (token classification, 0.43): that unsure reading of a side clause
    had been the step, though the request names an image generator and gives it a prompt."""
    result = planner.plan("For a client pitch I'd only consider an image generator that has been downloaded at least a "
                          "million times, proven at scale. Out of those, the one with the most likes. Prompt to test: "
                          "'a lighthouse at dusk, watercolour'.")
    assert [t.task for t in result.tasks] == ["text-to-image"]


def test_a_task_named_in_the_fields_shorthand_on_an_input_is_asked():
    """'tableqa on sales_q3.csv' asks for table question answering though the detector never saw the word."""
    result = Planner(select_models=False).plan("tableqa on sales_q3.csv: 'which region had the highest revenue?' then tts the answer. "
                                               "tts: cc-by-4.0.")
    assert [t.task for t in result.tasks] == ["table-question-answering", "text-to-speech"]


def test_a_clause_of_an_earlier_steps_name_choosing_words_and_a_limit_asks_for_no_step():
    """'Choose the audio model by best accuracy on speech_commands.' had been read as speech synthesis, a step more."""
    result = Planner(select_models=False).plan("Each 1-second clip from the mic should get a command label (yes, no, on, off and "
                                               "so on). Choose the audio model by best accuracy on speech_commands.")
    assert [t.task for t in result.tasks] == ["audio-classification"]
    assert list(result.constraints["per_task"]) == ["audio-classification"]


def test_a_task_named_outright_wins_over_another_reading_of_its_clause():
    """'then text-to-image from the caption' had been read as captioning again (its clause holds 'caption')."""
    result = Planner(select_models=False).plan("caption ./cat.jpg, then text-to-image from the caption")
    assert [t.task for t in result.tasks] == ["image-to-text", "text-to-image"]


def test_a_role_named_by_a_task_s_acronym_asks_for_no_step():
    """'QA lead for the ... phone lines' names the writer's role: it had been read as question answering."""
    result = Planner(select_models=False).plan("QA lead for the St Petersburg and Helsinki phone lines. I want to flag the "
                                               "caller's emotion in ./calls/2024-03-11_0931.wav.")
    assert [t.task for t in result.tasks] == ["audio-classification"]


@pytest.mark.parametrize("query, task", [
    ("image captioning model with the most hearts on the hub that's below half a billion params?", "image-to-text"),
    ("[infra] ASR: switch prod to the lowest-WER model on LibriSpeech test-other. licence apache-2.0 or MIT, 10k+ downloads",
     "automatic-speech-recognition"),
    ("t2i model, no *RAIL licences of any kind, most likes", "text-to-image"),
])
def test_a_model_sought_by_its_task_s_name_or_noun_is_planned_on_an_input_to_name(query, task):
    """Shopping for a model names the task by a model's noun or the field's shorthand and gives no file: the step is
    planned on an input named at run time (with a warning), not refused as an unsure reading."""
    result = Planner(select_models=False).plan(query)
    assert [t.task for t in result.tasks] == [task]
    assert not any("uncertain" in w for w in result.warnings)


@pytest.mark.parametrize("words, tasks", [
    # a limit said again is no step of its own
    ("Caption photo.jpg and then read the caption aloud. Keep everything under 1B params. No wait, make that 500M.",
     ["image-to-text", "text-to-speech"]),
    # "answer" and "the question-answering model" in one clause are one step
    ('Answer this question about contract.txt: "Who pays the deposit?" The question-answering model must handle French.',
     ["question-answering"]),
    # a limit on the line after a numbered list is no subject of the list's last item
    ("1. Transcribe interview.wav\n2. Extract the named entities from the transcript\n3. Translate the transcript into English\n"
     "The NER model must be the most downloaded one. No GPL anywhere.",
     ["automatic-speech-recognition", "token-classification", "translation"]),
    # a model named right before its blanked limit speaks of a model: "speaks it" asks for no voice
    ("Could you set up something that transcribes our weekly call recording (./calls/monday.mp3) and then summarises it? "
     "Legal says nothing non-commercial, and the speech model has to support German since half the team speaks it.",
     ["automatic-speech-recognition", "summarization"]),
])
def test_a_sentence_of_limits_adds_and_removes_no_step(planner, words, tasks):
    """A new user's requests: each limit sentence had added a step, or taken a listed one away."""
    assert [t.pipeline_tag for t in planner.plan(words).tasks] == tasks


def test_a_sentence_that_only_refuses_licences_is_left_out_of_the_prompt(planner):
    """'Steer clear of OpenRAIL licences.' had been drawn into the picture's prompt."""
    step = planner.plan("Steer clear of OpenRAIL licences. Generate a picture of a castle at dusk and then upscale it.").tasks[0]
    assert step.pipeline_tag == "text-to-image" and step.args["text"] == "Generate a picture of a castle at dusk and then upscale it."
    reasoned = planner.plan("Draw a watercolour of a lighthouse at dusk. CreativeML OpenRAIL-M is fine with me, but nothing "
                            "non-commercial since I might sell the prints.").tasks[0]
    assert reasoned.args["text"] == "Draw a watercolour of a lighthouse at dusk."  # the reason after a limit goes with it (new user)


def test_a_ticket_s_title_line_asks_nothing_beside_the_lines_that_ask(planner):
    """A ticket's 'Summary: Depth + segmentation ...' had added a second segmentation, of the depth map (new user)."""
    steps = planner.plan("Ticket #2291\nSummary: Depth + segmentation for warehouse photos\nDescription: Estimate the depth "
                         "of ./aisle3.jpg and also segment the image so we can find the shelves.\nRequirements: the depth "
                         "model must be Apache-2.0; the segmentation model must be under 100M parameters.").tasks
    assert sorted((t.task, t.args["image"]) for t in steps) == [("depth-estimation", "./aisle3.jpg"), ("image-segmentation", "./aisle3.jpg")]
    alone = planner.plan("Subject: transcribe the attached call ./a.wav\nHi, see subject. Thanks").tasks
    assert [t.task for t in alone] == ["automatic-speech-recognition"]  # a title that alone asks is read


def test_a_request_going_on_in_a_question_s_sentence_is_no_question_and_a_reply_reads_the_message(planner):
    """'Can you tell me if this message is positive or negative, and draft a polite reply?' had answered a question
    from the sentiment label (new user)."""
    steps = planner.plan("Customer wrote: \"I ordered the blue jacket three weeks ago and it still hasn't arrived.\"\n\n"
                         "Can you tell me if this message is positive or negative, and draft a polite reply to the customer?").tasks
    assert [(t.task, t.dep) for t in steps] == [("text-classification", []), ("text-generation", [])]
    assert "blue jacket" in steps[1].args["text"]
    asked = planner.plan("Context: 'Kim moved to Oslo in 2019.' Is Kim in Norway, and when did Kim move?").tasks
    assert [t.task for t in asked] == ["question-answering"]  # a question going on is still a question


def test_wanting_to_hear_a_pasted_text_asks_for_it_read_aloud(planner):
    """'I want to hear this article while I drive:' over a pasted article had been refused (new user)."""
    steps = planner.plan("I want to hear this article while I drive:\n\nCity officials announced on Monday that the riverside "
                         "park will reopen in June after a two-year renovation.").tasks
    assert [t.task for t in steps] == ["text-to-speech"] and steps[0].args["text"].startswith("City officials")
    heard = planner.plan("Listen to this recording ./a.wav and tell me what is said").tasks
    assert [t.task for t in heard] == ["automatic-speech-recognition"]  # a recording to listen to is heard by a recogniser


def test_a_backstory_announcing_a_step_asked_for_below_adds_no_step(planner):
    """'the reception kiosk needs a welcome announcement' had planned a second voice, reading nothing."""
    steps = planner.plan("Our Vienna office opens on 1 September and the reception kiosk needs a welcome announcement. Please "
                         "translate this English sentence into German and turn it into a spoken audio file: 'Welcome to "
                         "Brightline, please sign in.'").tasks
    assert [(t.task, t.dep) for t in steps] == [("translation", []), ("text-to-speech", [0])]


def test_items_lettered_a_b_c_are_steps_of_their_own(planner):
    """'c) produce an audio version of the caption' had been joined to the item before it and lost."""
    result = planner.plan("File: scans/1987_44_12.tif\nTasks:\n  a) write a descriptive caption of the photograph\n"
                          "  b) tag the names of people and places mentioned in that caption\n"
                          "  c) produce an audio version of the caption for the accessibility kiosk")
    assert [(t.task, t.dep) for t in result.tasks] == [("image-to-text", []), ("token-classification", [0]), ("text-to-speech", [0])]


def test_a_person_who_speaks_a_language_asks_for_no_voice():
    """'which I barely speak' had been a cue asking for text-to-speech, adding a voice that read the pasted text (dev20)."""
    rules = RuleUnderstander()
    assert cue_spans(rules, "her homework is in German, which I barely speak.") == []
    assert cue_spans(rules, "we don't speak Dutch at home.") == []
    assert [task for task, _start, _end in cue_spans(rules, "Speak this sentence for me.")] == ["text-to-speech"]


def test_a_text_squashed_into_a_few_sentences_is_summarised(planner):
    steps = planner.plan("Squash ./chapter4.txt into a few sentences, then write three quiz questions about it.").tasks
    assert [(t.task, t.dep) for t in steps] == [("summarization", []), ("text-generation", [0])]


def test_the_model_of_a_step_asked_named_in_a_limit_adds_no_step(planner):
    """'Use the smallest summarising model you have' had added a second summary of the quiz questions (dev20)."""
    result = planner.plan("Summarise ./chapter4.txt, then write five quiz questions based on that summary. Use the smallest "
                          "summarising model you have, it is for a school project.")
    assert [(t.task, t.dep) for t in result.tasks] == [("summarization", []), ("text-generation", [0])]
    assert result.constraints["per_task"]["summarization"] == {"smallest": True}


def test_a_question_mark_after_a_pasted_list_asks_for_nothing_more(planner):
    """The '?' after 'descriptions: lavender & oat, ...' was masked with the list and read as a question to answer."""
    steps = planner.plan("I make candles and sell them at markets. Could you write three short product descriptions: lavender & "
                         "oat, cedar & smoke, and honey & beeswax? I want a model with a permissive licence, and one that's got "
                         "at least 20k downloads.").tasks
    assert [t.task for t in steps] == ["text-generation"]


def test_a_question_nothing_claims_takes_the_task_it_leans_to(planner):
    """dev20's d20c43: 'are these two bug reports basically the same issue?' had been answered by a reading-comprehension
    model; the detector leans to sentence similarity there."""
    query = json.loads(next(line for line in (REPO / "benchmarks/data/dev20-constraints.jsonl").open() if '"d20c43"' in line))["query"]
    assert [t.task for t in planner.plan(query).tasks] == ["sentence-similarity", "text-classification"]


def test_a_question_asking_for_help_asks_nothing_of_the_inputs(planner):
    """'can you help me triage this?' above a pasted ticket had become a question answered from it (dev21)."""
    result = planner.plan("Can you help me with this one? Customer message: 'My parcel never arrived and support keeps "
                          "closing my tickets without an answer.' I need a one-line summary and a polite draft reply.")
    assert sorted(t.task for t in result.tasks) == ["summarization", "text-generation"]


def test_a_refusal_joined_to_the_ask_after_it_neither_silences_nor_questions_it(planner):
    """'Nothing under that RAIL licence, ok? ... Anyway: write a tagline' had been read as one part saying what is
    not wanted (no writing step), then as a question (an answer instead of the writing) (dev17)."""
    result = planner.plan("No models under the OpenRAIL licence, ok? Legal flagged it. Anyway: write a short slogan for our "
                          "bakery 'Crumb & Co', then draw a poster from the slogan.")
    assert [t.task for t in result.tasks] == ["text-generation", "text-to-image"]
    assert result.tasks[1].dep == [0]


@pytest.mark.parametrize("query, expected", [
    ("Two jobs on the poem below. Job one: summarise it. Job two: read the summary aloud.\n\n"
     "Poem: The river keeps its silver promise, turning stones to sand and sand to sky, and every evening the herons come.",
     ["summarization", "text-to-speech"]),
    ("Pasting a support chat below. I need two things for the ticket:\n1. a one-line summary\n"
     "2. the names of people mentioned\n\nChat: 'Hi, this is Maria Lopez, my order 4471 never came and nobody at Acme replies.'",
     ["summarization", "token-classification"]),
])
def test_a_clause_counting_the_asks_before_a_colon_asks_nothing_itself(planner, query, expected):
    """'Three steps on the abstract below. Step one:' had been read as a rewrite, 'I need three things for the CRM:'
    as a chat reply (dev21, dev20)."""
    assert sorted(t.task for t in planner.plan(query).tasks) == sorted(expected)


def test_a_rewriting_into_another_language_is_a_translation(planner):
    """'turn it into English' of a menu read off a photo had been read as a rewrite (dev22); 'into plain English'
    of an English clause stays one."""
    menu = planner.plan("We're in Osaka and the menu at this little place has no English at all (photo: ./trip/menu.jpg). Can "
                        "you read the writing off it and turn it into English for us? I'm writing this up for a paid travel "
                        "blog, so both tools need to be OK for commercial use.")
    assert [t.task for t in menu.tasks] == ["image-to-text", "translation"]
    clause = planner.plan("Here is the contract clause: 'The party of the first part shall indemnify the party of the second "
                          "part.' Turn it into plain English for us.")
    assert [t.task for t in clause.tasks] == ["text2text-generation"]


def test_a_clip_of_a_length_wanted_is_a_video_to_make(planner):
    """'I'm after a five-second clip of ...' had been read as writing (dev22's d22c52, word for word); a clip the
    person shot is not made. (Its later clause "so skip any generator that forbids ___" reads as tabular
    classification at 0.51 with the encoder's rounding on some CPUs, which adds a writing step after the clip: a
    miss of its own, left out of this test.)"""
    wanted = planner.plan("For the Hartley-Nakamura wedding reel I'm after a five-second clip of paper lanterns drifting up "
                          "over a still lake at dusk. It goes into a package the couple pays for, so skip any generator that "
                          "forbids commercial use; among the rest I'd like the one people have liked the most.")
    assert [t.task for t in wanted.tasks][:1] == ["text-to-video"]
    assert wanted.tasks[0].args["text"].startswith("For the Hartley-Nakamura wedding reel I'm after a five-second clip")
    shot = planner.plan("We shot a ten-minute clip of the match yesterday; transcribe it")
    assert "text-to-video" not in [t.task for t in shot.tasks]


@pytest.mark.parametrize("query, expected", [
    ("I need something that labels the emotion in short customer voice notes - angry, calm, sad, that sort of thing.",
     "audio-classification"),
    ("I need a model that detects the emotion in customer phone calls", "audio-classification"),
    ("Tell me the sentiment of the transcripts of our phone calls", "text-classification"),  # a text of the calls
])
def test_a_label_asked_of_sounds_no_text_is_given_for_labels_the_sounds(planner, query, expected):
    """'labels the emotion in short customer voice notes' had been planned as a text's label (dev21)."""
    assert [t.task for t in planner.plan(query).tasks] == [expected]


def test_a_form_giving_an_input_and_a_question_asks_for_the_answer(planner):
    """A requirements form naming a photo and a question, with no verb asking anything, had nothing to plan (dev19)."""
    result = planner.plan("## Door sign checker: requirements\n- Input: door_sign_04.jpg\n"
                          "- Question: \"Is the shop open on Sundays?\"\n- Licence: MIT\n- Owner: store-ops")
    assert [(t.task, t.args["image"]) for t in result.tasks] == [("visual-question-answering", "door_sign_04.jpg")]


def test_a_paste_s_language_before_it_and_a_clause_with_so_i_can_ask_as_written(planner):
    """'Customer's message, in Italian:' had asked for a translation of its own, and 'put my reply into Italian so I can
    send it' had been read as naming a model ('my reply into Italian so I' as the subject of 'can'; dev15)."""
    result = planner.plan("Help desk. Guest's note, in German:\n\n\"Guten Tag, das Zimmer ist sehr laut und die Heizung "
                          "funktioniert nicht. Können Sie mir bitte ein anderes Zimmer geben?\"\n\nMake it readable for me in "
                          "English, draft a chat-style reply in English, then put my reply into German so I can send it. "
                          "The reply drafter must be MIT.")
    assert [t.task for t in result.tasks] == ["translation", "conversational", "translation"]


def test_a_voiceover_is_speech_to_make(planner):
    """'turn the blurb into a voiceover' had been left out among other asks (dev6)."""
    result = planner.plan("I filmed ./knife.mp4 and want to know what action it shows. Then write a short blurb about "
                          "that technique, turn the blurb into a voiceover, and make a thumbnail picture of a knife.")
    assert "text-to-speech" in [t.task for t in result.tasks]


def test_a_text_made_less_formal_is_rewritten(planner):
    """'... and the summary made a bit less formal for the youth group page' had been left out (dev6)."""
    result = planner.plan("Sunday's sermon recording is sermon.mp3. Could it be summarised for the newsletter, and the "
                          "summary made a bit less formal for the youth group page?")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization", "text2text-generation"]


def test_a_short_question_is_not_swallowed_by_the_sure_ask_after_it(planner):
    """'Is there an en-suite? | Use those answers to write a listing blurb' had been read as one writing clause (dev6)."""
    result = planner.plan_or_error("Floor plan ./plan_3b.png: how many bathrooms does it show? Is there a balcony? Use those "
                                   "answers to write a short listing text.")
    assert result.error is None, result.error
    tasks = [t.task for t in result.tasks]
    assert tasks.count("text-generation") == 1 and len(tasks) == 3
    assert {t.args.get("question") for t in result.tasks if t.task != "text-generation"} == {
        "how many bathrooms does it show?", "Is there a balcony?"}


@pytest.mark.parametrize("query", [
    "Classify each row of ./leases.csv as renewing or not. Compliance rules out anything with a copyleft clause; "
    "of what's left, the smallest by parameter count.",
    "Fix the spelling in ./letter.txt. This is client work, so rule out anything with a non-commercial clause. "
    "From what's left, the most downloaded model.",
])
def test_a_clause_that_only_narrows_the_models_asks_for_no_step(planner, query):
    """'of what's left' (a choice among what a limit left, its 'what' no question) and 'rule out anything with a ___
    clause' had each been read as a question to answer."""
    result = planner.plan(query)
    assert len(result.tasks) == 1 and "question-answering" not in result.tasks[0].task


def test_items_after_a_colon_that_counts_them_are_each_a_step(planner):
    """'two things ...: the caller's emotion and a full transcript': the emotion had been read as no ask."""
    result = planner.plan("The auditors want two things from ./calls/c7.wav: the caller's emotion and a full transcript.")
    assert sorted(step.task for step in result.tasks) == ["audio-classification", "automatic-speech-recognition"]
    assert len(planner.plan("I want two things: a summary of ./a.txt, and the cheapest licence.").tasks) == 1


def test_a_relative_clause_stating_a_limit_asks_for_no_step(planner):
    """', which cap us at 500 million parameters' had been read as a question about a table."""
    result = planner.plan("Summarise ./notes.txt and write a tweet from the summary. Both run in our serverless functions, "
                          "which cap us at 500 million parameters.")
    assert [step.task for step in result.tasks] == ["summarization", "text-generation"]


def test_a_quoted_question_in_another_language_is_no_request_in_that_language(planner):
    """The kids' German question, quoted, had made the whole request 'look written in German' and be refused;
    'they only speak German' is the people's language, no text to speak."""
    result = planner.plan("Answer 'Wie viele Katzen sind auf dem Bild?' about ./book/page12.jpg. They only speak German.")
    assert [step.task for step in result.tasks] == ["visual-question-answering"]
    with pytest.raises(NothingToPlan, match="looks written in German"):
        planner.plan("Wie viele Katzen sind auf dem Bild ./book/page12.jpg?")


def test_an_e_mail_s_title_line_is_no_text_to_work_on(planner):
    """The subject line had been a text to classify."""
    result = planner.plan("Subject: Requirements for the web-chat pilot\n\nHi team, each incoming customer message in "
                          "./messages.txt should be scored for sentiment.")
    assert [step.task for step in result.tasks] == ["text-classification"] and result.parsed.input_texts == []


def test_a_clause_speaking_only_of_licences_asks_for_nothing(planner):
    """'so leave that whole licence family out' (the RAIL one named before it) had been read as tagging names."""
    result = planner.plan("Paint a lighthouse in a storm. I've read the RAIL licences and don't want their rules, so leave "
                          "that whole licence family out.")
    assert [step.task for step in result.tasks] == ["text-to-image"]
    assert result.constraints["global"] == {"deny_licences": ["openrail"]}  # "leave ... out" is no data leaving: not offline


def test_a_clause_choosing_among_models_by_popularity_asks_for_no_step(planner):
    result = planner.plan("A customer left this on our page:\n\n« Bonjour ! Vous faites des gâteaux sans gluten ? »\n\nWrite "
                          "her a friendly chat-style reply in French. Whatever chat model you use needs to support French; if "
                          "there's a choice, the popular pick by download numbers.")
    assert [step.task for step in result.tasks] == ["conversational"]
    assert result.constraints["global"]["rank_by"] == "downloads"


def test_a_clause_ending_before_a_blank_line_still_joins_the_clause_before_it(planner):
    """'2) fix the spelling | and grammar of what it read' then a blank line: the second piece, read alone as a
    caption, had been a third step once clauses could not join across the blank line."""
    result = planner.plan("1) pull the text off whiteboard_retro.jpg\n2) fix the spelling and grammar of what it read\n\n"
                          "step 1: <= 300M params\nstep 2: apache-2.0, and the most downloaded one")
    assert [step.task for step in result.tasks] == ["image-to-text", "text2text-generation"]


def test_the_clause_after_a_paste_is_read_as_the_person_wrote_it(planner):
    """The blank of the pasted ads had covered the line break after them, so 'For the scoring model, ...' read as
    holding an input, and was a fill-in-the-blank step; 'of what's left, the one people have liked most' a question."""
    result = planner.plan("Two job ads. Give me a score for how similar they are in meaning.\n\nOurs: \"Backend engineer, remote-"
                          "friendly.\" Theirs: \"Server-side developer, hybrid.\"\n\nFor the scoring model, go with the crowd "
                          "favourite: most hearts on Hugging Face.")
    assert [step.task for step in result.tasks] == ["sentence-similarity"]
    result = planner.plan("Translate ./brief.txt into English. It can't carry a non-commercial clause; of what's left, the one "
                          "people have liked most.")
    assert [step.task for step in result.tasks] == ["translation"]


def test_a_result_named_by_its_step_s_task_refers_to_that_step():
    """'summarise the OCR text' had been read as a second OCR (the detector saw 'OCR'), and the summary lost."""
    result = Planner(select_models=False).plan("scan_contract.png: OCR it, NER the parties, summarise the OCR text, and ask "
                                               "doc QA 'when does it expire?' on the scan itself")
    assert [t.task for t in result.tasks] == ["image-to-text", "token-classification", "summarization",
                                              "document-question-answering"]
    assert result.tasks[2].dep == [0]


def test_a_goal_before_a_colon_that_a_later_step_reaches_is_no_step_of_its_own(planner):
    """The goal ("how much the two answers overlap") had been a similarity step of its own, beside the one the steps
    after the colon ask for, and no plan reached both."""
    plan = planner.plan("I'd like to know how much the two panels' answers overlap: transcribe ./panel_a.wav and "
                        "./panel_b.wav, then score how similar the two transcripts are.")
    assert sorted(step.task for step in plan.tasks) == ["automatic-speech-recognition", "automatic-speech-recognition",
                                                        "sentence-similarity"]


def test_a_relative_clause_read_unsurely_goes_on_with_the_clause_before_it(planner):
    """"which we'll revisit at renewal" had been read as a classification of its own."""
    plan = planner.plan("The vendor returned the signed terms; everything is accepted except clause 9, which we'll "
                        "revisit at renewal. For the contract file I need ./terms_v3.txt translated into English.")
    assert [step.task for step in plan.tasks] == ["translation"]


def test_the_rows_of_a_table_of_steps_still_read_together(planner):
    """Only a table's first row stands apart from the prose before it; the rows of a checklist of stages join as before
    (dev21's d21c19, word for word, had lost every step when each row stood alone)."""
    query = ("Production checklist for interview_raw.mp3 (guest recorded on a laptop mic in a café):\n\n| stage | what | rule |\n"
             "|---|---|---|\n| 1 | clean up the audio | share-alike is OK, non-commercial is not |\n"
             "| 2 | transcribe the cleaned audio | lowest WER on LibriSpeech test-other |\n"
             "| 3 | show-notes summary of the transcript | under 1B parameters |")
    assert [(t.task, t.dep) for t in planner.plan(query).tasks] == [
        ("audio-to-audio", []), ("automatic-speech-recognition", [0]), ("summarization", [1])]


# Requests from dev31 (a tunable set) or shaped on them, each read wrongly before the rule its comment names.
@pytest.mark.parametrize("query, expected", [
    # a participle that says how a listed thing is wanted asks for it ("the cards, summed up"), it narrates nothing
    ("Visitor-experience review for the textile gallery:\n(a) gallery_cam.jpg: mark where the people are standing in the "
     "frame;\n(b) comments_fr.txt: the French comment cards, summed up in a few lines (keep it in French);\n(c) this one "
     "comment, \"Too dark near the tapestries, I could barely read the labels\": is it about lighting, noise or prices?\nThe summary tool has to handle French.",
     {"object-detection", "summarization", "zero-shot-classification"}),
    # "As for the voice," names what the limit after it binds; it asks for no step
    ("I rambled an idea into idea_0912.wav. Write down what I said, tidy it into clean sentences without all the "
     "\"um\"s, and have a synthetic voice read the tidy version for the trailer. As for the voice, the smallest you've got.",
     {"automatic-speech-recognition", "text2text-generation", "text-to-speech"}),
    # questions headed by files of different kinds are two steps, not one joined clause
    ("Weekend at the hide. call_03.wav: whose bird is calling there? heron.jpg: which heron is it?",
     {"audio-classification", "image-classification"}),
    # the photo's question is no document's though a scanned invoice is asked about in another sentence
    ("Photo hall.jpg: is the exit door shut? Separately, from the scanned invoice inv.png, what is the total?",
     {"visual-question-answering", "document-question-answering"}),
])
def test_dev31_readings(planner, query, expected):
    assert {t.task for t in planner.plan(query).tasks} == expected
