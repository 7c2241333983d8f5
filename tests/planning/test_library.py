"""The PDDL domain library: every file parses, follows HIVE's data-flow conventions and covers the peers' tasks."""

from __future__ import annotations

import pytest

from hive.planning.library import default_domain_dir, load_library, merge_domains
from hive.planning.pddl_text import domain_pddl
from hive.planning.pipeline_tags import HF_PIPELINE_TAGS

# Task sets of the peers (docs/design.md, "The domain library"): HuggingGPT's 24 pipeline tags and TaskBench's additions.
HUGGINGGPT_TASKS = {
    "text-classification", "token-classification", "text2text-generation", "summarization", "translation",
    "question-answering", "conversational", "text-generation", "sentence-similarity", "tabular-classification",
    "object-detection", "image-classification", "image-to-text", "text-to-image", "image-to-image",
    "image-segmentation", "depth-estimation", "text-to-speech", "automatic-speech-recognition", "audio-to-audio",
    "audio-classification", "document-question-answering", "visual-question-answering", "text-to-video",
}
TASKBENCH_EXTRA = {"image-editing", "tabular-classification", "conversational"}
DOMAIN_FILES = sorted(default_domain_dir().glob("*.pddl"))


@pytest.mark.parametrize("path", DOMAIN_FILES, ids=lambda p: p.name)
def test_every_domain_file_parses_with_two_independent_parsers(path):
    from unified_planning.environment import Environment
    from unified_planning.io import PDDLReader

    domain = load_library().domains[path.stem]
    assert domain.actions, f"{path.name} has no action"
    environment = Environment()
    environment.error_used_name = False  # PDDL keeps actions and objects apart; UP asks to be told so
    up_domain = PDDLReader(environment=environment).parse_problem(str(path))
    assert {a.name for a in up_domain.actions} == set(domain.actions)


def test_every_action_maps_to_a_known_pipeline_tag(library):
    for name, action in library.actions.items():
        assert action.pipeline_tag in HF_PIPELINE_TAGS, f"{name} -> {action.pipeline_tag}"
        assert action.description, f"{name} has no description note"


def test_every_action_follows_the_data_flow_convention(library):
    for name, action in library.actions.items():
        assert action.inputs, f"{name} reads nothing"
        assert action.output_modalities, f"{name} writes no modality"
        effects = {a.pddl() for a in action.add_effects}
        assert f"(made-by {action.output_param} {name})" in effects
        assert f"(from {action.output_param} ?src)" in effects
        assert {a.pddl() for a in action.del_effects} == {f"(fresh {action.output_param})"}
        assert action.main_input == action.inputs[0][0]


def test_the_library_covers_huggingface_hugginggpt_and_taskbench_tasks(library):
    assert HUGGINGGPT_TASKS | TASKBENCH_EXTRA <= set(library.actions)


def test_one_file_per_domain_with_a_description(library):
    assert len(library.domains) == len(DOMAIN_FILES) >= 10
    assert all(d.description for d in library.domains.values())


def test_merged_domain_round_trips_through_pddl_text(library, tmp_path):
    merged = merge_domains(list(library.domains.values()))
    path = tmp_path / "merged.pddl"
    path.write_text(domain_pddl(merged))
    again = load_library(tmp_path).domains[merged.name]
    assert set(again.actions) == set(merged.actions)
    assert again.actions["translation"].preconditions == merged.actions["translation"].preconditions


def test_a_new_task_is_a_new_action_and_needs_no_code(tmp_path):
    text = (default_domain_dir() / "translation.pddl").read_text()
    text = text.replace("translation - task", "translation transliteration - task").replace(
        "\n)\n",
        "\n  ;; @action transliteration pipeline=text2text-generation -- Write a text in another script.\n"
        "  (:action transliteration\n   :parameters (?text ?out ?src - resource)\n"
        "   :precondition (and (has ?text text) (from ?text ?src) (fresh ?out) (may-hold ?out transliteration))\n"
        "   :effect (and (not (fresh ?out)) (has ?out text) (from ?out ?src) (uses ?out ?text) (made-by ?out transliteration)))\n)\n",
    )
    (tmp_path / "translation.pddl").write_text(text)
    action = load_library(tmp_path).actions["transliteration"]
    assert action.pipeline_tag == "text2text-generation"
    assert action.output_modalities == ["text"]


def test_conflicting_definitions_are_refused(library, tmp_path):
    from hive.errors import HiveError

    clash = (default_domain_dir() / "summarisation.pddl").read_text().replace(
        "(define (domain summarisation)", "(define (domain clash)").replace("(has ?out text)", "(has ?out image)")
    (tmp_path / "clash.pddl").write_text(clash)
    with pytest.raises(HiveError, match="disagree"):
        merge_domains([library.domains["summarisation"], load_library(tmp_path).domains["clash"]])
