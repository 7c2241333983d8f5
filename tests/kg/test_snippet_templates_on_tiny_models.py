"""The C-KG's snippets run for real on tiny random-weight models, one per pipeline family, through the
same worker process `hive run` uses (no weights are downloaded: the models are built from configs)."""

from __future__ import annotations

import importlib.util
import shutil
import wave

import pytest

from hive.execution.worker import run_in_worker
from hive.snippet_policy import Signature, check_snippet
from kg_builder.cards import Card
from kg_builder.extract import extract
from hive.kg.snippet_templates import TemplateWriter, task_inputs

from support import tiny_models

pytestmark = pytest.mark.skipif(importlib.util.find_spec("transformers") is None or importlib.util.find_spec("torch") is None,
                                reason="transformers and torch are not installed")


def _snippet(task: str) -> str:
    """The task's snippet as the builder writes it for a card without usable code."""
    code = TemplateWriter().write(extract(Card(id="tiny/model", meta={}, body="", source="test")), task).code
    check_snippet(code, Signature(task_inputs()[task], "tiny/model"))
    return code


def _wav(path, seconds: float = 1.0, rate: int = 16000) -> str:
    import math

    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"".join(int(8000 * math.sin(i / 20)).to_bytes(2, "little", signed=True) for i in range(int(rate * seconds))))
    return str(path)


def _png(path) -> str:
    from PIL import Image

    Image.new("RGB", (64, 48), (200, 120, 40)).save(path)
    return str(path)


def _run(task: str, build, arguments: dict, tmp_path):
    model = build(tmp_path / "model")
    outcome = run_in_worker(_snippet(task), {**arguments, "model": str(model)}, str(tmp_path), timeout=300)
    assert outcome.error is None, outcome.error
    return outcome.value


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "model").mkdir()
    return tmp_path


def test_text_classification(folder):
    value = _run("text-classification", tiny_models.text_classification, {"text": "the cat sat on the mat"}, folder)
    assert value[0]["label"] in ("NEGATIVE", "POSITIVE") and 0 <= value[0]["score"] <= 1


def test_token_classification(folder):
    value = _run("token-classification", tiny_models.token_classification, {"text": "hello paris"}, folder)
    assert isinstance(value, list) and all({"entity", "word", "score"} <= set(v) for v in value)


def test_text_generation(folder):
    value = _run("text-generation", tiny_models.text_generation, {"text": "the cat"}, folder)
    assert value[0]["generated_text"].startswith("the cat")


def test_image_classification(folder):
    value = _run("image-classification", tiny_models.image_classification, {"image": _png(folder / "x.png")}, folder)
    assert {v["label"] for v in value} <= {"cat", "dog", "bird"}


def test_object_detection(folder):
    value = _run("object-detection", tiny_models.object_detection, {"image": _png(folder / "x.png")}, folder)
    assert isinstance(value, list) and all({"label", "score", "box"} <= set(v) for v in value)


def test_speech_recognition(folder):
    value = _run("automatic-speech-recognition", tiny_models.speech_recognition, {"audio": _wav(folder / "x.wav")}, folder)
    assert isinstance(value["text"], str)


def test_question_answering(folder):
    value = _run("question-answering", tiny_models.question_answering, {"context": "the cat sat on the mat", "question": "the cat"}, folder)
    assert {"answer", "score", "start", "end"} <= set(value)


def test_zero_shot_classification(folder):
    value = _run("zero-shot-classification", tiny_models.zero_shot_classification, {"text": "good apple", "labels": ["good", "bad"]}, folder)
    assert sorted(value["labels"]) == ["bad", "good"]


def test_fill_mask(folder):
    value = _run("fill-mask", tiny_models.fill_mask, {"text": "the [MASK] sat"}, folder)
    assert all("token_str" in v for v in value)


@pytest.mark.parametrize("task", ["summarization", "translation"])
def test_seq2seq(folder, task):
    value = _run(task, tiny_models.seq2seq, {"text": "the cat sat on the mat"}, folder)
    key = "summary_text" if task == "summarization" else "translation_text"
    assert isinstance(value[0][key], str)


def test_audio_classification(folder):
    value = _run("audio-classification", tiny_models.audio_classification, {"audio": _wav(folder / "x.wav")}, folder)
    assert {v["label"] for v in value} == {"yes", "no"}


def test_image_segmentation(folder):
    value = _run("image-segmentation", tiny_models.image_segmentation, {"image": _png(folder / "x.png")}, folder)
    assert all({"label", "mask"} <= set(v) for v in value)


def test_depth_estimation(folder):
    value = _run("depth-estimation", tiny_models.depth_estimation, {"image": _png(folder / "x.png")}, folder)
    from PIL import Image

    assert Image.open(value).size == (64, 48)  # the depth map, saved as the step's picture


def test_visual_question_answering(folder):
    value = _run("visual-question-answering", tiny_models.visual_question_answering,
                 {"image": _png(folder / "x.png"), "question": "the cat"}, folder)
    assert {v["answer"] for v in value} <= {"yes", "no", "red"}


def test_text2text_generation(folder):
    value = _run("text2text-generation", tiny_models.seq2seq, {"text": "the cat sat"}, folder)
    assert isinstance(value[0]["generated_text"], str)


def test_image_to_text(folder):
    value = _run("image-to-text", tiny_models.image_to_text, {"image": _png(folder / "x.png")}, folder)
    assert isinstance(value[0]["generated_text"], str)


@pytest.mark.skipif(importlib.util.find_spec("pandas") is None, reason="the table pipeline needs pandas")
def test_table_question_answering(folder):
    table = {"city": ["paris", "apple"], "people": ["2", "3"]}
    value = _run("table-question-answering", tiny_models.table_question_answering, {"table": table, "question": "the cat"}, folder)
    assert {"answer", "cells", "aggregator"} <= set(value) and set(value["cells"]) <= {"paris", "apple", "2", "3"}


@pytest.mark.skipif(importlib.util.find_spec("pytesseract") is None or shutil.which("tesseract") is None,
                    reason="document QA reads the page with tesseract (Debian tesseract-ocr + pytesseract)")
def test_document_question_answering(folder):
    from PIL import Image, ImageDraw, ImageFont

    page = Image.new("RGB", (480, 160), "white")
    ImageDraw.Draw(page).text((20, 50), "the cat sat on the mat", fill="black", font=ImageFont.load_default(size=32))
    page.save(folder / "page.png")
    value = _run("document-question-answering", tiny_models.document_question_answering,
                 {"image": str(folder / "page.png"), "question": "the cat"}, folder)
    assert value and all(v["answer"].lower() in "the cat sat on the mat" for v in value)


def test_text_to_speech(folder):
    value = _run("text-to-speech", tiny_models.text_to_speech, {"text": "hello good cat"}, folder)
    with wave.open(value) as audio:  # the speech, saved as the step's recording
        assert audio.getframerate() == 16000 and audio.getnframes() > 0


@pytest.mark.skipif(importlib.util.find_spec("diffusers") is None, reason="diffusers (extra 'diffusers') is not installed")
def test_text_to_image(folder):
    value = _run("text-to-image", tiny_models.text_to_image, {"text": "a cat on a mat"}, folder)
    from PIL import Image

    assert Image.open(value).size == (16, 16) and Image.open(value).mode == "RGB"
