"""The task detector's training pool and weights (hive/understanding/training.py)."""

from __future__ import annotations

import json

import pytest

from hive.planning.library import load_library
from hive.understanding.detector import NONE, TaskDetector
from hive.understanding.parsing import parse_request
from hive.understanding.training import build_pool, main, read_written, train

from support.paths import REPO


def test_the_pool_holds_only_library_tasks_and_no_frozen_request():
    pool = build_pool(None)
    known = set(load_library().actions) | {NONE}
    assert {e["label"] for e in pool if "label" in e} <= known
    assert {t for e in pool if "tasks" in e for t in e["tasks"]} <= known
    frozen = REPO / "benchmarks" / "data"
    held_out = {json.loads(line)["query"] for name in ("frozen-understanding.jsonl", "frozen-nothing.jsonl", "dev-understanding.jsonl",
                                                                "judge-understanding.jsonl", "check-understanding.jsonl",
                                                                "blind-understanding.jsonl", "blind-nothing.jsonl",
                                                                "blind3-understanding.jsonl", "blind3-nothing.jsonl")
                for line in (frozen / name).read_text(encoding="utf-8").splitlines()}
    assert not held_out & {e["text"] for e in pool}


def test_spans_label_the_clauses_that_ask_and_the_idle_ones():
    from hive.understanding.features import Featuriser
    from hive.understanding.rules import RuleUnderstander
    from hive.understanding.training import spanned_parts

    rules = RuleUnderstander()
    featuriser = Featuriser(sorted(rules.verbs))
    chain = {"text": "My boss wants it by noon. Please transcribe ./a.wav, then give me the gist.",
             "tasks": ["automatic-speech-recognition", "summarization"],
             "spans": [["automatic-speech-recognition", "transcribe ./a.wav"], ["summarization", "give me the gist"]]}
    rows, labels = spanned_parts([chain], featuriser, rules)
    assert labels == [NONE, "automatic-speech-recognition", "summarization"] and rows.shape[0] == 3
    # a span across two clauses: the two read together, and the clause holding most of it; the other teaches nothing
    across = {"text": "Watch ./a.mp4, tell me what sport they are playing", "label": "video-classification",
              "spans": [["video-classification", "Watch ./a.mp4, tell me what sport they are playing"]]}
    _rows, labels = spanned_parts([across], featuriser, rules)
    assert labels == ["video-classification", "video-classification"]


def test_training_writes_weights_the_detector_loads(tmp_path):
    pytest.importorskip("sklearn")
    written = read_written(REPO / "hive" / "understanding" / "data" / "written.txt")
    chosen = [e for e in written if e["label"] in ("automatic-speech-recognition", "text-to-image", NONE)]
    out = tmp_path / "detector.npz"
    train(chosen, out)
    detector = TaskDetector(out)
    assert set(detector.labels) == {"automatic-speech-recognition", "text-to-image", NONE}
    parsed, located = parse_request("please transcribe the interview ./i.wav")
    assert detector.read(located, parsed, [])[0].best[0] == "automatic-speech-recognition"


def test_an_interrupted_training_leaves_the_shipped_detector(tmp_path, monkeypatch):
    pytest.importorskip("sklearn")
    from hive.understanding import training

    written = read_written(REPO / "hive" / "understanding" / "data" / "written.txt")
    chosen = [e for e in written if e["label"] in ("automatic-speech-recognition", "text-to-image", NONE)]
    out = tmp_path / "detector.npz"
    out.write_bytes(b"the shipped detector")

    def stopped(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(training, "spanned_parts", stopped)
    with pytest.raises(KeyboardInterrupt):
        train(chosen, out)
    assert out.read_bytes() == b"the shipped detector"


def test_a_shared_folder_that_is_not_there_is_a_one_line_error(tmp_path):
    with pytest.raises(SystemExit, match=r"^error: --shared .*absent is not a folder$"):
        main(["pool", "--shared", str(tmp_path / "absent")])
