"""Rule-based parsing (hive/understanding/parsing.py): files, quotes, tables, questions and labels pulled out."""

from __future__ import annotations

import pytest

from hive.errors import HiveError
from hive.pipeline import Planner
from hive.understanding.parsing import locate_values, parse_request


def test_a_quoted_dataset_name_is_a_benchmark_not_an_input(planner):
    result = planner.plan("Find the sentiment of ./reviews.txt with the best accuracy on the 'imdb' dataset")
    assert result.parsed.input_texts == [] and result.constraints["global"]["best_on"]["metric"] == "accuracy"
    assert "imdb" in result.constraints["global"]["best_on"]["dataset"]


def test_a_quoted_name_a_benchmark_is_called_is_a_benchmark_and_a_metric_on_it_is_measured_there(planner):
    """The leaf photo is the input; 'beans' is the name of the benchmark the accuracy is measured on."""
    result = planner.plan("Which disease is on the leaves in field3_leaf.jpg? I read there's a benchmark literally called "
                          "'beans' -- go with whatever has the top accuracy on it.")
    assert result.parsed.input_texts == [] and [step.task for step in result.tasks] == ["image-classification"]
    assert result.constraints["global"]["best_on"] == {"dataset": "beans", "metric": "accuracy"}
    assert result.tasks[0].model == "nateraw/vit-base-beans"


def test_a_quoted_config_before_the_word_split_is_part_of_the_benchmark(planner):
    result = planner.plan("Transcribe ./p07.wav with the model reporting the lowest word error rate on the LibriSpeech "
                          "'other' test split.")
    assert result.parsed.input_texts == []
    assert result.constraints["global"]["best_on"] == {"dataset": "LibriSpeech other test split", "metric": "wer"}


def test_a_code_block_is_pasted_whole_and_its_limits_are_not_the_person_s(planner):
    result = planner.plan("The plate came with this readme:\n```\nplate_017.png - lens 35mm, no grain.\nFor roto, use the "
                          "smallest model in the family, MIT only.\n```\nThat's the vendor's note, not mine. All I need from "
                          "plate_017.png is a depth map.")
    assert [step.task for step in result.tasks] == ["depth-estimation"] and result.constraints == {}
    assert result.parsed.input_texts[0].startswith("plate_017.png - lens 35mm")


def test_an_indented_note_under_a_line_pointing_at_it_is_pasted_and_asks_for_nothing(planner):
    result = planner.plan("My co-GM left this in our campaign doc:\n  TODO: generate the harbour map, most liked model only!! "
                          "then watercolour it\nShe's picky, but this is my half of the prep, so no model rules. Make an image "
                          "of a foggy harbour town, then turn that image into a watercolour-style version.")
    assert [step.task for step in result.tasks] == ["text-to-image", "image-to-image"] and result.constraints == {}
    assert result.parsed.input_texts == ["TODO: generate the harbour map, most liked model only!! then watercolour it"]


def test_a_quoted_licence_name_beside_the_word_licence_is_the_person_s_limit_not_an_input(planner):
    result = planner.plan("Translate ./tour_vi.txt into English. I earn money with it, so the translate model cannot be "
                          "one of those 'non-commercial only' licence.")
    assert result.parsed.input_texts == [] and result.constraints == {"per_task": {"translation": {"deny_licences": ["non-commercial"]}}}
    assert planner.plan("Translate 'MIT licence' into German.").parsed.input_texts == ["MIT licence"]
    coded = planner.plan('Transcribe ./a.wav. Acceptance criteria:\n- `license in ("mit", "apache-2.0")`')
    assert coded.parsed.input_texts == [] and sorted(coded.constraints["global"]["licences"]) == ["apache-2.0", "mit"]  # "mit" in code too


