"""Which steps a constraint stated in the request binds (hive/understanding/scoping.py)."""

from __future__ import annotations

import pytest


def test_each_constraint_goes_to_the_step_its_clause_names(planner):
    result = planner.plan("Transcribe ./examples/meeting.wav with the lowest-WER model on LibriSpeech, then summarise it with an Apache-2.0 model")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"best_on": {"dataset": "LibriSpeech", "metric": "wer"}},
                                               "summarization": {"licences": ["apache-2.0"]}}}
    steps = {t.pipeline_tag: t for t in result.tasks}
    assert steps["automatic-speech-recognition"].model == "nvidia/stt_en_conformer_transducer_xlarge"
    assert steps["summarization"].model is not None and "licence in Apache-2.0" in steps["summarization"].why


def test_a_named_step_takes_the_constraint_whatever_the_clause(planner):
    result = planner.plan("OCR the note ./scans/n.jpg and translate it into French; use the smallest model for the OCR step.")
    assert result.constraints == {"per_task": {"image-to-text": {"smallest": True}}}


def test_a_doer_noun_names_the_step_asked_for_with_its_verb(planner):
    """'the reader' is the step asked for with 'read' (the text on the sign), not the voice that says it aloud."""
    result = planner.plan("Menu photo ./menu.png: read the Korean text, put it into English, then speak it. "
                          "The reader has to know Korean. The voice: most liked.")
    assert result.constraints["per_task"] == {"image-to-text": {"languages": ["ko"]}, "text-to-speech": {"rank_by": "likes"}}


