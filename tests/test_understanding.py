"""Rule-based understanding: parsing fields, choosing domains and goals, and how well it generalises."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hive.errors import HiveError, NothingToPlan
from hive.pipeline import Planner
from hive.understanding.parsing import locate_values, parse_request

from conftest import SHARED_BENCH

DATA = Path(__file__).parent / "data"


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


def test_cue_words_inside_quotes_are_data_not_requests(planner):
    result = planner.plan("Read this aloud: 'how many people translate poems?'")
    assert [t.task for t in result.tasks] == ["text-to-speech"]


@pytest.mark.parametrize("query", ["hello", "hi there", "thanks!", "ok"])
def test_a_greeting_is_nothing_to_plan(planner, query):
    with pytest.raises(NothingToPlan, match="nothing to plan"):
        planner.plan(query)


def test_an_empty_request_is_refused(planner):
    with pytest.raises(HiveError, match="empty"):
        planner.plan("   ")


def test_domains_cover_the_goals_and_the_conversions_they_need(planner):
    result = planner.plan("Summarise ./talk.wav and draw a picture of the summary")
    assert result.domains == ["summarisation", "audio", "image-generation"]
    assert [(t.task, t.requested) for t in result.tasks] == [
        ("automatic-speech-recognition", False), ("summarization", True), ("text-to-image", True)
    ]


def test_a_question_about_a_document_goes_to_document_qa(planner):
    result = planner.plan("How much was the tip on the receipt ./r.jpg?")
    assert [t.task for t in result.tasks] == ["document-question-answering"]
    assert result.tasks[0].args == {"image": "./r.jpg", "question": "How much was the tip on the receipt ./r.jpg?"}


def test_a_missing_file_is_a_warning_not_an_error(planner, tmp_path):
    present = tmp_path / "here.wav"
    present.write_bytes(b"RIFF")
    result = planner.plan(f"Transcribe {present} and ./not-there.wav")
    assert [w for w in result.warnings if "not-there.wav" in w]
    assert not [w for w in result.warnings if "here.wav" in w and "not-there" not in w]


def _score(gold: Path, planner, tmp_path: Path) -> dict:
    """Plan every request of `gold` and score the plans with the benchmark's own scorer."""
    preds = tmp_path / "preds.jsonl"
    with preds.open("w") as out:
        for line in gold.read_text().splitlines():
            item = json.loads(line)
            out.write(json.dumps(planner.plan_or_error(item["query"], item["id"]).to_json_dict()) + "\n")
    scorer = SHARED_BENCH / "score.py" if (SHARED_BENCH / "score.py").exists() else None
    if scorer is None:
        pytest.skip("the benchmark scorer (../shared/bench/score.py) is not beside the repository")
    output = subprocess.run([sys.executable, str(scorer), str(gold), str(preds), "--json"], capture_output=True, text=True, check=True)
    return json.loads(output.stdout)["overall"]


def test_development_set_scores(planner, tmp_path):
    gold = SHARED_BENCH / "muse-dev.jsonl"
    if not gold.exists():
        pytest.skip("the development set is not beside the repository")
    scores = _score(gold, planner, tmp_path)
    assert scores["TS"] >= 0.9 and scores["FoT"] >= 0.85, scores


def test_requests_in_other_styles_score_well(planner, tmp_path):
    """heldout.jsonl was used once to find general gaps; fresh.jsonl was never tuned on."""
    assert _score(DATA / "heldout.jsonl", planner, tmp_path)["TS"] >= 0.9
    fresh = _score(DATA / "fresh.jsonl", planner, tmp_path)
    assert fresh["TS"] >= 0.85 and fresh["FoT"] >= 0.8, fresh


def test_a_second_object_of_the_same_verb_reads_what_the_first_reads():
    planner = Planner(select_models=False)
    plan = planner.plan("make an image and a video of a fox running through fresh snow at dawn")
    assert [t.task for t in plan.tasks] == ["text-to-image", "text-to-video"]  # no caption of the image in between
    chained = planner.plan("Caption ./a.jpg and a video of the caption")  # the second object reads the first's output
    assert [t.task for t in chained.tasks] == ["image-to-text", "text-to-video"]
    assert chained.tasks[1].args["text"] == "<resource-0>"


@pytest.mark.parametrize("request_text, wanted", [
    ("OCR the handwritten note ./note.jpg and translate it", True),
    ("Get the Japanese text out of panel.png", True),
    ("read the menu in menu.jpg and translate it to English", True),
    ("the prescription label label.jpg, can u read it and explain it", True),
    ("Write a caption for ./sunset.jpg", False),
    ("Caption the picture and read the text aloud", False),
    ("Describe screenshot.png in words", False),
])
def test_a_request_for_the_text_in_an_image_is_told_from_one_for_a_description(request_text, wanted):
    from hive.understanding.written_text import wants_written_text

    assert wants_written_text(request_text) == wanted
