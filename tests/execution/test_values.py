"""Step outputs as the next step's text and as files of their kind (hive/execution/values.py)."""

from __future__ import annotations

import json

from hive.execution.values import as_text, save_output


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