@pytest.mark.parametrize("query, expected", [
    # a doubled consonant before the doer's ending: the tagger tags
    ("Translate notes_fr.txt into English and then pull out every person and place mentioned. The tagger must be MIT licensed.",
     {"token-classification": {"licences": ["mit"]}}),
    ("Clean the noise out of voicemail.wav and then transcribe it. The cleaner needs at least 50k downloads.",
     {"audio-to-audio": {"min_downloads": 50_000}}),
])
def test_a_doer_noun_binds_the_step_of_its_verb_however_it_is_spelt(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


def test_a_step_named_outright_binds_it_alone_though_the_planner_adds_a_step_to_reach_it(planner):
    """The OCR step the planner adds before the translation had been filtered by the translator's licence too."""
    result = planner.plan("Please help me translate the Chinese text in menu.jpg into English, and the translation model "
                          "licence must be Apache.")
    assert result.constraints == {"per_task": {"translation": {"licences": ["apache-2.0"]}}}
    assert [t.task for t in result.tasks] == ["image-to-text", "translation"]


def test_a_doer_noun_names_the_step_whose_task_it_names_but_not_itself(planner):
    """'The text generator' had bound the classifier's step, whose clause held the word 'generator'."""
    result = planner.plan("Write a product description for a bamboo toothbrush, then check whether it sounds positive. "
                          "The text generator must be MIT or BSD; the classifier must support German.")
    assert "mit" in result.constraints["per_task"]["text-generation"]["licences"]
    assert result.constraints["per_task"]["text-classification"] == {"languages": ["de"]}


def test_a_constraint_beside_a_step_s_number_binds_that_step(planner):
    table = ("Two jobs on meeting.wav: (1) write out what's said, (2) tell me the speaker's emotion.\n\n"
             "step | limit\n-----|------\n(1)  | licence MIT\n(2)  | most downloaded")
    assert planner.plan(table).constraints == {"per_task": {"automatic-speech-recognition": {"licences": ["mit"]},
                                                            "audio-classification": {"rank_by": "downloads"}}}
    same_line = "Two steps: (1) transcribe a.wav, (2) summarise the transcript.\n(1) must be MIT; (2) should be the smallest."
    assert planner.plan(same_line).constraints == {"per_task": {"automatic-speech-recognition": {"licences": ["mit"]},
                                                                "summarization": {"smallest": True}}}
    # a numbered list of limits numbers no step
    listed = planner.plan("Transcribe a.wav and summarise it. Requirements: 1) MIT licence 2) under 300M parameters")
    assert listed.constraints == {"global": {"licences": ["mit"], "max_parameters": 300_000_000}}


def test_a_policy_for_anything_we_run_binds_every_step_but_anything_beside_a_named_step_binds_that_step(planner):
    result = planner.plan("Write a limerick about tea, then translate it into Dutch. House rule for anything we run: "
                          "MIT and at least 10k downloads.")
    assert result.constraints == {"global": {"licences": ["mit"], "min_downloads": 10000}}
    result = planner.plan("Caption ./a.jpg and then summarise the caption. For the captioning anything MIT-licensed.")
    assert result.constraints == {"per_task": {"image-to-text": {"licences": ["mit"]}}}


def test_acronyms_inside_a_hyphenated_target_name_are_spelt_out(planner):
    result = planner.plan("Tell me which language is spoken in ./v.wav, then transcribe it. Language-ID model: 5k+ downloads.")
    assert result.constraints == {"per_task": {"audio-classification": {"min_downloads": 5000}}}


def test_two_targets_that_both_must_do_something_both_take_it(planner):
    result = planner.plan("Caption ./a.jpg, translate the caption into Italian and read it out. The translator and the "
                          "voice both have to support Italian; for the captioner, the most liked.")
    assert result.constraints == {"per_task": {"translation": {"languages": ["it"]}, "text-to-speech": {"languages": ["it"]},
                                               "image-to-text": {"rank_by": "likes"}}}


def test_a_constraint_on_its_own_applies_to_every_step(planner):
    result = planner.plan("Only MIT-licensed models please. Transcribe ./a.wav and find the entities in it.")
    assert result.constraints == {"global": {"licences": ["mit"]}}
    assert all("licence in MIT" in t.why for t in result.tasks if t.model)


@pytest.mark.parametrize("query", [
    "Apache only: transcribe ./a.wav and summarise it",  # a lead-in before a colon
    "transcribe ./a.wav, summarise it and draw a picture of the summary, Apache only",  # a fragment after the last comma
])
def test_a_constraint_standing_apart_from_the_steps_binds_them_all(planner, query):
    """Both had bound the one step whose clause held them (the first, the last)."""
    assert planner.plan(query).constraints == {"global": {"licences": ["apache-2.0"]}}
    scoped = planner.plan("Transcribe ./a.wav and summarise it, with the smallest model").constraints
    assert scoped == {"per_task": {"summarization": {"smallest": True}}}  # a model noun: the clause's step


def test_a_constraint_sentence_binds_the_step_it_names_and_a_semicolon_parts_the_steps(planner):
    result = planner.plan("Transcribe ./talk.wav and answer the questions in ./q.txt from the transcript. The transcriber "
                          "should have the lowest WER on the English test set of Multilingual LibriSpeech; for the question "
                          "answering take the smallest model.")
    assert [s.task for s in result.tasks] == ["automatic-speech-recognition", "question-answering"]
    scoped = result.constraints["per_task"]
    assert set(scoped["automatic-speech-recognition"]) == {"best_on"} and scoped["question-answering"] == {"smallest": True}
    assert "global" not in result.constraints


@pytest.mark.parametrize("query, expected", [
    ("Transcribe ./call.wav and summarise it.\nASR: the smallest one\nSummariser: MIT only",
     {"automatic-speech-recognition": {"smallest": True}, "summarization": {"licences": ["mit"]}}),
    ("Caption ./dog.jpg and read the caption aloud. For captioning pick the most liked model; the voice should be under 100M parameters.",
     {"image-to-text": {"rank_by": "likes"}, "text-to-speech": {"max_parameters": 100000000}}),
    ("Translate ./memo.txt into German and then summarise it. The translator must be Apache-2.0.",
     {"translation": {"licences": ["apache-2.0"]}}),
    ("Summarise ./contract.txt and answer 'Who signs it?' from it. QA model under 200M parameters; the summariser should be the most liked.",
     {"question-answering": {"max_parameters": 200_000_000}, "summarization": {"rank_by": "likes"}}),
])
def test_a_constraint_binds_the_step_a_label_or_a_model_noun_names(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


@pytest.mark.parametrize("query, expected", [
    ("Transcribe ./call.wav and tell me its sentiment. The sentiment model needs 500k+ downloads and the speech "
     "recogniser has to be an English model.",
     {"text-classification": {"min_downloads": 500_000}, "automatic-speech-recognition": {"languages": ["en"]}}),
    ("Transcribe ./call.wav and translate it into English. The speech one must be a Spanish model.",
     {"automatic-speech-recognition": {"languages": ["es"]}}),
    ("Caption ./dog.jpg, read the caption aloud and translate the caption into German. The captioner and the voice "
     "must be MIT, and the voice the most liked.",
     {"image-to-text": {"licences": ["mit"]}, "text-to-speech": {"licences": ["mit"], "rank_by": "likes"}}),
])
def test_a_constraint_binds_the_subject_nearest_before_it_or_the_one_step_of_the_kind_named(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


@pytest.mark.parametrize("query, expected", [
    ("Draw a sunken temple and read my intro aloud: 'The tide is out.' Only Apache-2.0 models on the picture side.",
     {"text-to-image": {"licences": ["apache-2.0"]}}),
    ("Draw a sunken temple and read my intro aloud: 'The tide is out.' On the audio side, Apache-2.0 only.",
     {"text-to-speech": {"licences": ["apache-2.0"]}}),
])
def test_a_side_of_the_work_named_by_its_kind_of_data_binds_the_one_step_handling_it(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


def test_a_table_of_limits_binds_each_row_to_the_step_its_first_cell_names(planner):
    result = planner.plan("For ./call.wav I need (a) which language is being spoken and (b) a transcript.\n\n| step | limit |\n"
                          "|---|---|\n| language ID | most downloaded |\n| transcript | lowest WER on LibriSpeech clean test |\n"
                          "| both | Apache-2.0 |")
    assert result.constraints == {"global": {"licences": ["apache-2.0"]}, "per_task": {
        "audio-classification": {"rank_by": "downloads"},
        "automatic-speech-recognition": {"best_on": {"dataset": "LibriSpeech clean test", "metric": "wer"}}}}


@pytest.mark.parametrize("limit", ["under 300M parameters", "under 300M parameters each"])
def test_a_label_listing_steps_binds_each_of_them(planner, limit):
    result = planner.plan("Clean the wind noise out of ./field.wav, transcribe the cleaned audio, and summarise the transcript. "
                          f"Enhancer: the most liked one. Transcriber and summariser: {limit}.")
    assert result.constraints == {"per_task": {"audio-to-audio": {"rank_by": "likes"},
                                               "automatic-speech-recognition": {"max_parameters": 300_000_000},
                                               "summarization": {"max_parameters": 300_000_000}}}


def test_a_label_with_an_equals_sign_and_a_lower_case_licence_word_are_read(planner):
    """'img one = most liked' names the picture step; 'both apache.' is a licence since the learned reader reads the
    clause as stating one (the vocabulary alone reads 'apache' only in capitals or beside licence talk)."""
    result = planner.plan("press release in french (communique_fr.txt) -- translate to english then summarise in 3 lines. "
                          "both apache. summariser = the most downloaded one")
    assert result.constraints == {"global": {"licences": ["apache-2.0"]}, "per_task": {"summarization": {"rank_by": "downloads"}}}
    result = planner.plan("transcribe ./record.wav, translate to english, then make an image from the lyrics. img one = most liked.")
    assert result.constraints == {"per_task": {"text-to-image": {"rank_by": "likes"}}}


def test_a_constraint_set_off_by_dashes_binds_the_step_before_it(planner):
    result = planner.plan("Transcribe ./talk.wav — pick the one with the lowest WER on LibriSpeech — then summarise it with a summariser under 500M parameters.")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"best_on": {"dataset": "LibriSpeech", "metric": "wer"}},
                                               "summarization": {"max_parameters": 500_000_000}}}


def test_every_before_a_comma_and_binds_all_steps_and_the_rest_its_own(planner):
    result = planner.plan("Transcribe ./a.wav and summarise it. Everything must be MIT-licensed, and for the summary pick the most downloaded model.")
    assert result.constraints == {"global": {"licences": ["mit"]}, "per_task": {"summarization": {"rank_by": "downloads"}}}


def test_a_constraint_naming_a_step_the_planner_adds_binds_that_step(planner):
    """'The transcriber has to be MIT.' of a recording to summarise had been dropped with a warning that the plan has
    no such step, though the planner adds the transcription; 'the captioner' of a caption to translate had bound the
    translation, whose words hold 'that caption'."""
    result = planner.plan("Summarise ./talk.wav. The transcriber has to be MIT.")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"licences": ["mit"]}}}
    assert not any("names a step the plan does not have" in w for w in result.warnings)
    captioned = planner.plan("1. Write an English caption for ./q.jpg.\n2. Translate that caption into Japanese.\n"
                             "3. Notes: for the captioner just use the smallest one available.")
    assert captioned.constraints == {"per_task": {"image-to-text": {"smallest": True}}}