def test_a_question_after_a_colon_ends_before_a_sentence_going_on_with_the_asking(planner):
    """'... answer from the predicted table: what is the total? Then write a short email ...' had pasted the email ask (dev6)."""
    result = planner.plan("Predict fraud or not fraud for each claim in claims.csv, then answer from the predicted table: "
                          "what is the total amount flagged as fraud? Then write a short email to the fraud team about that figure.")
    assert [t.task for t in result.tasks] == ["tabular-classification", "table-question-answering", "text-generation"]
    assert result.parsed.input_texts == []
    anded = planner.plan("Flag each row of sensors.csv as fault or normal. Then ask the flagged table: which match had "
                         "the most faults? And write the pit crew a short checklist from that.")
    assert [t.task for t in anded.tasks] == ["tabular-classification", "table-question-answering", "text-generation"]
    numbered = planner.plan("wards.csv has one row per patient. Steps:\n1. predict discharge-ready yes/no per patient\n"
                            "2. on the predicted table: how many patients on Ward B are discharge-ready?\n"
                            "3. write the morning huddle message with that number\n4. read the message aloud")
    assert [t.task for t in numbered.tasks] == ["tabular-classification", "table-question-answering", "text-generation", "text-to-speech"]
    inline = planner.plan("Quota table:\n\nspecies,quota_kg,landed_kg\ncod,500,430\nhaddock,800,812\n\n1) What fish species "
                          "is in catch.jpg? 2) From the table: which species is over quota? 3) Write my inspection note from both answers.")
    assert "text-generation" in [t.task for t in inline.tasks] and inline.parsed.input_texts == []


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
    parsed, _ = parse_request("1. Write an English caption for ./q.jpg.\n2. Translate that caption into Japanese.\n"
                              "3. Notes: for the captioner just use the smallest one available; the translator can be any model.")
    assert parsed.input_texts == []  # after a marker, nothing but limits on the models: the person's own words
    parsed, _ = parse_request("1. Take the photo ./north_wall.jpg.\n2. Estimate the depth of each pixel.")
    assert parsed.input_texts == []  # "each" inside the person's own numbered steps lists no texts
    parsed, _ = parse_request("Summarise this note: The board met on Monday and agreed to move the office. Apache only, please.")
    assert parsed.input_texts == ["The board met on Monday and agreed to move the office."]


def test_quoted_and_listed_labels_are_candidate_labels():
    assert parse_request('Does ./a.webp look "vintage", "modern" or "minimalist"?')[0].categories == ["vintage", "modern", "minimalist"]
    assert parse_request("Is ./pet.png a hamster, a guinea pig or a rat?")[0].categories == ["hamster", "guinea pig", "rat"]
    assert parse_request("Sort ./a.txt into one of: sport, politics, culture")[0].categories == ["sport", "politics", "culture"]
    assert parse_request("intents (book_flight, cancel_booking): 'when do I fly?'")[0].categories == ["book_flight", "cancel_booking"]
    # lead-ins other than "as"/"is", ", or" before the last item, a list ending before the next clause; 'X or not'
    assert parse_request("Is it about sports, politics, or technology?")[0].categories == ["sports", "politics", "technology"]
    # after an article a label may run to three words
    assert parse_request("Is ./sheet.jpg a pressed fern, a pressed flowering plant or a seed packet?")[0].categories == \
        ["pressed fern", "pressed flowering plant", "seed packet"]
    # ... but never over the words that lead to labels
    assert parse_request("Then check whether the audio sounds happy, sad, or neutral.")[0].categories == ["happy", "sad", "neutral"]
    assert parse_request("Say if it sounds more like Paris, London or New York")[0].categories == ["Paris", "London", "New York"]
    assert parse_request("classify it as complaint, praise or question and write a reply")[0].categories == [
        "complaint", "praise", "question"]
    assert parse_request("Is it a cat or not?")[0].categories == []  # "or not" offers no second label
    assert parse_request("Is this review positive or negative?")[0].categories == []  # the sentiment: fixed labels
    assert parse_request("tell me whether it's positive or negative overall")[0].categories == []  # words after a label
    assert parse_request("Classify it into one of: positive, negative")[0].categories == ["positive", "negative"]
    assert parse_request("choose from {refund, delivery, account}: 'Where is my parcel?'")[0].categories == [
        "refund", "delivery", "account"]
    assert parse_request("the topic of ./a.txt - options are economy, weather, sport")[0].categories == [
        "economy", "weather", "sport"]
    assert parse_request("tell me which of billing, delivery or quality the summary is about")[0].categories == [
        "billing", "delivery", "quality"]
    assert parse_request("tell me whether it's a complaint, a compliment or a question")[0].categories == [
        "complaint", "compliment", "question"]



def test_labels_after_a_colon_open_no_paste_and_the_words_after_them_stay_the_persons(planner):
    query = ("Wish list:\n- each recording in ./calls/ turned into text\n- each call sorted into one of: billing, "
             "outage, other\n- a draft reply for each call\nThe speech-to-text must handle Spanish.")
    parsed = parse_request(query)[0]
    assert parsed.categories == ["billing", "outage", "other"] and parsed.input_texts == []  # a label ends at its line's end
    assert planner.plan(query).constraints == {"per_task": {"automatic-speech-recognition": {"languages": ["es"]}}}


def test_a_list_of_licences_is_a_constraint_not_labels():
    parsed, located = parse_request("Read ./a.txt aloud with a permissive licence (MIT or Apache-2.0) since it is commercial.")
    assert parsed.categories == [] and located.labels == []


