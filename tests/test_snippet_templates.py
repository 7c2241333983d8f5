"""Snippets written from real cards whose code loads TensorFlow or Flax classes too: each template
family names the PyTorch class (the runtime has no TensorFlow or Flax)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hive.kg.snippet_templates import TemplateWriter
from kg_builder.extract import extract
from kg_builder.sources import JsonlSource

CARDS = {card.id: card for card in JsonlSource(Path(__file__).parent / "data" / "framework_cards.jsonl").cards()}
OTHER_FRAMEWORK = re.compile(r"\b(?:TF|Flax)[A-Z]\w*")


@pytest.mark.parametrize("model_id, loader, pytorch_class", [
    ("cardiffnlp/twitter-roberta-base-sentiment", "transformers_classes", "AutoModelForSequenceClassification"),
    ("distilbert-base-cased-distilled-squad", "transformers_classes", "DistilBertModel"),  # its first PyTorch block
    ("ydshieh/vit-gpt2-coco-en", "transformers_classes", "VisionEncoderDecoderModel"),
    ("tensorspeech/tts-tacotron2-baker-ch", "transformers_classes", "AutoModel"),
    ("gpt2", "transformers_pipeline", None),
    ("sentence-transformers/multi-qa-MiniLM-L6-cos-v1", "sentence_transformers", None),
    ("CompVis/stable-diffusion-v1-4", "diffusers", "StableDiffusionPipeline"),
])
def test_the_snippet_loads_the_pytorch_class_the_card_names(model_id, loader, pytorch_class):
    card = CARDS[model_id]
    assert OTHER_FRAMEWORK.search(card.body)  # the card does show another framework's class
    snippet = TemplateWriter().write(extract(card), card.pipeline_tag)
    assert (snippet.kind, snippet.loader) == ("own", loader)
    assert OTHER_FRAMEWORK.search(snippet.code) is None
    if pytorch_class:
        assert f" {pytorch_class}.from_pretrained(model" in snippet.code


def test_each_class_is_loaded_once():
    code = TemplateWriter().write(extract(CARDS["cardiffnlp/twitter-roberta-base-sentiment"]), "text-classification").code
    assert code.count("network = ") == 1