def test_two_names_joined_by_and_are_two_targets_and_a_hyphenated_doer_names_its_verb(planner):
    """'The fact-writer and the voice' had been one name, read as the voice alone."""
    result = planner.plan("Tell me which bird sings in ./dawn.wav, write three fun facts about it, then read those "
                          "facts aloud. The fact-writer and the voice both need to be 350M parameters or less.")
    cap = {"max_parameters": 350_000_000}
    assert result.constraints == {"per_task": {"text-generation": cap, "text-to-speech": cap}}


def test_a_quoted_policy_of_limits_is_the_persons_and_every_model_its_subject_binds_every_step(planner):
    """The quoted clause had been a pasted text, and a sentence of it alone was read as tabular classification."""
    result = planner.plan("Quoting Annex B of our contract: 'All machine-learning components used in delivering the "
                          "Services shall be licensed under MIT, Apache-2.0 or BSD-3-Clause.' Under that, please summarise "
                          "./q3.txt and translate the summary into German.")
    assert [s.task for s in result.tasks] == ["summarization", "translation"] and not result.parsed.input_texts
    assert result.constraints == {"global": {"licences": ["apache-2.0", "bsd-3-clause", "mit"]}}
    scoped = planner.plan("Label the scene in ./corner.jpg and find every object with boxes. All models must be "
                          "Apache-2.0, and the detector should be the smallest available.").constraints
    assert scoped == {"global": {"licences": ["apache-2.0"]}, "per_task": {"object-detection": {"smallest": True}}}


