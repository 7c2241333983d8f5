"""Card sources and extraction details: the hub client against recorded responses, licences, sizes, snippets."""

from __future__ import annotations

import pytest

from hive.kg.licenses import normalise
from hive.kg.snippet_templates import TemplateWriter
from hive.snippet_policy import Signature, SnippetRejected, check_snippet
from kg_builder.cards import Card
from kg_builder.extract import extract
from kg_builder.sizes import size_facts
from kg_builder.snippets import LLMWriter
from kg_builder.sources import HubSource, RateLimiter, Skipped

from hub_replay import HubReplay


@pytest.fixture
def hub(monkeypatch, tmp_path):
    """The hub cannot be reached from here: a local server replays responses recorded in the hub's format."""
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with HubReplay() as replay:
        yield replay


def _hub_source(hub, tmp_path, **kwargs) -> HubSource:
    return HubSource(tmp_path / "cache", pipeline_tags=["automatic-speech-recognition"], limit=10,
                     endpoint=hub.endpoint, per_second=1000, sleep=lambda s: None, **kwargs)


def test_hub_cards_carry_hub_sizes_and_broken_cards_are_skipped(hub, tmp_path):
    found = list(_hub_source(hub, tmp_path).cards())
    cards = [c for c in found if isinstance(c, Card)]
    skipped = [c for c in found if isinstance(c, Skipped)]
    assert [c.id for c in cards] == ["acme/tiny-asr"]
    assert [s.where for s in skipped] == ["hub:acme/broken-card"]
    facts = extract(cards[0])
    assert {(s.kind, s.value, s.source) for s in facts.sizes} == {("parameters", 37760640, "hub"), ("bytes", 151000000, "hub")}
    assert facts.licenses[0].spdx == "MIT" and facts.arxiv_ids == ["2212.04356"]
    assert [(r.dataset, r.config, r.metric, r.value) for r in facts.results] == [("librispeech_asr", "clean", "wer", 7.5)]


def test_hub_runs_resume_from_the_cache(hub, tmp_path):
    list(_hub_source(hub, tmp_path).cards())
    first = len(hub.requests)
    again = [c for c in _hub_source(hub, tmp_path).cards() if isinstance(c, Card)]
    new_requests = hub.requests[first:]
    assert [c.id for c in again] == ["acme/tiny-asr"]
    assert not any("tiny-asr" in r for r in new_requests), new_requests


def test_hub_calls_are_retried_on_server_errors(hub, tmp_path):
    hub.failures_left["/api/models/acme/tiny-asr"] = 2
    cards = [c for c in _hub_source(hub, tmp_path).cards() if isinstance(c, Card)]
    assert [c.id for c in cards] == ["acme/tiny-asr"]
    assert hub.requests.count("GET /api/models/acme/tiny-asr") == 3


def test_rate_limiter_spaces_calls():
    now = [0.0]
    slept = []
    limiter = RateLimiter(4, clock=lambda: now[0], sleep=lambda s: (slept.append(s), now.__setitem__(0, now[0] + s)))
    for _ in range(3):
        limiter.wait()
    assert slept == [0.25, 0.25]


@pytest.mark.parametrize("raw, expected", [
    ("apache-2.0", [("Apache-2.0", "permissive")]),
    (["cc-by-nc-sa-4.0", "apache-2.0"], [("CC-BY-NC-SA-4.0", "non-commercial"), ("Apache-2.0", "permissive")]),
    ("openrail++", [("LicenseRef-openrail++", "openrail")]),
    ("other", [(None, "other")]),
    ("my-own-licence", [("LicenseRef-my-own-licence", "other")]),
    (None, []),
])
def test_licences_are_normalised_to_spdx_with_a_family(raw, expected):
    assert [(lic.spdx, lic.family) for lic in normalise(raw)] == expected