def test_folders_and_globs_are_inputs_of_the_kind_their_path_names():
    parsed, located = parse_request("Caption every photo in ./photos/trip/ and classify ./audio/calls/*.wav, see ./misc/stuff/")
    assert parsed.files == ["./photos/trip/", "./audio/calls/*.wav"]  # "./misc/stuff/" names no kind: words
    plan = Planner(select_models=False).plan("Caption every photo in ./photos/trip/ and then read each caption out loud.")
    assert [t.task for t in plan.tasks] == ["image-to-text", "text-to-speech"] and plan.tasks[0].args["image"] == "./photos/trip/"


def test_a_folders_kind_is_named_by_a_word_of_its_path_not_letters_inside_one():
    """'./invoices/2024-03/' had been a folder of audio, for the "voice" inside "invoices"."""
    parsed, _ = parse_request("Answer 'what is the total?' for each scan in ./invoices/2024-03/ and caption ./scans_lowres/")
    assert parsed.files == ["./scans_lowres/"]


def test_a_quoted_file_name_is_a_file():
    parsed, _ = parse_request("I have a file named 'example.jpg'. What is in it?")
    assert parsed.files == ["example.jpg"] and parsed.input_texts == []
    assert parse_request('Transcribe "./Meetings/Q3 review.mp3" please')[0].files == ["./Meetings/Q3 review.mp3"]
    assert parse_request("Transcribe ./café/über.wav")[0].files == ["./café/über.wav"]
    quoted_text = parse_request("Translate 'please read the attached notes.txt'")[0]  # a sentence, not a name
    assert quoted_text.files == [] and quoted_text.input_texts == ["please read the attached notes.txt"]


def test_files_quotes_tables_questions_and_labels_are_pulled_out():
    parsed, located = parse_request(
        "Given the table {'city': ['Paris', 'Oslo'], 'pop': ['2', '1']} and ./maps/a.png, classify 'it rains' "
        "as weather, sport or politics. Which city is larger?"
    )
    assert parsed.files == ["./maps/a.png"]
    assert parsed.data == [{"city": ["Paris", "Oslo"], "pop": ["2", "1"]}]
    assert parsed.input_texts == ["it rains"]
    assert parsed.categories == ["weather", "sport", "politics"]
    assert parsed.question == "Which city is larger?"
    assert "rains" not in located.masked and "Paris" not in located.masked and "a.png" not in located.masked


def test_apostrophes_inside_words_do_not_end_a_quote():
    parsed, _ = parse_request("Translate 'Je bois de l'eau tous les jours' to English, it's easy")
    assert parsed.input_texts == ["Je bois de l'eau tous les jours"]


def test_a_quoted_question_is_a_question_only_when_something_must_answer_it():
    assert parse_request("Translate 'Where is the station?' into German")[0].question is None
    assert parse_request("From ./a.wav, answer 'who called?'")[0].question == "who called?"


def test_context_and_question_markers():
    parsed, _ = parse_request("Context: 'Ada wrote the first program.' Question: who wrote the first program?")
    assert parsed.input_texts == ["Ada wrote the first program."]
    assert parsed.question == "who wrote the first program?"


def test_a_path_of_an_unknown_kind_is_a_clear_error():
    with pytest.raises(HiveError, match=r"cannot tell what kind of file './notes.xyz' is"):
        locate_values("summarise ./notes.xyz")


def test_a_quote_that_ends_its_sentence_ends_the_request_s_sentence_too():
    from hive.understanding.parsing import locate_values
    from hive.understanding.segments import sentence_span

    query = "Make a voiceover reading 'The city never sleeps.' Permissive licences."
    located = locate_values(query)
    assert sentence_span(located.masked, query.index("Permissive"))[0] == query.index(" Permissive")
    located = locate_values("Read 'It is late.' aloud, then summarise 'Hi there' Please.")
    assert located.masked.count(".") == 1  # a lowercase word after the quote, or no full stop inside it, ends nothing


class StandInReading:
    """A stand-in reader of clauses, so parsing's use of it is tested apart from the detector (which
    tests/understanding/test_learned.py drives through the planner)."""

    def __init__(self, asking=lambda text: "?" in text or text.strip().lower().startswith(("write", "need"))):
        self.asking = asking

    def asks(self, text: str) -> bool:
        return self.asking(text)

    def chooses_among_listed(self, sentence: str) -> bool:
        return "belong" in sentence or "one of" in sentence


