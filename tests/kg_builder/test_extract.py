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


def test_a_translation_card_s_direction_is_read_from_its_source_and_target_lines():
    """OPUS-MT and Marian cards state their direction in lines of their own; a group's name wins over its codes."""
    def direction(body: str) -> tuple[list[str], list[str]]:
        facts = extract(Card(id="org/mt", meta={"tags": ["translation"]}, body=body, source="t", pipeline_tag="translation"))
        return facts.translates_from, facts.translates_into

    assert direction("* source group: English\n* target group: Chinese\n* source language(s): eng\n* target language(s): cmn") == (["en"], ["zh"])
    assert direction("* source languages: fr\n* target languages: en\n") == (["fr"], ["en"])
    assert direction("- **Source Language:** Russian\n- **Target Language:** English") == (["ru"], ["en"])
    assert direction("* source group: Multiple languages\n* target group: English") == (["mul"], ["en"])
    assert direction("* source language(s): spa\n* target language(s): eng") == ([], [])  # three-letter codes are not read
    assert direction("A many-to-many model for 200 languages.") == ([], [])


def test_only_a_translation_model_has_a_direction():
    facts = extract(Card(id="org/asr", meta={}, body="* source language: en\n* target language: fr", source="t",
                         pipeline_tag="automatic-speech-recognition"))
    assert facts.translates_from == facts.translates_into == []