@pytest.mark.parametrize("model_id, body, expected", [
    ("org/x", "A model with 66M parameters.", ("parameters", 66_000_000, "card")),
    ("bigscience/bloom-560m", "", ("parameters", 560_000_000, "name-estimate")),
    ("openai/whisper-tiny.en", "", ("parameters", 39_000_000, "name-estimate")),
    ("facebook/detr-resnet-50", "", ("parameters", 41_000_000, "name-estimate")),  # DETR, not the ResNet-50 in its name
    ("microsoft/resnet-50", "", ("parameters", 25_600_000, "name-estimate")),
    ("nvidia/mit-b0", "", ("parameters", 3_400_000, "name-estimate")),  # SegFormer's MiT-B0 encoder
    ("mindspore-ai/LeNet", "", ("parameters", 60_000, "name-estimate")),
    ("Davlan/distilbert-base-multilingual-cased-ner-hrl", "", ("parameters", 134_000_000, "name-estimate")),  # its vocabulary
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


def test_metric_variants_and_splits_written_in_metric_names_are_kept_apart():
    index = [{"results": [{"task": {"type": "summarization"}, "dataset": {"type": "samsum", "name": "SAMSum"}, "metrics": [
        {"type": "rouge", "name": "ROUGE-2", "value": 28.1}, {"type": "rouge-1", "name": "Validation ROUGE-1", "value": 55.0},
        {"type": "rouge-1", "name": "Test ROUGE-1", "value": 53.4}, {"type": "loss", "name": "loss", "value": 1.7}]}]}]
    facts = extract(Card(id="org/sum", meta={"model-index": index}, body="", source="t"))
    assert [(r.metric, r.split, r.value) for r in facts.results] == [
        ("rouge-2", "", 28.1), ("rouge-1", "validation", 55.0), ("rouge-1", "test", 53.4), ("loss", "", 1.7)]


SIGNATURE = Signature(("audio",), "org/asr")
GOOD = 'def run(audio: str = "", model: str = "org/asr", device: str = "cpu"):\n    from transformers import pipeline\n    return pipeline("automatic-speech-recognition", model=model)(audio)\n'


@pytest.mark.parametrize("code, rule", [
    (GOOD.replace("from transformers import pipeline", "import subprocess"), "not on the allow-list"),
    (GOOD.replace("model=model)", "model=model, trust_remote_code=True)"), "trust_remote_code"),
    (GOOD.replace("return pipeline", "eval('1')\n    return pipeline"), "uses 'eval'"),
    (GOOD.replace('audio: str = "", ', ""), "signature must be"),
    (GOOD.replace('"org/asr"', '"org/other"'), "must default to"),
    (GOOD + "\nprint('side effect')\n", None),
    (GOOD + "\nx = 1\n", "exactly one top-level function"),
    (GOOD.replace('model: str', 'language: str = "English", model: str'), None),  # a step option, after the inputs
    (GOOD.replace('audio: str = "", ', 'language: str = "English", audio: str = "", '), "signature must be"),
    (GOOD.replace('model: str', 'colour: str = "red", model: str'), "signature must be"),
    ("def run(:\n", "does not parse"),
])
def test_the_snippet_policy_names_the_rule_broken(code, rule):
    """Each rule refuses with its own reason; a step option (a translation's target language) may follow the inputs."""
    if rule is None:
        check_snippet(code, SIGNATURE)
        return
    with pytest.raises(SnippetRejected, match=rule):
        check_snippet(code, SIGNATURE)


def _facts(code: str = "from transformers import pipeline\npipeline('automatic-speech-recognition', model='org/asr')\n"):
    card = Card(id="org/asr", meta={}, body=f"```python\n{code}```\n", source="t", pipeline_tag="automatic-speech-recognition")
    return extract(card)


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
    snippet = TemplateWriter().write(_facts("from transformers import WhisperProcessor, WhisperForConditionalGeneration\n"
                                            "p = WhisperProcessor.from_pretrained('org/asr')\n"
                                            "m = WhisperForConditionalGeneration.from_pretrained('org/asr')\n"),
                                     "automatic-speech-recognition")
    assert snippet.kind == "own" and snippet.loader == "transformers_classes"
    assert "WhisperForConditionalGeneration.from_pretrained(model)" in snippet.code
    check_snippet(snippet.code, SIGNATURE)
    fallback = TemplateWriter().write(extract(Card(id="org/asr", meta={}, body="", source="t")), "automatic-speech-recognition")
    assert fallback.kind == "fallback"


def test_llm_snippets_are_checked_and_fall_back_to_the_template():
    """The completion function stands in for a remote LLM, which this machine cannot reach."""
    prompts = []

    def good_llm(prompt: str) -> str:
        prompts.append(prompt)
        return "Here it is:\n```python\n" + GOOD + "```"

    snippet = LLMWriter(good_llm).write(_facts(), "automatic-speech-recognition")
    assert (snippet.kind, snippet.loader) == ("own", "llm") and snippet.code == GOOD
    assert "def run(audio: str = ''" in prompts[0] and "pipeline('automatic-speech-recognition'" in prompts[0]

    rejected = LLMWriter(lambda prompt: "```python\nimport os\nos.system('rm -rf /')\n```").write(_facts(), "automatic-speech-recognition")
    assert rejected.loader == "transformers_pipeline" and "LLM answer rejected" in rejected.note


def test_speechbrain_classes_imported_under_an_alias_are_recognised():
    code = ("from speechbrain.pretrained import SepformerSeparation as separator\n"
            "model = separator.from_hparams(source='org/sep', savedir='tmp')\n"
            "est_sources = model.separate_file(path='mix.wav')\n")
    card = Card(id="org/sep", meta={}, body=f"```python\n{code}```\n", source="t", pipeline_tag="audio-to-audio")
    snippet = TemplateWriter().write(extract(card), "audio-to-audio")
    assert (snippet.kind, snippet.loader) == ("own", "speechbrain")
    assert "SepformerSeparation.from_hparams(source=model" in snippet.code and "separate_file(path=audio)" in snippet.code
