"""The constraint truth knows which way a translation model translates.

benchmarks/constraint_truth.py is a standalone script, so it is imported by
path.  Tests that need the raw card dump skip when it is not there.
"""

import importlib.util
import json
import os
import re

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "benchmarks", "constraint_truth.py")
DATA = os.path.join(REPO, "benchmarks", "data")
SETS = ("blind", "blind2", "blind3", "dev", "dev2", "dev3", "dev4", "dev5", "dev7", "frozen")


def _load_script():
    spec = importlib.util.spec_from_file_location("constraint_truth_under_test", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ct = _load_script()
HAVE_DUMP = os.path.exists(ct.DEFAULT_DUMP)
needs_dump = pytest.mark.skipif(not HAVE_DUMP, reason="raw card dump p0_models.jsonl not present")


def _model(mid, languages, params=None, tasks=("translation",)):
    return {"id": mid, "tasks": list(tasks), "licences": ["apache-2.0"], "languages": list(languages),
            "params": params, "params_note": "test", "downloads": 0, "likes": 0, "model_index": []}


NLLB_LANGS = ["en", "es", "fr", "de", "ja", "zh", "ko", "pt", "it"]
OPUS_ES_EN = _model("Helsinki-NLP/opus-mt-es-en", ["es", "en"], 77_000_000)
OPUS_EN_ES = _model("Helsinki-NLP/opus-mt-en-es", ["en", "es"], 77_000_000)
T5_SMALL = _model("t5-small", ["en", "fr", "ro", "de", "multilingual"], 60_000_000)
NLLB = _model("facebook/nllb-200-distilled-600M", NLLB_LANGS, 600_000_000)


def test_opus_es_en_reads_spanish_into_english_only():
    assert ct.can_translate(OPUS_ES_EN, "es", "en")
    assert ct.can_translate(OPUS_ES_EN, "es", None)
    assert ct.can_translate(OPUS_ES_EN, None, "en")
    assert not ct.can_translate(OPUS_ES_EN, "en", "es")
    assert not ct.can_translate(OPUS_ES_EN, None, "es")
    assert not ct.can_translate(OPUS_EN_ES, "es", "en")


def test_t5_does_not_read_spanish():
    assert not ct.can_translate(T5_SMALL, "es", "en")
    assert not ct.can_translate(T5_SMALL, "es", None)
    assert not ct.can_translate(T5_SMALL, None, "ja")
    assert ct.can_translate(T5_SMALL, "en", "de")
    assert ct.can_translate(T5_SMALL, "en", "fr")
    assert not ct.can_translate(T5_SMALL, "de", "en")


def test_nllb_goes_any_way_between_listed_languages():
    for source in NLLB_LANGS:
        for target in NLLB_LANGS:
            if source != target:
                assert ct.can_translate(NLLB, source, target), (source, target)
    assert not ct.can_translate(NLLB, "es", "xx")
    assert not ct.can_translate(NLLB, "xx", "en")


def test_no_labels_ask_nothing():
    for model in (OPUS_ES_EN, T5_SMALL, NLLB):
        assert ct.can_translate(model, None, None)


def test_mul_en_reads_its_listed_sources_into_english():
    mul = _model("Helsinki-NLP/opus-mt-mul-en", ["es", "fr", "ja", "zh", "mul", "en"], 77_000_000)
    assert ct.can_translate(mul, "ja", "en")
    assert ct.can_translate(mul, None, "en")
    assert not ct.can_translate(mul, "ko", "en")   # Korean is not among its sources
    assert not ct.can_translate(mul, "en", "fr")


def test_unlisted_opus_id_falls_back_to_its_id():
    model = _model("Helsinki-NLP/opus-mt-it-en", [])
    assert ct.can_translate(model, "it", "en")
    assert not ct.can_translate(model, "en", "it")


def test_direction_constraint_only_for_labelled_translation_steps():
    assert ct.direction_constraint({"id": 0, "task": "summarization", "source": "es", "target": "en"}) is None
    assert ct.direction_constraint({"id": 0, "task": "translation", "dep": []}) is None
    assert ct.direction_constraint({"id": 0, "task": "translation", "source": None, "target": None}) is None
    c = ct.direction_constraint({"id": 1, "task": "translation", "source": None, "target": "de"})
    assert c["kind"] == "direction" and c["source"] is None and c["target"] == "de"


def _smallest_es_en(models):
    step = {"id": 1, "task": "translation", "dep": [0], "source": "es", "target": "en"}
    constraints = [{"scope": "translation", "kind": "smallest"}]
    return ct.solve_step(models, "translation", constraints + [ct.direction_constraint(step)])


def test_smallest_spanish_to_english_is_no_t5_on_toy_models():
    result = _smallest_es_en([OPUS_ES_EN, OPUS_EN_ES, T5_SMALL, NLLB])
    assert result["optimal"] == ["Helsinki-NLP/opus-mt-es-en"]
    assert "t5-small" not in result["admissible"]
    # Without the direction the smallest would be T5, which cannot read Spanish.
    blind = ct.solve_step([OPUS_ES_EN, OPUS_EN_ES, T5_SMALL, NLLB], "translation",
                          [{"scope": "translation", "kind": "smallest"}])
    assert blind["optimal"] == ["t5-small"]


@needs_dump
def test_smallest_spanish_to_english_is_no_t5_on_the_dump():
    models = ct.load_models(ct.DEFAULT_DUMP)
    result = _smallest_es_en(models)
    assert result["optimal"], result
    assert not any(re.match(r"t5-", mid) for mid in result["optimal"])
    assert not any(re.match(r"t5-", mid) for mid in result["admissible"])
    assert "Helsinki-NLP/opus-mt-es-en" in result["optimal"]


@needs_dump
def test_every_translation_model_has_a_decision():
    models = ct.load_models(ct.DEFAULT_DUMP)
    translators = {m["id"] for m in models if "translation" in m["tasks"]}
    assert translators <= set(ct.TRANSLATION_DIRECTIONS)
    for mid, (rule, _arg, reason) in ct.TRANSLATION_DIRECTIONS.items():
        assert rule in (ct.PAIRS, ct.MANY_TO_MANY, ct.FROM_LIST, ct.LANGUAGE_LIST), mid
        assert reason, mid


def test_translation_steps_are_labelled():
    code = re.compile(r"^[a-z]{2}$")
    for name in SETS:
        with open(os.path.join(DATA, "%s-constraints.jsonl" % name), encoding="utf-8") as fh:
            for line in fh:
                req = json.loads(line)
                for step in req["tasks"]:
                    if step["task"] != "translation":
                        assert "source" not in step and "target" not in step, (name, req["id"])
                        continue
                    assert "source" in step and "target" in step, (name, req["id"])
                    for value in (step["source"], step["target"]):
                        assert value is None or code.match(value), (name, req["id"], value)
                    assert step["source"] is None or step["source"] != step["target"], (name, req["id"])
