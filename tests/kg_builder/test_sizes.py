"""Model sizes (kg_builder/sizes.py), each with where its number came from."""

from __future__ import annotations

import pytest

from kg_builder.cards import Card
from kg_builder.sizes import size_facts


@pytest.mark.parametrize("model_id, body, expected", [
    ("org/x", "A model with 66M parameters.", ("parameters", 66_000_000, "card")),
    ("bigscience/bloom-560m", "", ("parameters", 560_000_000, "name-estimate")),
    ("openai/whisper-tiny.en", "", ("parameters", 39_000_000, "name-estimate")),
    ("facebook/detr-resnet-50", "", ("parameters", 41_000_000, "name-estimate")),  # DETR, not the ResNet-50 in its name
    ("microsoft/resnet-50", "", ("parameters", 25_600_000, "name-estimate")),
    ("nvidia/mit-b0", "", ("parameters", 3_400_000, "name-estimate")),  # SegFormer's MiT-B0 encoder
    ("mindspore-ai/LeNet", "", ("parameters", 60_000, "name-estimate")),
    ("Davlan/distilbert-base-multilingual-cased-ner-hrl", "", ("parameters", 134_000_000, "name-estimate")),  # its vocabulary
    ("nvidia/tts_en_fastpitch", "| [![Model size](https://img.shields.io/badge/Params-45M-lightgrey#model-badge)]",
     ("parameters", 45_000_000, "card")),  # the count after its label (NeMo's badge)
    ("org/spec", "Parameters: 1.2B\nLayers: 24", ("parameters", 1_200_000_000, "card")),
    ("nlpconnect/vit-gpt2-image-captioning", "", ("parameters", 239_000_000, "name-estimate")),
    ("org/m", "12-layer, 384-hidden, 21M Transformer parameters, 96M embedding parameters",  # the embeddings count too
     ("parameters", 117_000_000, "card")),
])
def test_sizes_say_where_their_number_came_from(model_id, body, expected):
    facts = size_facts(Card(id=model_id, meta={}, body=body, source="t"))
    assert (facts[0].kind, facts[0].value, facts[0].source) == expected
    assert (facts[1].kind, facts[1].source) == ("bytes", "estimate-from-parameters")


@pytest.mark.parametrize("meta, body", [
    ({"base_model": "allenai/led-large-16384"}, ""),
    ({}, "This model is a fine-tuned version of [allenai/led-large-16384](https://huggingface.co/allenai/led-large-16384) on booksum."),
])
def test_a_fine_tuned_model_has_the_size_of_its_base(meta, body):
    facts = size_facts(Card(id="someone/book-summariser", meta=meta, body=body, source="t"))
    assert (facts[0].value, facts[0].source) == (460_000_000, "base-model-estimate")
    assert size_facts(Card(id="someone/book-summariser", meta={}, body="A summariser.", source="t")) == []