def test_every_model_as_the_subject_of_a_clause_after_a_comma_binds_every_step(planner):
    """'..., so both tools need to be OK for commercial use' had bound the last step alone."""
    result = planner.plan("Can you read the writing off ./menu.jpg and turn it into English for us? It is for a paid "
                          "blog, so both tools need to be OK for commercial use.")
    assert result.constraints == {"global": {"deny_licences": ["non-commercial"]}}
    anything = planner.plan("Summarise ./notes.txt and read the summary aloud, and all voices and summarisers must be "
                            "MIT.").constraints
    assert anything == {"global": {"licences": ["mit"]}}


def test_for_the_x_binds_the_step_its_name_reads_as(planner):
    result = planner.plan("Caption ./kitchen.jpg and then turn the caption into a brand-new picture. "
                          "For the picture generation I only accept OpenRAIL-family licences.")
    assert result.constraints == {"per_task": {"text-to-image": {"licences": ["openrail"]}}}


def test_a_constraint_naming_a_step_the_plan_lacks_binds_nothing_and_is_a_warning(planner):
    """It was applied to every step without a word: the captioner and the voice had to be Apache-licensed."""
    result = planner.plan("Caption ./cat.jpg and read the caption aloud. The summariser should be Apache.")
    assert result.constraints == {}
    assert result.parsed.unplaced_constraints == ["'The summariser should be Apache.' (summarization)"]
    assert any("names a step the plan does not have" in w for w in result.warnings)
    generic = planner.plan("Caption ./cat.jpg and read the caption aloud. The model should be Apache.")
    assert generic.constraints == {"global": {"licences": ["apache-2.0"]}} and not generic.parsed.unplaced_constraints


def test_the_parsed_request_shows_the_constraints_bound_to_steps_too(planner):
    result = planner.plan("Summarise ./report.txt and then translate the summary to French. The summariser should be Apache.")
    assert result.parsed.constraints == {"per_task": {"summarization": {"licences": ["apache-2.0"]}}}


def test_a_constraint_for_the_rest_binds_the_steps_no_other_constraint_named(planner):
    result = planner.plan("Transcribe ./call.wav, find named entities, and classify the sentiment of the transcript. "
                          "Only MIT for the NER model; the rest should be the most downloaded.")
    assert result.constraints == {"per_task": {"token-classification": {"licences": ["mit"]},
                                               "automatic-speech-recognition": {"rank_by": "downloads"},
                                               "text-classification": {"rank_by": "downloads"}}}


def test_the_shipped_task_meanings_are_the_library_tasks_encoded_now():
    """Shipped so that a cold `hive plan` naming a step's model need not encode 30 descriptions (seconds when busy)."""
    import numpy as np

    from hive.planning.library import load_library
    from hive.understanding.encoder import shared_encoder
    from hive.understanding.scoping import TASK_MEANINGS, task_meaning_texts

    texts = task_meaning_texts(sorted(load_library().actions))
    with np.load(TASK_MEANINGS) as shipped:
        assert [str(t) for t in shipped["texts"]] == texts, "refresh: python -m hive.understanding.training examples"
        # the same texts by the same encoder: the engine's rounding differs a little between CPUs and builds (up to
        # 6e-4 per dimension seen), so the vectors are compared by direction
        cosines = (shipped["vectors"][:3] * shared_encoder().encode(texts[:3])).sum(axis=1)
        assert cosines.min() > 0.999


def test_every_step_named_beside_the_constraint_binds_them_all(planner):
    """'smallest models for both' binds both steps, though its clause also asks for one of them."""
    result = planner.plan("describe what's in ./kitchen.jpg and also tell me if the stove is turned on smallest models for both please")
    assert result.constraints == {"global": {"smallest": True}}
    result = planner.plan("Transcribe ./a.wav and translate it into German; for both, MIT only.")
    assert result.constraints == {"global": {"licences": ["mit"]}}


def test_a_doer_noun_with_words_of_its_own_is_read_by_them(planner):
    """'Story generator' is the story's step, though only the picture's task is described with 'generate'."""
    result = planner.plan("Write a short fairy tale about a fox, make an illustration for it, and narrate it. "
                          "Story generator: MIT licence. Illustration: the most liked image model.")
    assert result.constraints == {"per_task": {"text-generation": {"licences": ["mit"]}, "text-to-image": {"rank_by": "likes"}}}


