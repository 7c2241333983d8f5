"""The ConstraintSet: read from a mapping, a file and the command line's flags; bad values named in one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hive.contracts import Constraints, ConstraintSet, PlanResult
from hive.errors import HiveError
from hive.selection.constraints import Benchmark

NO_FLAGS = dict(licences=[], deny_licences=[], max_params=None, max_bytes=None, smallest=False, best_on=None,
                languages=[], min_downloads=None, local_only=False, file=None)


def test_a_flat_mapping_is_global_and_per_task_constraints_add_to_it():
    flat = ConstraintSet.parse({"licences": ["mit"], "languages": ["English"]}, "t")
    assert flat.all_tasks == Constraints(licences=["mit"], languages=["en"]) and flat.per_task == {}
    both = ConstraintSet.parse({"global": {"licences": ["mit"]}, "per_task": {"summarization": {"licences": ["apache-2.0"], "smallest": True}}}, "t")
    assert both.for_task("summarization") == Constraints(licences=["apache-2.0", "mit"], smallest=True)
    assert both.for_task("translation") == Constraints(licences=["mit"])


def test_to_dict_keeps_what_is_set_under_the_plan_json_keys_and_reads_back():
    data = {"global": {"max_bytes": 2_000_000_000}, "per_task": {"automatic-speech-recognition": {
        "best_on": {"dataset": "common_voice", "config": "en", "metric": "wer"}}}}
    constraints = ConstraintSet.parse(data, "t")
    assert constraints.to_dict() == data
    assert ConstraintSet.parse(constraints.to_dict(), "t") == constraints
    assert ConstraintSet().to_dict() == {} and ConstraintSet().is_empty()


def test_merging_joins_lists_and_the_later_value_wins():
    first = ConstraintSet.parse({"global": {"licences": ["mit"], "max_parameters": 10}, "per_task": {"summarization": {"smallest": True}}}, "t")
    later = ConstraintSet.parse({"global": {"licences": ["apache-2.0"], "max_parameters": 5}, "per_task": {"translation": {"max_bytes": 9}}}, "t")
    merged = first.merged_with(later)
    assert merged.all_tasks == Constraints(licences=["apache-2.0", "mit"], max_parameters=5)
    assert merged.for_task("translation").max_bytes == 9 and merged.for_task("translation").licences == ["apache-2.0", "mit"]
    assert merged.for_task("summarization").smallest and merged.for_task("summarization").licences == ["apache-2.0", "mit"]

    assert merged.for_task("summarization").max_parameters == 5  # the later global value, though the first set scoped the step


def test_a_steps_own_value_beats_a_global_one_from_either_side():
    steps_own = ConstraintSet.parse({"per_task": {"summarization": {"max_parameters": 100}}}, "t")
    everywhere = ConstraintSet.parse({"global": {"max_parameters": 7}}, "t")
    assert steps_own.merged_with(everywhere).for_task("summarization").max_parameters == 100
    assert everywhere.merged_with(steps_own).for_task("summarization").max_parameters == 100
    assert steps_own.merged_with(everywhere).for_task("translation").max_parameters == 7


@pytest.mark.parametrize("data, message", [
    ({"colour": "red"}, "where: colour for every step: no constraint HIVE knows (docs/constraints.md lists them)"),
    ({"max_bytes": -5}, "where: max_bytes for every step: should be greater than 0"),
    ({"licences": 5}, "where: licences for every step: should be a valid list"),
    ({"local_only": "maybe"}, "where: local_only for every step: should be a valid boolean, unable to interpret input"),
    ({"per_task": {"summarization": {"min_downloads": -1}}}, "where: min_downloads for the summarization step: should be greater than or equal to 0"),
    ({"languages": ["Klingon"]}, "where: languages for every step: 'Klingon' is not a language name or code"),
    (["mit"], "where: constraints must be a mapping"),
])
def test_a_bad_value_is_one_line_naming_its_field(data, message):
    with pytest.raises(HiveError) as raised:
        ConstraintSet.parse(data, "where")
    assert str(raised.value) == message


def test_files_hold_global_and_per_task_constraints(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("global:\n  licences: [permissive]\nper_task:\n  automatic-speech-recognition:\n    smallest: true\n")
    loaded = ConstraintSet.read(path)
    assert loaded.for_task("automatic-speech-recognition") == Constraints(licences=["permissive"], smallest=True)
    assert loaded.for_task("summarization") == Constraints(licences=["permissive"])
    (tmp_path / "bad.json").write_text('{"max_parameters": -3}')
    with pytest.raises(HiveError, match="bad.json: max_parameters for every step: should be greater than 0"):
        ConstraintSet.read(tmp_path / "bad.json")
    (tmp_path / "broken.json").write_text('{"max_parameters": ')
    with pytest.raises(HiveError, match="cannot read constraints file .*broken.json"):
        ConstraintSet.read(tmp_path / "broken.json")


def test_flags_read_their_units_and_go_on_top_of_the_file(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('{"licences": ["mit"], "max_parameters": 1000}')
    flags = ConstraintSet.from_flags(**{**NO_FLAGS, "licences": ["apache-2.0"], "max_params": "500M", "max_bytes": "2GiB",
                                        "best_on": "common_voice:en:wer", "min_downloads": "10k", "file": path})
    assert flags.all_tasks == Constraints(licences=["apache-2.0", "mit"], max_parameters=500_000_000, max_bytes=2 * 2**30,
                                          best_on=Benchmark(dataset="common_voice", config="en", metric="wer"), min_downloads=10_000)
    assert ConstraintSet.from_flags(**NO_FLAGS).is_empty()


@pytest.mark.parametrize("flag, value, message", [
    ("max_bytes", "lots", "--max-bytes: cannot read 'lots' as a size on disk"),
    ("max_params", "0", "the constraint flags: max_parameters for every step: should be greater than 0"),
    ("best_on", "wer", "--best-on: cannot read benchmark 'wer'"),
])
def test_a_bad_flag_names_the_flag_or_the_field(flag, value, message):
    with pytest.raises(HiveError, match=message):
        ConstraintSet.from_flags(**{**NO_FLAGS, flag: value})


def test_the_command_line_exits_2_with_one_line_naming_the_field(tmp_path):
    (tmp_path / "c.json").write_text('{"global": {"max_bytes": -5}}')
    done = subprocess.run([sys.executable, "-m", "hive.cli", "plan", "Transcribe a.wav", "--constraints", str(tmp_path / "c.json")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"error: {tmp_path / 'c.json'}: max_bytes for every step: should be greater than 0"]


def test_a_plan_says_which_constraints_applied_to_a_step():
    plan = PlanResult(query="q", constraints={"global": {"licences": ["mit"]}, "per_task": {"summarization": {"smallest": True}}})
    assert plan.constraints_for("summarization") == "licences=['mit'], smallest=True"
    assert plan.constraints_for("translation") == "licences=['mit']"
    assert PlanResult(query="q").constraints_for("translation") == ""
