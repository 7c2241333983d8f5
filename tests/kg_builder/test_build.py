"""The C-KG builder (kg_builder/build.py): bad input skipped with counted reasons, atomic output, and
Papers-with-Code rows joined to models through arXiv ids."""

from __future__ import annotations

import json

import pytest

from hive.kg.checks import validate
from hive.kg.queries import rows
from hive.kg.store import open_kg
from kg_builder.build import build
from kg_builder.sources import DirectorySource, JsonlSource, PapersWithCodeSource

from support.ckg import PREFIX


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
