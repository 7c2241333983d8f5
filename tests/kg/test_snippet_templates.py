"""The snippet templates (hive/kg/snippet_templates.py): a snippet follows its card's loader, falls back to the
task's template, and keeps model ids in string literals. Real cards whose code loads TensorFlow or Flax classes
too: each template family names the PyTorch class (the runtime has no TensorFlow or Flax)."""

from __future__ import annotations

import re

import pytest

from hive.kg.snippet_templates import TemplateWriter
from hive.snippet_policy import check_snippet
from kg_builder.cards import Card
from kg_builder.extract import extract
from kg_builder.sources import JsonlSource

from support.paths import DATA
from support.snippets import SIGNATURE, card_facts

CARDS = {card.id: card for card in JsonlSource(DATA / "framework_cards.jsonl").cards()}
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


def test_audio_to_audio_falls_back_to_speechbrain_not_a_missing_transformers_pipeline():
    def fallback(model_id: str) -> str:
        return TemplateWriter().write(extract(Card(id=model_id, meta={}, body="", source="test")), "audio-to-audio").code

    assert "SpectralMaskEnhancement.from_hparams" in fallback("speechbrain/metricgan-plus-voicebank")
    assert "runner.enhance_file(audio)" in fallback("speechbrain/metricgan-plus-voicebank")
    assert "SepformerSeparation" in fallback("someone/sepformer-custom") and "pipeline(" not in fallback("x/y")


def test_a_model_id_reaches_a_template_snippet_only_as_a_string_literal():
    """Ids are checked at build time; the templates still never paste one into code or a docstring."""
    import ast

    hostile = 'org/x"""\nimport os\n"""'
    code = TemplateWriter().fallback(hostile, "translation").code
    function = ast.parse(code).body[0]
    assert isinstance(function, ast.FunctionDef) and len(ast.parse(code).body) == 1
    assert hostile in ast.get_docstring(function) and not any(isinstance(n, ast.Import) and n.names[0].name == "os"
                                                               for n in ast.walk(function))


def test_template_snippets_follow_the_cards_loader():
    snippet = TemplateWriter().write(card_facts("from transformers import WhisperProcessor, WhisperForConditionalGeneration\n"
                                            "p = WhisperProcessor.from_pretrained('org/asr')\n"
                                            "m = WhisperForConditionalGeneration.from_pretrained('org/asr')\n"),
                                     "automatic-speech-recognition")
    assert snippet.kind == "own" and snippet.loader == "transformers_classes"
    assert "WhisperForConditionalGeneration.from_pretrained(model)" in snippet.code
    check_snippet(snippet.code, SIGNATURE)
    fallback = TemplateWriter().write(extract(Card(id="org/asr", meta={}, body="", source="t")), "automatic-speech-recognition")
    assert fallback.kind == "fallback"


def test_speechbrain_classes_imported_under_an_alias_are_recognised():
    code = ("from speechbrain.pretrained import SepformerSeparation as separator\n"
            "model = separator.from_hparams(source='org/sep', savedir='tmp')\n"
            "est_sources = model.separate_file(path='mix.wav')\n")
    card = Card(id="org/sep", meta={}, body=f"```python\n{code}```\n", source="t", pipeline_tag="audio-to-audio")
    snippet = TemplateWriter().write(extract(card), "audio-to-audio")
    assert (snippet.kind, snippet.loader) == ("own", "speechbrain")
    assert "SepformerSeparation.from_hparams(source=model" in snippet.code and "separate_file(path=audio)" in snippet.code
