"""The planning pipeline (hive/pipeline.py): empty requests refused, control characters left out, uncertain steps
reported, and with `explain`
the plan's explanation names each step's rejected models (a plain plan does not judge them)."""

from __future__ import annotations

import pytest

from hive.contracts import ConstraintSet, TaskStep
from hive.errors import HiveError
from hive.pipeline import Planner, uncertain_steps
from hive.request import GoalSpec
from hive.understanding.learned import UNCERTAIN


def test_an_uncertain_step_is_a_warning_with_the_other_readings():
    step = TaskStep(id=0, task="summarization", pipeline_tag="summarization", dep=[], args={}, outputs=["text"], stage=0,
                    requested=True, confidence=UNCERTAIN - 0.1)
    goal = GoalSpec(task="summarization", confidence=UNCERTAIN - 0.1, readings={"summarization": 0.4, "text2text-generation": 0.3})
    (warning,) = uncertain_steps([step], [goal])
    assert "step 0 (summarization) is uncertain (confidence 0.40)" in warning and "text2text-generation 0.30" in warning


def test_an_empty_request_is_refused(planner):
    with pytest.raises(HiveError, match="empty"):
        planner.plan("   ")


def test_a_request_over_the_size_limit_is_refused_in_one_line(planner):
    with pytest.raises(HiveError, match="over the limit of 200,000: put a long text in a file"):
        planner.plan("Summarise this: " + "word " * 50_000)


def test_a_long_paste_just_under_the_limit_is_planned(planner):
    """A 120,000-character paste had taken minutes: the loose-label pattern ran over every long sentence."""
    paste = "The council met on Tuesday to discuss the new bus routes for the northern suburbs. " * 1400
    assert [t.task for t in planner.plan("Summarise this: " + paste).tasks] == ["summarization"]


def test_a_request_of_only_control_characters_is_empty(planner):
    with pytest.raises(HiveError, match="empty"):
        planner.plan("\x1b[31m\x07\x00")


def test_terminal_escape_codes_are_left_out_and_not_read_as_words(planner):
    """Pasted from a terminal, "\x1b[31m" was read as a 31M-parameter cap and printed back raw."""
    result = planner.plan("Transcribe \x1b[31m./a.wav\x1b[0m\r\nplease\x07")
    assert result.query == "Transcribe ./a.wav\nplease"
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition"]
    assert "max_parameters" not in str(result.constraints)
    assert result.warnings[0].startswith("10 control characters")


def test_windows_line_ends_are_no_control_characters(planner):
    result = planner.plan("Transcribe ./a.wav\r\nthen summarise it")
    assert not any("control characters" in w for w in result.warnings)


LICENCE = ConstraintSet.parse({"licences": ["mit"]}, "test")


def test_an_explained_plan_names_each_rejected_model(planner):
    explained = planner.plan("Transcribe ./a.wav", constraints=LICENCE, explain=True)
    step = explained.tasks[0]
    rejected = explained.explanation.rejected[step.pipeline_tag]
    assert rejected and set(rejected.values()) == {"licence in MIT"}
    assert step.model not in rejected and f"{len(rejected)} rejected: licence in MIT" in step.why
    plain = planner.plan("Transcribe ./a.wav", constraints=LICENCE)
    assert plain.explanation.rejected == {} and plain.tasks[0].model == step.model


def test_a_pdf_is_read_by_an_ocr_model_not_a_captioner(planner):
    """A new user's PDF contract was summarised from a caption of how its page looks."""
    result = planner.plan("Please summarise ./contract.pdf")
    (reader,) = [t for t in result.tasks if t.pipeline_tag == "image-to-text"]
    assert "reads the text in the image" in (reader.why or "")


def test_warming_up_loads_what_a_first_request_waits_for_and_selects_nothing():
    """`hive serve` warms its planner before serving: the language names' patterns are compiled and the encoder has
    read the warm-up request, but no selection is cached (a first request still selects its own models)."""
    from hive.pipeline import Planner
    from hive.selection.phrases import _language_patterns
    from hive.understanding.encoder import shared_encoder

    _language_patterns.cache_clear()
    planner = Planner()
    planner.warm_up()
    assert _language_patterns.cache_info().currsize == 1
    assert shared_encoder()._encode_one.cache_info().currsize > 0
    assert planner.selector._cache == {}


def test_a_limit_said_as_a_wish_is_not_applied_and_the_plan_says_so():
    result = Planner(select_models=False).plan("Summarise ./notes.txt with a model under 400M parameters; ideally it'd be "
                                               "MIT-licensed but that's not a must.")
    assert result.constraints == {"global": {"max_parameters": 400_000_000}}
    assert any("'MIT-licensed' is said as a wish" in w for w in result.warnings)


def test_the_text_read_off_a_picture_is_in_the_language_its_file_is_tagged_with(planner):
    from hive.pipeline import _language_written

    steps = planner.plan("./menu_ja.jpg: pull the text off it, then english translation").tasks
    assert _language_written(steps[0], {s.id: s for s in steps}, "pull the text off it") == "ja"


@pytest.mark.parametrize("words", [
    "Caption ./cat.jpg; an openrail licence is fine but keep it under 2GB",
    "Summarise ./notes.txt. CC-BY is fine, but nothing non-commercial.",
    "Hobby project, purely non-commercial so licences aren't an issue: summarise ./notes.txt",
])
def test_a_licence_conceded_is_read_without_a_warning(words):
    """A concession had been read again by the learned reader: applied as a limit, or warned of as a value not found."""
    result = Planner(select_models=False).plan(words)
    assert "licences" not in result.constraints.get("global", {})
    assert not [w for w in result.warnings if "constraint not applied" in w]


def test_numbered_steps_above_a_paragraph_of_limits_are_planned_with_them(planner):
    """'every model' in the limits below had made the numbered steps texts to work on: nothing was planned."""
    result = planner.plan("1. transcribe ./call.wav\n2. translate to German\n\nlimits: every model under 1B params.")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("translation", [0])]
    assert result.constraints["global"] == {"max_parameters": 1_000_000_000}


def test_steps_drawn_with_arrows_run_in_the_arrows_direction(planner):
    result = planner.plan("file: call.wav\nsteps: transcribe -> short summary")
    assert [(t.task, t.dep) for t in result.tasks] == [("automatic-speech-recognition", []), ("summarization", [0])]
