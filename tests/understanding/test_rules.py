"""The rule-based understander's domain choice (hive/understanding/rules.py)."""

from __future__ import annotations


def test_domains_cover_the_goals_and_the_conversions_they_need(planner):
    result = planner.plan("Summarise ./talk.wav and draw a picture of the summary")
    assert result.domains == ["summarisation", "audio", "image-generation"]
    assert [(t.task, t.requested) for t in result.tasks] == [
        ("automatic-speech-recognition", False), ("summarization", True), ("text-to-image", True)
    ]


def test_a_summary_of_a_labelled_text_is_of_the_text(planner):
    """'Is it positive or negative? And give me a one-line summary of it' had summarised the sentiment label."""
    result = planner.plan('I got this review: "Glaze was chipped but seller was nice." Is it positive or negative? '
                          "And give me a one-line summary of it.")
    summary = next(t for t in result.tasks if t.task == "summarization")
    assert summary.dep == [] and summary.args["text"] == "Glaze was chipped but seller was nice."


def test_a_result_named_in_the_language_it_was_translated_into_is_the_translation(planner):
    """'then read the Italian summary aloud' had read the English summary (new user); the summary named with no
    language is still the summary."""
    italian = planner.plan("Take episode12.txt, summarise it, translate the summary into Italian, then read the "
                           "Italian summary aloud.")
    by_task = {t.task: t for t in italian.tasks}
    assert by_task["text-to-speech"].dep == [by_task["translation"].id]
    german = planner.plan("Transcribe call.wav, translate the transcript into German and then summarise the German transcript")
    by_task = {t.task: t for t in german.tasks}
    assert by_task["summarization"].dep == [by_task["translation"].id]
    plain = planner.plan("Summarise notes.txt, translate the summary into French and read the summary aloud")
    by_task = {t.task: t for t in plain.tasks}
    assert by_task["text-to-speech"].dep == [by_task["summarization"].id]


def test_a_step_that_looks_at_a_picture_reads_the_picture_not_a_map_of_it(planner):
    """'estimate the depth and segment the furniture' had segmented the depth map (new user); a map the request
    points at ('the depth map') is still read."""
    both = planner.plan("For room.jpg estimate the depth and segment the furniture, both models under 100M parameters.")
    assert [(t.task, t.dep, t.args["image"]) for t in both.tasks] == [
        ("depth-estimation", [], "room.jpg"), ("image-segmentation", [], "room.jpg")]
    chained = planner.plan("Estimate the depth of street.jpg and then colourise the depth map")
    assert [t.dep for t in chained.tasks] == [[], [0]]


def test_a_question_about_what_a_picture_step_found_asks_the_picture(planner):
    """'how many birds (with boxes), are any of them chicks, and what species it is' had asked its question of the
    detector's text and labelled the answer (dev22): a question or label asked of 'them' or 'it' after a step that
    says what a picture shows is asked of the picture."""
    result = planner.plan("Camera trap photo ./trap/0412.jpg. Three things: how many birds are in the frame (with boxes), "
                          "are any of them chicks, and what species it is.")
    assert [(t.task, t.args["image"]) for t in result.tasks] == [
        ("object-detection", "./trap/0412.jpg"), ("visual-question-answering", "./trap/0412.jpg"),
        ("image-classification", "./trap/0412.jpg")]


def test_a_question_answering_model_asked_for_by_name_is_question_answering(planner):
    """'Give me the question answering model with the highest F1 on SQuAD v2' had become free writing, which no
    SQuAD result ranks (new user); a question asked with no text to answer it from is still free writing."""
    named = planner.plan("Give me the question answering model with the highest F1 on SQuAD v2, at least 10k downloads.")
    assert [t.task for t in named.tasks] == ["question-answering"] and named.tasks[0].model is not None
    assert [t.task for t in planner.plan("Answer this question: who wrote Hamlet?").tasks] == ["text-generation"]


def test_a_step_merged_with_the_mention_it_read_is_not_its_own_source(planner):
    """"can a chatbot reply to me? My message: ..." read a mention that was not kept, whose stand-in was the step
    itself: the goal read its own output and no plan reached it."""
    result = planner.plan('can a chatbot reply to me? My message: "hello, what did you do at the weekend?"')
    assert [t.task for t in result.tasks] == ["conversational"]
    assert "hello, what did you do at the weekend?" in result.tasks[0].args["text"]


def test_a_task_named_before_the_words_that_ask_for_it_is_one_step(planner):
    """"the question answering model ... to answer 'Who funded the study?' using abstract.txt" had planned two
    question answering steps, the first reading the second's answer."""
    result = planner.plan("For my paper I need the question answering model with the best exact match on SQuAD v2 to answer "
                          "'Who funded the study?' using the text in abstract.txt.")
    assert [(t.task, t.args.get("context")) for t in result.tasks] == [("question-answering", "abstract.txt")]