def test_a_paste_gives_back_the_trailing_asks_when_nothing_outside_it_asks():
    reading = StandInReading()
    parsed, located = parse_request("Text: I loved the movie, the acting was superb and the story kept me hooked. "
                                    "Is it positive or negative? Permissive licence.", reading)
    assert parsed.input_texts == ["I loved the movie, the acting was superb and the story kept me hooked."]
    assert "Is it positive or negative?" in located.masked
    # what follows a heading's colon is the request itself when its first sentence asks
    assert parse_request("dev note: need a speech recogniser with the lowest CER on CSJ, apache. go.", reading)[0].input_texts == []
    # without a reader, or when the words before the colon ask, the paste runs on as before
    assert parse_request("Text: I loved the movie, the acting was superb and the story kept me hooked. Is it positive?")[0].input_texts
    summarised = parse_request("Summarise this: the council met on Tuesday to talk about the new bike lanes for hours. "
                               "Is it worth it? Nobody knows yet.", StandInReading(lambda text: "Summarise" in text))
    assert summarised[0].input_texts == ["the council met on Tuesday to talk about the new bike lanes for hours. Is it worth it? Nobody knows yet."]


@pytest.mark.parametrize("reading", [None, StandInReading(lambda text: "Summarise" in text)])
def test_limits_at_the_end_of_a_paste_after_a_colon_are_the_persons(reading):
    """'Summarise this: <text>. Apache-2.0 only, under 500M parameters.' had pasted the limits with the text."""
    query = ("Summarise this: The council met on Tuesday to discuss the new bus routes, which start in May and cover "
             "the northern suburbs. Apache-2.0 only, under 500M parameters. Thanks!")
    parsed, located = parse_request(query, reading)
    assert parsed.input_texts == ["The council met on Tuesday to discuss the new bus routes, which start in May and cover the northern suburbs."]
    assert "under 500M parameters" in located.masked
    # a language a pasted sentence names stays pasted: a text says what language things are in
    told = parse_request("Translate this: The meeting next week will be held in French, so please bring a dictionary along with you.", reading)[0]
    assert told.input_texts == ["The meeting next week will be held in French, so please bring a dictionary along with you."]


ARTICLE = ("The city council voted on Tuesday to expand the bike lane network across the downtown core. "
           "Construction is expected to begin next spring and last about eighteen months.")


def test_a_question_above_a_blank_line_stays_the_persons_and_the_paragraph_below_is_pasted():
    """The question after 'from the text below:' had been read as the paste's start, and the whole span as the
    request: the article was dropped and an LLM was asked to guess."""
    reading = StandInReading()
    parsed = parse_request(f"answer this question from the text below: when does construction begin?\n\n{ARTICLE}", reading)[0]
    assert parsed.input_texts == [ARTICLE]


def test_a_paste_below_a_blank_line_is_content_unless_most_of_it_asks():
    asking = StandInReading(lambda text: text.lower().startswith(("translate", "then", "thanks", "hi")))
    email = "Hi Maria, thanks for the quick reply. The delivery will arrive on Friday morning. Someone must sign for it at the desk."
    assert parse_request(f"translate this into spanish for me\n\n{email}", asking)[0].input_texts == [email]
    # words above that ask and name no file introduce what follows, even without "this"
    assert parse_request(f"translate to german\n\n{ARTICLE}", asking)[0].input_texts == [ARTICLE]
    # a paragraph that is the request itself is not pasted
    assert parse_request("translate ./notes.txt into German\n\nThen summarise it and read it out loud please.", asking)[0].input_texts == []


def test_a_letter_s_closing_lines_are_no_paste():
    """'Kind regards,\nR. Okafor, Compliance' below a blank line had been read as a text to work on."""
    asking = StandInReading(lambda text: text.lower().startswith(("before", "please", "turn")))
    memo = "Before the object detection component goes live, please note it needs 50k downloads.\n\nKind regards,\nR. Okafor, Compliance"
    assert parse_request(memo, asking)[0].input_texts == []
    notice = "Hey guys, the printer's busted again, don't bother using it till Tuesday lol"
    above = parse_request(f"{notice}\n\nturn that into a formal notice for the noticeboard\n\nThanks,\nAna", asking)[0]
    assert above.input_texts == [notice]  # the ask is the last paragraph but for the closing lines


def test_a_paste_above_the_request_is_pasted():
    """Paste first, then the ask below a blank line: the ask's words had been all there was."""
    asking = StandInReading(lambda text: text.lower().startswith(("turn", "summarise", "translate")))
    notice = "Hey guys, the printer's busted again, don't bother using it till Tuesday lol"
    assert parse_request(f"{notice}\n\nturn that into a formal notice for the noticeboard", asking)[0].input_texts == [notice]
    # two paragraphs of the person's own asks are no paste, nor is a story above them without a reader
    assert parse_request("translate ./a.txt into French\n\nsummarise it afterwards please", asking)[0].input_texts == []
    assert parse_request(f"{notice}\n\nturn that into a formal notice for the noticeboard")[0].input_texts == []


