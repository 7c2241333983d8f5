"""The learned task detector (hive/understanding/detector.py)."""

from __future__ import annotations

import pytest

from hive.errors import HiveError
from hive.planning.library import load_library
from hive.understanding.detector import NONE, TaskDetector
from hive.understanding.parsing import parse_request


@pytest.fixture(scope="module")
def detector():
    return TaskDetector()


def test_the_detector_scores_every_library_task_and_none(detector):
    assert set(detector.labels) == set(load_library().actions) | {NONE}
    parsed, located = parse_request("Transcribe ./a.wav, then read the summary aloud")
    readings = detector.read(located, parsed, [])
    assert len(readings) == 2
    for reading in readings:
        assert abs(sum(reading.probabilities.values()) - 1.0) < 1e-4
    assert readings[0].best[0] == "automatic-speech-recognition"


def test_word_order_tells_speech_to_text_from_text_to_speech(detector):
    to_text = detector.read(*reversed(parse_request("turn the speech in ./a.wav into text")), [])[0].best[0]
    to_speech = detector.read(*reversed(parse_request("turn the text in ./a.txt into speech")), [])[0].best[0]
    assert (to_text, to_speech) == ("automatic-speech-recognition", "text-to-speech")


def test_missing_weights_are_a_one_line_error(tmp_path):
    with pytest.raises(HiveError, match="weights are missing"):
        TaskDetector(tmp_path / "none.npz")