def test_a_task_noun_after_a_verb_with_its_own_input_is_no_input_of_it(planner):
    """'speech emotion recognition on call-centre audio (calls/...) plus transcription' had classified the transcript's
    text: the noun after "plus" is a second step reading the same recording, as after "and"."""
    steps = planner.plan("Request for approval: speech emotion recognition on call-centre audio (calls/2023-04-*.wav) "
                         "plus transcription of the same calls.").tasks
    assert [(t.task, t.args) for t in steps] == [("audio-classification", {"audio": "calls/2023-04-*.wav"}),
                                                 ("automatic-speech-recognition", {"audio": "calls/2023-04-*.wav"})]
    chained = planner.plan("find the entities from a summary of ./report.txt").tasks
    assert [(t.task, t.dep) for t in chained] == [("summarization", []), ("token-classification", [0])]


def test_a_picture_named_by_what_a_step_did_to_it_is_that_step_s_output(planner):
    """'enhance it first and then write a short description of the restored picture' had written a text from the
    words alone: "the restored picture" is the enhanced image, as "the generated image" is."""
    steps = planner.plan("My grandad's photo grandad_1952.jpg is faded. Can you enhance it first and then write a short "
                         "description of the restored picture for the family album?").tasks
    assert [(t.task, t.dep) for t in steps] == [("image-to-image", []), ("image-to-text", [0])]


def test_a_step_with_no_source_named_reads_the_newest_earlier_step_whose_output_it_can_read(planner):
    """A summary after a drawing reads the transcript, not a caption of the drawing the planner would have added."""
    steps = planner.plan("Transcribe ./a.wav, draw a cover picture for the episode, then summarise.").tasks
    assert [(t.task, t.dep) for t in steps] == [("automatic-speech-recognition", []), ("text-to-image", [0]), ("summarization", [0])]


def test_a_classifier_of_a_sound_not_given_reads_the_text_that_is(planner):
    """'what emotion is in this tweet?' read as an audio classifier: the request gives a text and no sound, so the
    classifier of its family that reads text is planned on it."""
    result = planner.plan("is there an MIT one that can tell me what emotion is in this tweet? the smaller the better. "
                          "tweet: 'cannot BELIEVE they cancelled my flight AGAIN, 3rd time this month'")
    assert [(t.task, t.args) for t in result.tasks] == [("text-classification", {"text": "cannot BELIEVE they cancelled my flight AGAIN, 3rd time this month"})]


def test_a_picture_question_answering_model_is_asked_though_a_document_word_is_elsewhere(planner):
    """'... a school fair that sells tickets': a ticket is a document word, but the person asks for a picture
    question-answering model."""
    result = planner.plan("he wants to ask questions about a photo of his volcano model (volcano.jpg). which picture question-answering "
                          "model gets downloaded the most? it's for a school fair that sells tickets")
    assert [t.task for t in result.tasks] == ["visual-question-answering"]


def test_a_file_said_before_a_step_whose_verb_is_left_out_is_that_step_s_input(planner):
    steps = planner.plan("Translate ./a.txt into German and ./b.txt into French").tasks
    assert [(t.task, t.args["text"], t.dep) for t in steps] == [("translation", "./a.txt", []), ("translation", "./b.txt", [])]
    chained = planner.plan("Transcribe ./a.wav, then summarise it").tasks  # the file an earlier step reads stays its own
    assert chained[1].dep == [0]


def test_a_step_said_to_be_another_one_on_the_same_picture_reads_the_picture(planner):
    """'Estimate the depth of ./aisle3.jpg and also segment the image' had segmented the depth map (new user)."""
    steps = planner.plan("Estimate the depth of ./aisle3.jpg and also segment the image so we can find the shelves.").tasks
    assert [(t.task, t.args["image"]) for t in steps] == [("depth-estimation", "./aisle3.jpg"), ("image-segmentation", "./aisle3.jpg")]
    made = planner.plan("Generate an image of a lighthouse and also caption the image").tasks
    assert made[1].dep == [0]  # the picture a step made, when the step before read no picture


def test_it_after_a_named_recording_is_the_recording_when_the_step_before_made_text(planner):
    """'it' had read the answer an earlier clause was taken to ask for, and the transcription of a text failed the
    whole plan."""
    plan = planner.plan("Handover: the sponsor read is approved and the host asked us to trim the intro, which is "
                        "done. Last thing: for ./ep12.wav, transcribe it, then summarise the transcript.")
    transcription = next(step for step in plan.tasks if step.task == "automatic-speech-recognition")
    assert "./ep12.wav" in str(transcription.args)


def test_it_stays_the_step_before_when_the_words_also_read_as_working_on_its_output(planner):
    """"make it gentler" after a note is written reads nearly as surely as a rewrite as an edit of the photo named
    before: the note is rewritten (the rule above had turned it into an edit of the X-ray)."""
    plan = planner.plan("Vet nurse. xray_paw.png is an X-ray of a cat's paw. Is it a fracture, a sprain, or normal? "
                        "Also, what does a plain image classifier call it? Write a note for the owner from those two "
                        "results, and make it gentler.")
    assert "image-to-image" not in [step.task for step in plan.tasks]
