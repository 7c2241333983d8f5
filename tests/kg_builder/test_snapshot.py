"""The shipped C-KG snapshot: what it holds against the card dump, and its byte-identical rebuild
(kg_builder/snapshot.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hive.kg.checks import validate
from hive.kg.queries import rows

from support.ckg import PREFIX
from support.paths import REPO


def _is_number(value) -> bool:
    if isinstance(value, bool):
        return False
    try:
        number = float(value.rstrip("%")) if isinstance(value, str) else float(value)  # '72%' is a number
        return number == number  # NaN is not a result
    except (TypeError, ValueError):
        return False


@pytest.fixture(scope="module")
def cards(card_dump) -> list[dict]:
    return [json.loads(line) for line in card_dump.read_text().splitlines() if line.strip()]


def test_snapshot_holds_every_model_and_task_and_is_sound(snapshot):
    counts = rows(snapshot, PREFIX + "SELECT (COUNT(DISTINCT ?m) AS ?models) (COUNT(DISTINCT ?t) AS ?tasks) WHERE { ?m a hive:Model ; hive:task ?t }")[0]
    # HuggingGPT's 673 cards (24 tasks) + a packaged voice, classifier, OCR and LLM (the LLM adds zero-shot
    # classification, table question answering and fill-mask)
    assert counts == {"models": 677, "tasks": 27}
    assert validate(snapshot) == []


def test_snapshot_holds_every_card_of_the_dump(snapshot, cards):
    ids = {r["id"] for r in rows(snapshot, PREFIX + "SELECT ?id WHERE { ?m a hive:Model ; dcterms:identifier ?id }")}
    assert {c["id"] for c in cards} <= ids


def test_snapshot_keeps_every_licence_result_and_paper_the_cards_state(snapshot, cards):
    from kg_builder.extract import ARXIV

    licensed = {c["id"] for c in cards if (c.get("meta") or {}).get("license")}
    unlicensed = {c["id"] for c in cards} - licensed
    with_licence = {r["id"] for r in rows(snapshot, PREFIX + "SELECT DISTINCT ?id WHERE { ?m dcterms:identifier ?id ; dcterms:license ?l }")}
    assert licensed <= with_licence and not unlicensed & with_licence

    numeric = 0
    for card in cards:
        for entry in (card.get("meta") or {}).get("model-index") or []:
            for result in entry.get("results") or []:
                for metric in result.get("metrics") or []:
                    numeric += _is_number(metric.get("value"))
    stored = rows(snapshot, PREFIX + "SELECT (COUNT(?r) AS ?n) WHERE { ?m hive:result ?r . ?r hive:scope 'model' }")[0]["n"]
    assert stored == numeric

    cited = {(c["id"], a or b) for c in cards for a, b in ARXIV.findall(c.get("description") or "")}
    linked = {(r["id"], r["arxiv"]) for r in rows(snapshot, PREFIX + "SELECT ?id ?arxiv WHERE { ?m dcterms:identifier ?id ; dcterms:references ?p . ?p hive:arxivId ?arxiv }")}
    assert cited <= linked


def test_speech_models_keep_their_word_error_rates(snapshot):
    found = rows(snapshot, PREFIX + """
        SELECT ?value WHERE {
          ?m dcterms:identifier "openai/whisper-tiny" ; hive:result ?r .
          ?r hive:metric ?metric ; hive:value ?value ; hive:onDataset ?d .
          ?metric hive:lowerIsBetter true .
          FILTER(CONTAINS(STR(?d), "librispeech"))
        }""")
    assert found and all(0 < r["value"] < 100 for r in found)


def test_every_model_has_a_snippet_and_fallbacks_are_marked(snapshot):
    kinds = rows(snapshot, PREFIX + "SELECT ?fallback (COUNT(?s) AS ?n) WHERE { ?m hive:execution ?s . ?s hive:fallback ?fallback } GROUP BY ?fallback")
    models = rows(snapshot, PREFIX + "SELECT (COUNT(?m) AS ?n) WHERE { ?m a hive:Model }")[0]["n"]
    assert sum(r["n"] for r in kinds) == models
    assert {r["fallback"] for r in kinds} == {True, False}


def test_a_rebuild_gives_the_shipped_snapshot(card_dump):
    done = subprocess.run([sys.executable, "-m", "kg_builder.snapshot", str(card_dump), "--check"], capture_output=True, text=True,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "reproducible" in done.stderr


def test_a_rebuild_without_the_dump_is_a_one_line_error():
    done = subprocess.run([sys.executable, "-m", "kg_builder.snapshot", "--check"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 2 and done.stderr.splitlines() == ["error: name HuggingGPT's card dump: python -m kg_builder.snapshot DUMP [--check]"]


def test_models_run_from_packages_weigh_what_the_package_carries(snapshot):
    """The recorded sizes are what the installed packages hold (re-measured here for those installed), and
    the graph uses them: the quantised GGUF is ~1.1 GB, not four bytes a parameter."""
    from hive.execution.offline import offline_models
    from hive.local_models.digests import installed_data_bytes
    from hive.local_models.packaged_gguf import packaged_models

    checked = 0
    for entry in offline_models().values():
        if entry.weights_package and (measured := installed_data_bytes(entry.weights_package)) is not None:
            assert measured == entry.weights_bytes, entry.model
            checked += 1
    for gguf in packaged_models().values():
        parts = [installed_data_bytes(d) for d in gguf.distributions()]
        if all(p is not None for p in parts):
            assert sum(parts) == gguf.bytes
    assert checked >= 3
    sizes = {r["id"]: (r["bytes"], r["source"]) for r in rows(snapshot, PREFIX + """SELECT ?id ?bytes ?source WHERE {
        ?m hive:availableOffline true ; dcterms:identifier ?id ; hive:sizeBytes ?bytes ; hive:sizeBytesSource ?source }""")}
    assert sizes["Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF"] == (packaged_models()["qwen2.5-coder-1.5b-instruct"].bytes, "offline-package")
    assert sizes["spacy/en_core_web_sm"][1] == sizes["rhasspy/piper-voices"][1] == "offline-package"
