"""The C-KG builder: the shipped snapshot, reproducibility, bad input, Papers-with-Code joins, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hive.kg.checks import validate
from hive.kg.queries import rows
from hive.kg.store import open_kg
from kg_builder.build import build
from kg_builder.sources import DirectorySource, JsonlSource, PapersWithCodeSource

from conftest import SHARED_BENCH

P0 = SHARED_BENCH.parent / "data" / "p0_models.jsonl"
needs_p0 = pytest.mark.skipif(not P0.exists(), reason="the card dump (../shared/data) is not beside the repository")
PREFIX = "PREFIX hive: <https://w3id.org/hive/ckg#> PREFIX dcterms: <http://purl.org/dc/terms/> "


@pytest.fixture(scope="module")
def snapshot():
    return open_kg()


def test_snapshot_holds_every_model_and_task_and_is_sound(snapshot):
    counts = rows(snapshot, PREFIX + "SELECT (COUNT(DISTINCT ?m) AS ?models) (COUNT(DISTINCT ?t) AS ?tasks) WHERE { ?m a hive:Model ; hive:task ?t }")[0]
    # HuggingGPT's 673 cards (24 tasks) + a packaged voice, classifier, OCR and LLM (the LLM adds zero-shot
    # classification, table question answering and fill-mask)
    assert counts == {"models": 677, "tasks": 27}
    assert validate(snapshot) == []


@needs_p0
def test_snapshot_holds_every_card_of_the_dump(snapshot):
    ids = {r["id"] for r in rows(snapshot, PREFIX + "SELECT ?id WHERE { ?m a hive:Model ; dcterms:identifier ?id }")}
    assert {c["id"] for c in _cards()} <= ids


def _is_number(value) -> bool:
    if isinstance(value, bool):
        return False
    try:
        number = float(value.rstrip("%")) if isinstance(value, str) else float(value)  # '72%' is a number
        return number == number  # NaN is not a result
    except (TypeError, ValueError):
        return False


def _cards() -> list[dict]:
    return [json.loads(line) for line in P0.read_text().splitlines() if line.strip()]


@needs_p0
def test_snapshot_keeps_every_licence_result_and_paper_the_cards_state(snapshot):
    from kg_builder.extract import ARXIV

    licensed = {c["id"] for c in _cards() if (c.get("meta") or {}).get("license")}
    unlicensed = {c["id"] for c in _cards()} - licensed
    with_licence = {r["id"] for r in rows(snapshot, PREFIX + "SELECT DISTINCT ?id WHERE { ?m dcterms:identifier ?id ; dcterms:license ?l }")}
    assert licensed <= with_licence and not unlicensed & with_licence

    numeric = 0
    for card in _cards():
        for entry in (card.get("meta") or {}).get("model-index") or []:
            for result in entry.get("results") or []:
                for metric in result.get("metrics") or []:
                    numeric += _is_number(metric.get("value"))
    stored = rows(snapshot, PREFIX + "SELECT (COUNT(?r) AS ?n) WHERE { ?m hive:result ?r . ?r hive:scope 'model' }")[0]["n"]
    assert stored == numeric

    cited = {(c["id"], a or b) for c in _cards() for a, b in ARXIV.findall(c.get("description") or "")}
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


@needs_p0
def test_a_rebuild_gives_the_shipped_snapshot():
    done = subprocess.run([sys.executable, "-m", "kg_builder.snapshot", str(P0), "--check"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    assert "reproducible" in done.stderr


def test_bad_cards_are_skipped_with_counted_reasons(tmp_path):
    dump = tmp_path / "cards.jsonl"
    good = {"id": "org/good", "pipeline_tag": "summarization", "downloads": 5, "likes": 1,
            "meta": {"license": "Apache-2.0", "model-index": [{"results": [{"task": {"type": "summarization"},
                     "dataset": {"type": "xsum", "name": "XSum"}, "metrics": [{"type": "rouge1", "value": "41.2"},
                     {"type": "loss", "value": "n/a"}]}]}]},
            "description": "```python\nfrom transformers import pipeline\np = pipeline('summarization', model='org/good')\n```\n```python\nthis is not python (\nfrom_pretrained(\n```"}
    dump.write_text("\n".join([
        json.dumps(good),
        "{not json",
        json.dumps({"downloads": 3}),
        json.dumps({"id": "org/odd-task", "pipeline_tag": "protein-folding", "meta": {}}),
        json.dumps({**good}),
    ]) + "\n")
    cards = tmp_path / "cards"
    (cards / "org" / "broken").mkdir(parents=True)
    (cards / "org" / "broken" / "README.md").write_text("---\nlicense: [mit\n---\nbody")
    (cards / "org" / "fine").mkdir(parents=True)
    (cards / "org" / "fine" / "README.md").write_text("---\nlicense: mit\npipeline_tag: translation\n---\n# fine\n")
    hostile = cards / "org" / 'x"""\nimport os; os.system("id")\n"""'  # a folder name that would close a docstring
    hostile.mkdir(parents=True)
    (hostile / "README.md").write_text("---\npipeline_tag: translation\n---\n")
    out = tmp_path / "kg"
    report = build([JsonlSource(dump), DirectorySource(cards)], out, with_store=False)
    assert report.skipped["the model id is not a hub id (owner/name of letters, digits, '-', '_', '.')"] == 1
    assert not any("os.system" in path.read_text() for path in (out / "snippets").rglob("*.py"))
    assert report.models == 2
    assert report.skipped["not JSON (Expecting property name enclosed in double quotes)"] == 1
    assert report.skipped["no model id"] == 1
    assert report.skipped["task 'protein-folding' is not in the domain library"] == 1
    assert report.skipped["duplicate model id"] == 1
    assert sum(n for reason, n in report.skipped.items() if reason.startswith("broken YAML")) == 1
    assert report.problems["metric loss on xsum is not a number"] == 1
    assert report.problems["a code block is not valid Python"] == 1
    assert report.results == 1 and report.snippets_own == 1 and report.snippets_fallback == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards", "cards.jsonl", "kg"]
    assert validate(open_kg(out)) == []


def test_a_failed_build_leaves_the_previous_output_alone(tmp_path):
    out = tmp_path / "kg"
    out.mkdir()
    (out / "ckg.nt").write_text("previous\n")

    class Exploding:
        name = "exploding"

        def cards(self):
            raise RuntimeError("disk on fire")
            yield  # pragma: no cover

    with pytest.raises(RuntimeError):
        build([Exploding()], out)
    assert (out / "ckg.nt").read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kg"]


def test_papers_with_code_rows_join_models_through_arxiv_ids(tmp_path):
    table = tmp_path / "evaluation-tables.json"
    table.write_text(json.dumps([{
        "task": "Speech Recognition", "datasets": [{"dataset": "LibriSpeech test-clean", "sota": {"metrics": ["Word Error Rate (WER)"], "rows": [
            {"model_name": "Whisper", "paper_url": "https://arxiv.org/abs/2212.04356v1", "metrics": {"Word Error Rate (WER)": "2.7", "Params": "1550M"}},
            {"model_name": "NoPaper", "paper_url": "https://example.org/paper", "metrics": {"Word Error Rate (WER)": "3.0"}},
        ]}}],
        "subtasks": [{"task": "Noisy Speech Recognition", "datasets": [{"dataset": "CHiME", "sota": {"rows": [
            {"model_name": "Whisper", "paper_url": "https://arxiv.org/pdf/2212.04356", "metrics": {"WER": "12.1%"}}]}}]}],
    }]))
    dump = tmp_path / "cards.jsonl"
    dump.write_text(json.dumps({"id": "org/asr", "pipeline_tag": "automatic-speech-recognition", "meta": {"tags": ["arxiv:2212.04356"]}, "description": ""}) + "\n"
                    + json.dumps({"id": "org/other", "pipeline_tag": "automatic-speech-recognition", "meta": {}, "description": ""}) + "\n")
    out = tmp_path / "kg"
    report = build([JsonlSource(dump)], out, tables=[PapersWithCodeSource(table)], with_store=False)
    assert report.paper_results == 2
    assert report.skipped["no arXiv paper link"] == 1
    assert report.skipped["metric Params is not a number: '1550M'"] == 1
    found = rows(open_kg(out), PREFIX + "SELECT ?id ?value ?scope WHERE { ?m dcterms:identifier ?id ; hive:result ?r . ?r hive:value ?value ; hive:scope ?scope }")
    assert {(r["id"], r["scope"]) for r in found} == {("org/asr", "paper")}
    assert sorted(r["value"] for r in found) == [2.7, 12.1]


def test_cli_builds_describes_and_validates(tmp_path):
    dump = tmp_path / "cards.jsonl"
    dump.write_text(json.dumps({"id": "org/m", "pipeline_tag": "translation", "meta": {"license": "mit"}, "description": ""}) + "\n")
    hive = [sys.executable, "-c", "from hive.cli import main; main()"]
    built = subprocess.run([*hive, "kg", "build", "--source", f"jsonl:{dump}", "--out", str(tmp_path / "kg")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert "models 1, tasks 1, licences 1" in built.stdout
    stats = subprocess.run([*hive, "kg", "stats", "--kg", str(tmp_path / "kg"), "--json"], capture_output=True, text=True)
    assert json.loads(stats.stdout)["models"] == 1
    checked = subprocess.run([*hive, "kg", "validate", "--kg", str(tmp_path / "kg")], capture_output=True, text=True)
    assert checked.returncode == 0 and "every check passed" in checked.stdout
    bad = subprocess.run([*hive, "kg", "build", "--source", "ftp:x", "--out", str(tmp_path / "o")], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error: unknown source kind 'ftp'")
    missing = subprocess.run([*hive, "kg", "stats", "--kg", str(tmp_path / "nothing")], capture_output=True, text=True)
    assert missing.returncode == 2 and "no knowledge graph at" in missing.stderr


def test_audio_to_audio_falls_back_to_speechbrain_not_a_missing_transformers_pipeline():
    from kg_builder.cards import Card
    from kg_builder.extract import extract
    from hive.kg.snippet_templates import TemplateWriter

    def fallback(model_id: str) -> str:
        return TemplateWriter().write(extract(Card(id=model_id, meta={}, body="", source="test")), "audio-to-audio").code

    assert "SpectralMaskEnhancement.from_hparams" in fallback("speechbrain/metricgan-plus-voicebank")
    assert "runner.enhance_file(audio)" in fallback("speechbrain/metricgan-plus-voicebank")
    assert "SepformerSeparation" in fallback("someone/sepformer-custom") and "pipeline(" not in fallback("x/y")


@pytest.mark.parametrize("engine", ["processes", "ray"])
def test_a_sharded_build_writes_the_same_graph_and_snippets(tmp_path, engine):
    import importlib.util

    from kg_builder.sharding import Sharding

    if engine == "ray" and importlib.util.find_spec("ray") is None:
        pytest.skip("Ray (extra 'ray') is not installed")
    from kg_builder.snapshot import write_offline_cards

    cards = P0 if P0.exists() else write_offline_cards(tmp_path / "offline_cards.jsonl")
    single = build([JsonlSource(cards)], tmp_path / "single", with_store=False)
    sharded = build([JsonlSource(cards)], tmp_path / "sharded", with_store=False, shards=Sharding(2, engine))
    assert (tmp_path / "single" / "ckg.nt").read_bytes() == (tmp_path / "sharded" / "ckg.nt").read_bytes()
    assert (tmp_path / "single" / "ckg.ttl").read_bytes() == (tmp_path / "sharded" / "ckg.ttl").read_bytes()
    snippets = sorted(p.relative_to(tmp_path / "single") for p in (tmp_path / "single" / "snippets").rglob("*.py"))
    assert snippets == sorted(p.relative_to(tmp_path / "sharded") for p in (tmp_path / "sharded" / "snippets").rglob("*.py"))
    assert (single.models, single.triples, single.snippets_own) == (sharded.models, sharded.triples, sharded.snippets_own)


def test_an_unknown_build_engine_is_refused():
    from hive.errors import HiveError
    from kg_builder.sharding import Sharding

    with pytest.raises(HiveError, match="unknown build engine 'spark'"):
        Sharding(2, "spark")


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


def test_validate_finds_snippets_that_are_not_what_their_template_writes(snapshot):
    """Every snippet of the snapshot is re-written from the template it claims (the check above passes);
    a graph from elsewhere whose snippet was edited, claims a template that does not exist, or carries
    another model's code is reported, although each of these passes the snippet policy."""
    import pyoxigraph

    store = pyoxigraph.Store()
    store.extend(snapshot.quads_for_pattern(None, None, None))
    code_of = pyoxigraph.NamedNode("https://w3id.org/hive/ckg#code")
    loader_of = pyoxigraph.NamedNode("https://w3id.org/hive/ckg#loader")
    found = rows(store, PREFIX + """SELECT ?s ?code ?loader WHERE { ?m hive:execution ?s . ?s hive:code ?code ; hive:loader ?loader ;
        hive:fallback false } ORDER BY ?s LIMIT 3""")
    (edited, renamed, swapped), others = found[:3], rows(store, PREFIX + "SELECT ?code WHERE { ?s hive:code ?code } LIMIT 20")

    def replace(subject, predicate, old, new):
        node = pyoxigraph.NamedNode(subject)
        store.remove(pyoxigraph.Quad(node, predicate, pyoxigraph.Literal(old)))
        store.add(pyoxigraph.Quad(node, predicate, pyoxigraph.Literal(new)))

    replace(edited["s"], code_of, edited["code"], edited["code"].replace("    return ", "    text = text\n    return ", 1))
    replace(renamed["s"], loader_of, renamed["loader"], "../../etc/passwd")
    replace(swapped["s"], code_of, swapped["code"], next(o["code"] for o in others if o["code"] != swapped["code"]))
    findings = {f.check: f for f in validate(store)}
    assert findings["snippets that do not match the template they claim"].count == 3