def test_a_paragraph_in_another_language_above_an_english_one_is_pasted():
    """The German memo above "I don't speak German. What's the short version in English?" (no sentence of which
    reads as an ask) had been read as the person's words, and the request refused as written in German."""
    nobody_asks = StandInReading(lambda text: False)
    memo = "Liebe Kolleginnen und Kollegen, ab dem 1. Juli gilt eine neue Regelung. Alle können bis zu drei Tage pro Woche von zu Hause arbeiten."
    parsed = parse_request(f"{memo}\n\nI don't speak German. What's the short version in English?", nobody_asks)[0]
    assert parsed.input_texts == [memo]
    assert "Kolleginnen" not in parsed.own_words


def test_english_paragraphs_below_a_paste_in_another_language_are_the_persons(planner):
    poem = "La tarde se sienta en el banco del patio,\nel gato la mira sin prisa,\ny el limonero cuenta despacio."
    result = planner.plan(f"Please read this little poem aloud for my grandmother. The poem:\n\n{poem}\n\n"
                          "The voice must know Spanish of course.")
    assert result.parsed.input_texts == [poem]
    assert result.constraints == {"per_task": {"text-to-speech": {"languages": ["es"]}}}


def test_a_closing_line_below_a_paste_in_another_language_asks_nothing(planner):
    """'Thank you very much!' below a German poem had been read with the words before the poem as a translation."""
    result = planner.plan("Hello, I am learning English, sorry for mistakes. Here is a little poem from my uncle and I want "
                          "to hear it spoken for his party. The voice must speak German, because the poem is German:\n\n"
                          "\"Der Wind geht leise durch den Wald,\ndie Nacht ist still und kalt,\nder Mond schaut hell herein.\"\n\n"
                          "Thank you very much!")
    assert "text-to-speech" in [t.task for t in result.tasks] and "translation" not in [t.task for t in result.tasks]


def test_a_language_limit_with_a_model_as_its_subject_after_a_paste_is_the_persons(planner):
    result = planner.plan("For my class: translate these sentences into German, then make an audio file of the German.\n\n"
                          "1. The library closes at six on Fridays.\n2. We forgot the umbrella at the station.\n\n"
                          "The voice has to be a German voice. For the translation, the most downloaded model.")
    assert result.constraints["per_task"]["text-to-speech"] == {"languages": ["de"]}
    assert "voice" not in " ".join(result.parsed.input_texts)


def test_a_tail_after_words_that_ask_is_pasted_though_they_point_at_nothing():
    asking = StandInReading(lambda text: text.lower().startswith(("translate", "run")))
    french = "Mercredi, Emmanuel Durand, directeur de Renault, a rencontré le maire de Lyon."
    assert parse_request(f"Translate to English and then pick out the people and places: {french}", asking)[0].input_texts == [french]
    review = "The room was clean but the breakfast was cold and the staff seemed annoyed every time we asked."
    assert parse_request(f"Run sentiment analysis on the hotel review. Apache-2.0 models only, we resell the results:\n\n{review}",
                         asking)[0].input_texts == [review]


@pytest.mark.parametrize("query", [
    "Generate an image of a lighthouse at sunset and a short poem about it. For the image generator: OpenRAIL licence, max 2GB. "
    "For the poem: params <= 1.5B.",
    "Rewrite our support macros in a friendlier tone, then score their similarity. Rewriter: the most liked model.",
])
def test_limits_after_a_colon_below_words_that_ask_are_not_pasted(query):
    """A limit labelled with its step ('For the image generator: OpenRAIL licence') had become the image's prompt."""
    asking = StandInReading(lambda text: text.lower().startswith(("generate", "rewrite")))
    assert parse_request(query, asking)[0].input_texts == []


def test_a_short_remark_after_the_last_limit_does_not_make_the_limits_pasted():
    """'No exceptions, our contracts team checks.' after the limit had made the limit part of the video's prompt."""
    asking = StandInReading(lambda text: text.lower().startswith("we need"))
    query = ("We need a short clip: a paper boat sailing across a puddle in the rain. The video model has to be under a "
             "permissive licence. No exceptions, legal checks this.")
    assert parse_request(query, asking)[0].input_texts == ["a paper boat sailing across a puddle in the rain."]


def test_a_short_tail_after_a_colon_is_pasted_when_the_words_before_ask_and_it_does_not():
    """The voice would have said "Read this aloud": a tail under fifteen words stayed part of the request."""
    asking = StandInReading(lambda text: text.lower().startswith(("read", "tag", "summarise")) or "translate" in text)
    assert parse_request("Read this aloud: hello there my good friend.", asking)[0].input_texts == ["hello there my good friend."]
    assert parse_request("Summarise it: quick version please, and translate to French.", asking)[0].input_texts == []
    assert parse_request("Read this aloud: hello there my good friend.")[0].input_texts == []  # no reader: the length rule alone