def test_the_fields_shorthand_for_a_task_names_its_step_and_its_target(planner):
    """'seg' asks for segmentation and, as a label, names that step ('seg: smallest')."""
    result = planner.plan("seg + depth on ./frames/000123.png. seg: smallest. depth: most downloaded.")
    assert sorted(t.task for t in result.tasks) == ["depth-estimation", "image-segmentation"]
    assert result.constraints == {"per_task": {"image-segmentation": {"smallest": True}, "depth-estimation": {"rank_by": "downloads"}}}


def test_a_step_named_by_the_conversion_it_makes_binds_it_when_the_planner_adds_it(planner):
    """'The part that turns the audio into words' is the transcription the planner adds before the translation: the
    limit binds it, and the clause asks for no second transcription."""
    result = planner.plan("A patient left a voicemail in Ukrainian: ./reception/msg_0518.wav. I need it in English and spoken back "
                          "to the doctor, who doesn't read Cyrillic. The part that turns the audio into words must handle Ukrainian.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "translation", "text-to-speech"]
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"languages": ["uk"]}}}


def test_a_doer_noun_right_before_a_limit_names_its_step(planner):
    """'the grammar fixer smaller than 1B' binds the grammar step, not the translation named before it."""
    result = planner.plan("translate my cover letter below into german and then fix the grammar of the german version. translator must "
                          "be permissive licence, the grammar fixer smaller than 1B\n\nDear Ms Keller, I am writing to apply for the position.")
    assert result.constraints["per_task"]["text2text-generation"] == {"max_parameters": 1_000_000_000}
    assert result.constraints["per_task"]["translation"] == {"licences": ["permissive"]}


def test_a_hyphenated_word_starting_with_a_models_noun_names_no_model(planner):
    """'a voice-over script' is a text to write, not a voice model."""
    result = planner.plan("write a 30-second voice-over script about our sourdough and have the script read out")
    assert [t.task for t in result.tasks] == ["text-generation", "text-to-speech"]


def test_a_sentence_asking_before_a_limits_label_still_asks(planner):
    """'... and read out loud, I'm on the tractor. Limit: the voice should be ...': the limit's label does not make the
    whole clause one that only speaks of a model."""
    result = planner.plan("The invoice scan ./invoices/saatgut_0423.png is in German. What does it say about delivery terms? I want the "
                          "answer in English and read out loud, I'm on the tractor. Limit: the voice should be the most downloaded one.")
    assert [t.task for t in result.tasks] == ["document-question-answering", "translation", "text-to-speech"]
    assert result.constraints == {"per_task": {"text-to-speech": {"rank_by": "downloads"}}}


def test_a_gerund_before_a_models_noun_names_the_step_of_its_verb(planner):
    """'The boxing model' is the step asked for with 'box', not the picture's other step."""
    result = planner.plan("Trail cam shot ./trailcam/IMG_0043.jpg: box each animal in the frame, and tell me whether it was taken "
                          "by day or at night. The boxing model must be under 200M parameters.")
    assert result.constraints == {"per_task": {"object-detection": {"max_parameters": 200_000_000}}}


def test_a_label_opening_with_and_goes_on_asking(planner):
    """'... and answer: is there a visible fracture? Every model ...' asks a question of the picture."""
    result = planner.plan("Hand X-ray ./xray/hand_0032.png: outline each bone region as separate masks, tell me what type of image this "
                          "is, and answer: is there a visible fracture? Every model used must have at least 1,000 downloads.")
    assert sorted(t.task for t in result.tasks) == ["image-classification", "image-segmentation", "visual-question-answering"]


