"""Facts extracted from a card (kg_builder/extract.py): results kept apart by metric variant and split."""

from __future__ import annotations

from kg_builder.cards import Card
from kg_builder.extract import extract


def test_metric_variants_and_splits_written_in_metric_names_are_kept_apart():
    index = [{"results": [{"task": {"type": "summarization"}, "dataset": {"type": "samsum", "name": "SAMSum"}, "metrics": [
        {"type": "rouge", "name": "ROUGE-2", "value": 28.1}, {"type": "rouge-1", "name": "Validation ROUGE-1", "value": 55.0},
        {"type": "rouge-1", "name": "Test ROUGE-1", "value": 53.4}, {"type": "loss", "name": "loss", "value": 1.7}]}]}]
    facts = extract(Card(id="org/sum", meta={"model-index": index}, body="", source="t"))
    assert [(r.metric, r.split, r.value) for r in facts.results] == [
        ("rouge-2", "", 28.1), ("rouge-1", "validation", 55.0), ("rouge-1", "test", 53.4), ("loss", "", 1.7)]


def test_language_codes_cards_misspell_are_read_as_the_iso_code():
    """Three Japanese voices write 'jp' (Japan's country code): a Japanese voice was never found."""
    facts = extract(Card(id="org/voice", meta={"language": ["jp", "iw", "en_US", "multilingual"]}, body="", source="t"))
    assert facts.languages == ["en-us", "he", "ja"]