def test_a_list_in_a_sentence_read_as_choosing_among_labels_is_its_labels():
    reading = StandInReading()
    assert parse_request("Does this email belong to HR, IT, or Facilities? 'The printer is jammed again.'", reading)[0].categories \
        == ["HR", "IT", "Facilities"]
    assert parse_request("Put it into one of Housing, Noise, Parking, Waste: 'Bins piled up for two weeks.'", reading)[0].categories \
        == ["Housing", "Noise", "Parking", "Waste"]
    # a list in a sentence not read so stays words; and without a reader of clauses the patterns alone decide
    assert parse_request("Translate it into French, German and Spanish: 'Closed on Friday.'", reading)[0].categories == []
    assert parse_request("Does this email belong to HR, IT, or Facilities? 'The printer is jammed again.'")[0].categories == []


@pytest.mark.parametrize("pasted", [
    "| item | price | sold |\n|---|---|---|\n| honey | 8 | 34 |\n| jam | 5 | 51 |",
    "item,price,sold\nhoney,8,34\njam,5,51",
    "item\tprice\tsold\nhoney\t8\t34\njam\t5\t51",
])
def test_a_pasted_table_is_data_whatever_its_delimiter(pasted):
    parsed, located = parse_request(f"Which item made the most money?\n{pasted}\nThanks!")
    assert parsed.data == [{"item": ["honey", "jam"], "price": ["8", "34"][:1] + ["5"], "sold": ["34", "51"]}]
    assert "honey" not in located.masked and "Thanks!" in located.masked


def test_a_table_of_limits_on_the_models_is_the_persons_words_not_data(planner):
    query = ("Please predict readmission for each row of patients.csv.\n\n| limit | value |\n|---|---|\n"
             "| downloads | >= 10,000 |\n| licence | Apache-2.0 |\n| params | < 1B |")
    parsed = parse_request(query)[0]
    assert parsed.data == [] and parsed.files == ["patients.csv"]
    assert planner.plan(query).constraints == {"global": {"min_downloads": 10_000, "licences": ["apache-2.0"],
                                                          "max_parameters": 1_000_000_000}}


def test_lines_of_prose_with_commas_are_not_a_table():
    verse = "roses are red, violets are blue\nsugar is sweet, and so are you\nthe night is long, the day is new"
    assert parse_request(f"Summarise this poem:\n{verse}")[0].data == []
    assert parse_request("Hi, can you help, please?\nI need it, today\nThanks, Bob")[0].data == []


@pytest.mark.parametrize("quoted", ["「明日の会議は午後三時に変更になりました。」", "«Je ne pourrai pas venir demain»", "„Ich komme morgen nicht“"])
def test_quotes_of_other_scripts_hold_a_text(quoted):
    """Japanese corner brackets had left the text in the request, refused as written in Japanese."""
    inner = quoted[1:-1]
    assert locate_values(f"translate to English: {quoted}").texts[0][2] == inner


def test_a_numbered_paste_is_several_texts_only_when_asked_of_each():
    items = "\n\nItem 1:\nThe new library app lets members reserve books from their phones.\n\n" \
            "Item 2:\nThe county's bus operator announced a ten percent fare increase from January."
    split = parse_request("Summarise each of these two news items separately:" + items)[0].input_texts
    assert [text.split()[:2] for text in split] == [["The", "new"], ["The", "county's"]]
    whole = parse_request("Summarise these two news items in one paragraph:" + items)[0].input_texts
    assert len(whole) == 1 and "Item 2:" in whole[0]


def test_a_table_whose_header_names_limits_stays_the_persons_words(planner):
    """'| part | limit |' holds limits, though one row says there is none: its MIT binds the step of its row."""
    result = planner.plan("From the scanned lease ./leases/unit4B_scan.png, what's the notice period? Then give me that answer in Spanish.\n\n"
                          "| part | limit |\n|---|---|\n| reading the scan | MIT licence |\n| Spanish version | no restriction |")
    assert not result.parsed.data
    assert result.constraints == {"per_task": {"document-question-answering": {"licences": ["mit"]}}}


def test_a_block_quoted_message_and_a_quote_after_a_paste_marker_are_inputs_whatever_limits_they_seem_to_state():
    """A customer's 'MIT-licensed export plugin' in a '>' block, and 'GPL-compatible terms' in a quoted context, had
    been read as limits on the models."""
    parsed, located = parse_request("Pasting a customer's message below. Is the tone positive or negative?\n\n"
                                    "> Since version 2.4 the MIT-licensed export plugin crashes.\n> Fix it or I cancel.")
    assert parsed.input_texts == ["Since version 2.4 the MIT-licensed export plugin crashes.\nFix it or I cancel."]
    assert "MIT" not in located.masked
    parsed, located = parse_request("What is the notice period? Context: \"This agreement, subject to the GPL-compatible "
                                    "terms in Annex B, may be terminated by giving 60 days' notice.\"")
    assert parsed.input_texts and "GPL" in parsed.input_texts[0] and "GPL" not in located.masked
    parsed, _ = parse_request("Quoting Annex B: 'All components shall be licensed under MIT or Apache-2.0.' Under that, "
                              "summarise ./a.txt")
    assert parsed.input_texts == []  # a policy quoted with no paste marker stays the person's limits