@pytest.mark.parametrize("query, expected", [
    # the step asked before a limit in its numbered piece, not a model named in the next piece
    ("For ./d.jpg: (1) classify the leaf disease; (2) find and count the cows, nothing copyleft and at least 100k "
     "downloads; (3) answer 'Is the gate open?' with a VQA model.",
     {"object-detection": {"deny_licences": ["copyleft"], "min_downloads": 100_000}}),
    # "the checker can be ..." names its step as "the checker must be ..." does
    ("Write a welcome paragraph for our B&B, then check whether it comes across as positive. The checker can be "
     "anything up to 100 million parameters.", {"text-classification": {"max_parameters": 100_000_000}}),
    # a kind's model: the one step that only handles it; plural, the steps that make it
    ("Write a line about a forest creature, draw a picture of it from that line, then restyle the picture as a sketch. "
     "Both image models need at least 10k downloads. The text model has to be under 300M parameters.",
     {"text-generation": {"max_parameters": 300_000_000}, "text-to-image": {"min_downloads": 10_000},
      "image-to-image": {"min_downloads": 10_000}}),
])
def test_a_limit_binds_the_step_its_piece_or_its_subject_names(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


@pytest.mark.parametrize("modal", ["must not", "cannot"])
def test_a_refusal_after_a_concession_binds_the_step_named_after_the_but(planner, modal):
    """A new user's 'GPL is fine for the summariser but the speech recogniser cannot be copyleft' refused copyleft
    for every step: the two names had been read as one list."""
    result = planner.plan(f"Transcribe podcast.mp3 and summarise it. GPL is fine for the summariser but the speech recogniser {modal} be copyleft.")
    assert result.constraints == {"per_task": {"automatic-speech-recognition": {"deny_licences": ["copyleft"]}}}


def test_a_limit_in_a_piece_naming_no_step_passes_over_a_step_named_with_its_own_limit(planner):
    """'Legal says nothing non-commercial, and the speech model has to support German' had bound the refusal to the
    speech model only (new user)."""
    result = planner.plan("Transcribe ./calls/monday.mp3 and then summarise it for the managers. Legal says nothing "
                          "non-commercial, and the speech model has to support German since half the team speaks it.")
    assert result.constraints["global"] == {"deny_licences": ["non-commercial"]}
    assert result.constraints["per_task"] == {"automatic-speech-recognition": {"languages": ["de"]}}


def test_a_limit_on_a_step_named_by_its_acronym_binds_that_step_when_the_planner_adds_it(planner):
    """'The OCR model should know Japanese' of a text wanted in English from a photo had bound every step (new user):
    OCR spelt out is a task's own name."""
    result = planner.plan("Please, I have picture ./menu_tokyo.jpg with japanese text on it. I need this text in english. "
                          "The OCR model should know Japanese, and for translation take the model with most downloads.")
    assert result.constraints == {"per_task": {"translation": {"rank_by": "downloads"}, "image-to-text": {"languages": ["ja"]}}}


def test_for_a_step_with_no_comma_before_the_choice_binds_that_step(planner):
    """'For the translation stick to Apache.' had bound nothing: 'Apache' was no licence there, nor the step a target."""
    result = planner.plan("Answer the question in ./faq.txt: when does it close? Then translate the answer to Spanish. "
                          "For the translation stick to Apache.")
    assert result.constraints == {"per_task": {"translation": {"licences": ["apache-2.0"]}}}


@pytest.mark.parametrize("query, expected", [
    # by its place among the steps asked: the middle one of three, the last one
    ("Transcribe talk.wav, translate it into French, then read the French aloud. The middle step has to be MIT; "
     "the last one needs at least 10k downloads.",
     {"translation": {"licences": ["mit"]}, "text-to-speech": {"min_downloads": 10_000}}),
    # by a step's number in words, said where the step is asked and again by its limit
    ("Step one: caption photo.jpg. Step two: translate the caption into German. Step two must be Apache-2.0.",
     {"translation": {"licences": ["apache-2.0"]}}),
])
def test_a_limit_binds_the_step_named_by_its_place(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


def test_the_other_two_before_a_colon_are_the_steps_no_other_limit_named(planner):
    result = planner.plan("Detect the cars in lot.jpg, describe the photo, and estimate its depth. The detector must be MIT. "
                          "The other two: just the most downloaded ones.")
    assert result.constraints == {"per_task": {"object-detection": {"licences": ["mit"]},
                                               "image-to-text": {"rank_by": "downloads"}, "depth-estimation": {"rank_by": "downloads"}}}


def test_a_limit_on_everything_except_a_named_step_binds_every_other_step(planner):
    result = planner.plan("Draw a lighthouse at dusk, upscale the picture 4x, then caption the upscaled picture. "
                          "MIT on everything except the upscaler.")
    assert result.constraints == {"per_task": {"text-to-image": {"licences": ["mit"]}, "image-to-text": {"licences": ["mit"]}}}


@pytest.mark.parametrize("query, expected", [
    ("Summarise report.txt and tag the people in it. The summariser should be Apache-2.0. Same goes for the tagger.",
     {"summarization": {"licences": ["apache-2.0"]}, "token-classification": {"licences": ["apache-2.0"]}}),
    ("For scan.jpg:\n- detect the objects - MIT, at least 5k downloads\n- estimate the depth - same as above",
     {"object-detection": {"licences": ["mit"], "min_downloads": 5_000},
      "depth-estimation": {"licences": ["mit"], "min_downloads": 5_000}}),
])
def test_limits_said_again_for_another_step_bind_it_too(planner, query, expected):
    assert planner.plan(query).constraints == {"per_task": expected}


def test_a_step_as_the_subject_of_will_takes_the_limit_and_a_licence_names_no_step(planner):
    """'The translation stage will use ___' names its step as '... must use' does; 'no model under a ___ licence
    will be used' names none."""
    result = planner.plan("Transcribe interview.wav and translate the transcript into German. No model released under a "
                          "non-commercial licence will be used anywhere. The translation stage will use the most downloaded model.")
    assert result.constraints == {"global": {"deny_licences": ["non-commercial"]},
                                  "per_task": {"translation": {"rank_by": "downloads"}}}


def test_a_limit_for_this_binds_the_step_asked_just_before_it(planner):
    result = planner.plan("Summarise contract.txt in German. I also need every person and firm named in it - for this "
                          "please take the smallest model.")
    assert result.constraints["per_task"]["token-classification"] == {"smallest": True}
    assert "smallest" not in result.constraints.get("global", {})


def test_a_licence_kept_away_from_a_step_binds_that_step(planner):
    result = planner.plan("Write a short poem about rain, then read it aloud. Keep anything under a GPL licence away from the writing.")
    assert result.constraints == {"per_task": {"text-generation": {"deny_licences": ["agpl-3.0", "gpl-2.0", "gpl-3.0"]}}}


def test_a_doer_noun_with_a_kind_of_its_own_names_no_step_of_another_kind(planner):
    """'the video generator' had named the text generation step by its task's name (dev21)."""
    result = planner.plan("First write a one-line slogan for our bakery, then turn the slogan into a short video clip. "
                          "For the video generator we need something under MIT.")
    assert result.constraints == {"per_task": {"text-to-video": {"licences": ["mit"]}}}


@pytest.mark.parametrize("query, expected", [
    ("Caption photo.jpg and read the caption aloud. I'm worried about GPL models - not for the voice, please.",
     {"per_task": {"text-to-speech": {"deny_licences": ["agpl-3.0", "gpl-2.0", "gpl-3.0"]}}}),
    ("Caption photo.jpg and read the caption aloud. MIT models - just for the captioner.",
     {"per_task": {"image-to-text": {"licences": ["mit"]}}}),
])
def test_a_piece_after_a_dash_naming_a_step_binds_the_limit_before_it(planner, query, expected):
    assert planner.plan(query).constraints == expected


def test_not_for_a_step_after_an_allowed_licence_binds_it_nowhere(planner):
    """'not for the voice' after a refusal says where the refusal holds; after an allowance it excepts the voice."""
    result = planner.plan("Caption photo.jpg and read the caption aloud. MIT models please - not for the voice.")
    assert "text-to-speech" not in result.constraints.get("per_task", {})


def test_a_name_of_what_a_step_makes_binds_the_step_asked_to_make_it(planner):
    """'the caption writer' names no caption of a picture when the request asks for a caption to be written."""
    made = planner.plan("Summarise notes.txt, then write a cheerful Instagram caption about it. The caption writer must be MIT-licensed.")
    assert made.constraints == {"per_task": {"text-generation": {"licences": ["mit"]}}}
    read = planner.plan("Summarise notes.txt and translate the caption into French. The caption writer must be MIT-licensed.")
    assert "licences" not in str(read.constraints.get("per_task", {}))  # "the caption" is read, not made: no step named


def test_an_ask_before_a_dash_is_no_subject_of_the_limit_after_it(planner):
    """'And put it into English -- the translator should have ...' had been read as a clause about a model only, and
    its translation dropped (dev22)."""
    result = planner.plan('This message just came in: "No tengo agua caliente desde el lunes y el casero no contesta." Which of '
                          "these does it fall under: housing, food, legal or medical? And put it into English for the caseworker -- the "
                          "translator should have 200k downloads or more.")
    assert [t.task for t in result.tasks] == ["zero-shot-classification", "translation"]
    assert result.constraints == {"per_task": {"translation": {"min_downloads": 200000}}}


def test_a_clause_naming_a_step_for_its_limit_asks_for_no_step_and_binds_it(planner):
    """'and for the write-up of the main points, the best ROUGE on SAMSum' had been read as a second step (a
    transcription) and its limit as every step's: a name runs on over 'of' (dev22)."""
    result = planner.plan("The staff meeting recording is ./meetings/staff.wav. I need the main points for the people who "
                          "missed it. Every model under a billion parameters; and for the write-up of the main points, the "
                          "best ROUGE on SAMSum, since it's people talking.")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization"]
    assert result.constraints["per_task"]["summarization"]["best_on"]["dataset"] == "SAMSum"
    assert "best_on" not in result.constraints.get("global", {})


def test_a_checklist_table_of_steps_binds_each_row_s_limit_to_its_step(planner):
    """A title naming the file above a table of steps had asked for an audio label, 'the transcript' in row 3 had
    stretched row 2's transcription over it, and row 1's limit (numbered, not named) had bound every step (dev21)."""
    result = planner.plan("Production checklist for ./ep4_raw.mp3 (recorded on a phone):\n\n| stage | what | rule |\n"
                          "|---|---|---|\n| 1 | clean up the audio | share-alike is OK, non-commercial is not |\n"
                          "| 2 | transcribe the cleaned audio | under 300M parameters |\n"
                          "| 3 | short summary of the transcript | MIT only |")
    assert [(t.task, t.dep) for t in result.tasks] == [
        ("audio-to-audio", []), ("automatic-speech-recognition", [0]), ("summarization", [1])]
    assert result.constraints == {"per_task": {"audio-to-audio": {"deny_licences": ["non-commercial"]},
                                               "automatic-speech-recognition": {"max_parameters": 300000000},
                                               "summarization": {"licences": ["mit"]}}}


def test_for_all_of_it_binds_every_step_and_both_names_the_steps_after_it(planner):
    """'for all of it' had named a step 'it' once a name ran on over 'of' (the IT team's image-to-text, dev5); 'both'
    still names the two steps after it (dev12)."""
    result = planner.plan("Read the handwriting from letter.jpg and pull out the patient names. Our IT team only signs off "
                          "on MIT or Apache licences, for all of it.")
    assert result.constraints == {"global": {"licences": ["apache-2.0", "mit"]}}
    both = planner.plan("Summary: helpdesk chat assistant that replies to staff messages, each reply also voiced on the "
                        "phone line.\nRequirements:\n- both the chat model and the voice model must support French")
    assert both.constraints == {"global": {"languages": ["fr"]}}


def test_a_label_naming_the_doer_of_one_step_binds_that_step(planner):
    """'LM:' names no task clearly by itself, but the request asked 'have an LM write' one step: its limit had bound
    every step."""
    result = planner.plan("We classify the dish in meal.jpg, have an LM write a blurb about it, then read the blurb aloud. "
                          "LM: under 400M params. Voice: anything.")
    assert result.constraints == {"per_task": {"text-generation": {"max_parameters": 400_000_000}}}


def test_a_step_named_as_the_subject_before_its_limit_binds_it_and_another_pieces_both_does_not_widen_it(planner):
    """'; the transcription runs offline on a workstation' had made every step offline: the subject was no target,
    and the "both" of the piece before the semicolon had paired every step named in the sentence (dev25)."""
    result = planner.plan("Please transcribe ep.mp3, summarise the transcript, and write a tweet from the summary. The summariser "
                          "and the tweet writer both cap us at 500 million parameters; the transcription runs offline on a workstation.")
    assert result.constraints["per_task"]["automatic-speech-recognition"] == {"local_only": True}
    assert "global" not in result.constraints


def test_a_list_of_licences_binds_one_step_as_a_whole(planner):
    """'{mit, apache-2.0}' after 'TTS license in' had bound MIT to the voice and Apache to every step (the comma split it)."""
    result = planner.plan("caption photo.jpg and TTS the caption; captioner <= 3e8 params, TTS license in {mit, apache-2.0}")
    assert result.constraints == {"per_task": {"text-to-speech": {"licences": ["apache-2.0", "mit"]},
                                               "image-to-text": {"max_parameters": 300_000_000}}}


def test_a_name_inside_its_own_limit_sentence_is_no_step_s_asking_words(planner):
    """'for the paraphrasing, the most downloaded model' had bound the similarity step: its span, reaching the limit
    sentence, held 'paraphrasing' (dev17)."""
    result = planner.plan('Paraphrase this sentence, then score how close your paraphrase is to the original: "The committee '
                          'postponed its decision until more evidence was available." Apache 2.0 for everything; for the '
                          'paraphrasing, the most downloaded model, and for the scoring, the smallest.')
    assert result.constraints["per_task"] == {"text2text-generation": {"rank_by": "downloads"},
                                              "sentence-similarity": {"smallest": True}}


def test_a_name_that_is_no_models_binds_no_step_by_the_words_it_is_said_in(planner):
    """'For finding it, use whichever has ...' had bound the reading step, whose clause held the words (dev21)."""
    result = planner.plan("Gate camera, entry_0815.jpg: find the licence plate in the frame, then read the characters off the "
                          "plate. For finding it, use whichever has the best precision on keremberke's license-plate detection "
                          "set; for reading it, the smallest model you have.")
    assert result.constraints["per_task"]["image-to-text"] == {"smallest": True}
    assert "best_on" in result.constraints["per_task"]["object-detection"]


def test_a_clause_opening_with_and_and_a_modal_names_no_model_by_its_subject(planner):
    """'And could ...' had read as a subject ('nd', the 'A' taken for an article) naming a model, so the clause only
    stated the voice's language and the speech was never planned (dev30's d30c05, word for word)."""
    from hive.understanding.scoping import speaks_of_a_model

    assert not speaks_of_a_model("And could the answer be spoken in an _______ voice?")
    assert speaks_of_a_model("The reader must be ___.")
    query = "How many chairs are in the room in conf_b.jpg? And could the answer be spoken for my screen reader — in an English voice?"
    assert [t.task for t in planner.plan(query).tasks] == ["object-detection", "text-to-speech"]