def test_a_question_on_its_own_line_keeps_its_first_letter():
    """'...\n\nWhich region sold the most units?' had been asked as 'hich region ...' (new user)."""
    parsed, _ = parse_request("Here are our Q3 numbers:\n| region | units |\n| North | 340 |\n| South | 410 |\n\n"
                              "Which region sold the most units?")
    assert parsed.question == "Which region sold the most units?"
    parsed, _ = parse_request("Here is the note. When was the bridge finished?")
    assert parsed.question == "When was the bridge finished?"


def test_a_paragraph_under_a_limits_heading_is_the_person_s_own_words():
    """'limits: ... the voice in step 3 has to be a German-speaking one.' had been read as a text pasted to work on."""
    parsed, located = parse_request("1. transcribe ./call.wav\n2. translate to German\n3. read it out\n\n"
                                    "limits: every model under 1B params. the voice in step 3 has to be a German-speaking one.")
    assert parsed.input_texts == [] and "limits: every model" in located.masked


def test_content_below_a_rule_line_is_pasted():
    query = ("[NEWS-DESK] ru->en, then 2-line summary\n---\nВ среду в Новосибирске открылся новый мост через Обь. "
             "Строительство заняло четыре года.")
    parsed, _located = parse_request(query)
    assert parsed.input_texts == [query.split("---\n")[1]]


def test_a_text_between_two_rule_lines_ends_at_the_second():
    """The person's asks below a fenced paste had been read as part of the paste (dev21)."""
    parsed, located = parse_request("A reader sent us this:\n---\nThe bus was late again and the driver was rude to my son. "
                                    "I expect an apology this time.\n---\nPlease summarise it in one line and draft a short reply.")
    assert parsed.input_texts == ["The bus was late again and the driver was rude to my son. I expect an apology this time."]
    assert "summarise it in one line and draft a short reply" in located.masked


def test_each_question_sentence_is_kept_and_a_polite_request_is_no_question():
    parsed, _located = parse_request("Scores: | team | points |\n|---|---|\n| Ravens | 41 |\n| Owls | 37 |\n\n"
                                     "Which team scored most? What is the gap between them? Could you keep it short?")
    assert parsed.question == "What is the gap between them?" or parsed.more_questions
    assert set(parsed.more_questions) | {parsed.question} >= {"Which team scored most?", "What is the gap between them?"}
    assert not any(q.startswith("Could you") for q in parsed.more_questions)


def test_each_question_asked_of_a_table_is_a_step_answering_it(planner):
    result = planner.plan_or_error("Stock count:\n\n| item | shelf | units |\n|---|---|---|\n| bolts | A1 | 120 |\n| nuts | B4 | 75 |\n\n"
                                   "Which item has the fewest units? On which shelf are the bolts? Then write a short note "
                                   "to the warehouse team mentioning both answers.")
    assert result.error is None, result.error
    answers = [t for t in result.tasks if t.task == "table-question-answering"]
    assert len(answers) == 2
    assert {t.args["question"] for t in answers} == {"Which item has the fewest units?", "On which shelf are the bolts?"}
    assert [t.task for t in result.tasks].count("text-generation") == 1  # one note, reading both answers


def test_a_text_between_two_rule_lines_is_pasted_whole_with_its_quotes():
    query = ("Pull out the people named in the piece below.\n\n---\nBRISTOL, May 2 -- The harbour master Ada Penrose said "
             "the quay would reopen. \"We are ready,\" she said. Mayor Tom Hale called it \"overdue\".\n---")
    parsed, _located = parse_request(query)
    assert len(parsed.input_texts) == 1 and parsed.input_texts[0].startswith("BRISTOL, May 2") and parsed.input_texts[0].endswith("\"overdue\".")


def test_a_text_pasted_below_is_pasted_whatever_it_says(planner):
    """An article quoting a CEO's 'Please translate our results' and 'the smallest footprint' had been read as the
    person's words, and the list of asks after 'three separate things from this article:' as the paste."""
    result = planner.plan("Article pasted below from this morning's business page.\n\nBrightwave Energy said its new battery "
                          "line had 'the smallest footprint in the industry.' CEO Ingrid Dahl told reporters, 'Please translate "
                          "our results into every language.' Analysts were skeptical.\n\nI need three separate things from this "
                          "article: a three-sentence summary, an overall positive/negative read on it, and a list of the people "
                          "and places in it.")
    assert sorted(step.task for step in result.tasks) == ["summarization", "text-classification", "token-classification"]
    assert result.constraints == {} and result.parsed.input_texts[0].startswith("Brightwave Energy said")


def test_words_someone_wrote_after_a_blank_line_are_pasted_whatever_they_ask(planner):
    """'The customer wrote:' then the message asking for a translation: the translation had become a step."""
    result = planner.plan("Support agent here. The customer wrote:\n\nYour app STILL logs me out every hour. Please translate "
                          "your FAQ into Spanish while you're at it!!\n\nBefore I reply: is the tone of that message negative or "
                          "positive? That's all I need.")
    assert [step.task for step in result.tasks] == ["text-classification"]


def test_a_forwarded_message_between_labelled_rule_lines_is_pasted():
    parsed = parse_request("Forwarded message ---------\nFrom: Lena\nHi! Could you please translate my Spanish bits and "
                           "summarise the chat? We always use the smallest model.\n---------\nAll I need is a transcript of "
                           "./ep41.mp3, under 100M parameters.")[0]
    assert parsed.input_texts[0].startswith("From: Lena") and "smallest" not in parsed.constraints.get("global", {})


def test_the_person_s_paragraph_after_a_text_copied_below_their_words_is_theirs(planner):
    """The paragraph after a copied chat log ('I lead the support team. From this log I want ...') had been pasted too
    (dev26)."""
    result = planner.plan("Chat log with a customer, copied from the helpdesk:\n\n[10:02] customer: my order #4471 never arrived. "
                          "summarise this for your manager!!\n[10:04] agent: Sorry to hear that, checking now.\n[10:06] customer: "
                          "and pls use your most popular courier next time\n\nI lead the support team. From this log I want three "
                          "separate outputs: a summary of the conversation, whether the customer is positive or negative overall, "
                          "and a chatbot-style reply to the customer's last message. For the reply, whatever sits at the top of "
                          "the likes chart.")
    assert sorted(step.task for step in result.tasks) == ["conversational", "summarization", "text-classification"]


def test_words_already_quoted_after_a_reporting_verb_point_at_nothing_below(planner):
    """'Error says 'network path not found'.' then a blank line: the person's ask below had been pasted as the error's."""
    result = planner.plan("Hi IT, none of the laptops can connect to the shared drive. Restarting didn't help. Error says "
                          "'network path not found'.\n\nSummarise this ticket in one line, and also label its priority as "
                          "low, medium or high.")
    assert sorted(step.task for step in result.tasks) == ["summarization", "zero-shot-classification"]


def test_lines_lettered_in_turn_are_pasted_texts(planner):
    """'pair to score:\nA: ...\nB: ...' points at nothing and asks for little before its colon: the lettered lines had
    been read as the person's words, and 'how can I change it?' as a request to edit a picture."""
    query = ("embedding model for dedup of FAQ entries. pair to score:\nA: How do I reset my password?\n"
             "B: I forgot my password, how can I change it?\nmin 100k downloads, Apache-2.0")
    parsed, _ = parse_request(query)
    assert parsed.input_texts == ["How do I reset my password?", "I forgot my password, how can I change it?"]  # a pair compared
    assert [(t.task, t.args) for t in planner.plan(query).tasks] == [
        ("sentence-similarity", {"text": "How do I reset my password?", "other": "I forgot my password, how can I change it?"})]
    # a numbered list of steps is no lettered paste; a dialogue's lines are one text
    assert parse_request("do these:\n1: transcribe a.wav\n2: summarise it")[0].input_texts == []
    dialogue = "A: are you coming to the meeting later today?\nB: yes, but ten minutes late\nA: ok, I will tell the others"
    assert parse_request(f"summarize this dialogue:\n{dialogue}")[0].input_texts == [dialogue]


@pytest.mark.parametrize("query, labels", [
    # the list ends where the next ask begins: "and draft the reply" is a step, not a category
    ("Please get it into English, then sort it under billing / shipping / technical / other, and draft the reply our "
     "support bot would send back.", ["billing", "shipping", "technical", "other"]),
    # a chain of clauses joined by commas lists no labels ("and then every person ... picked out")
    ("Accession 1924/17 is a typed letter, scanned as letter_1924.png. Could the text be lifted off the page, and then "
     "every person and place it mentions picked out for the catalogue index? Our policy says Apache 2.0 for any tool.", []),
])
def test_a_loose_list_of_labels_ends_before_a_clause(planner, query, labels):
    assert [label for _s, _e, label in planner.understander.locate(query).labels] == labels
