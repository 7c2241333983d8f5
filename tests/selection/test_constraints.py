"""The words and units of constraints (hive/selection/constraints.py): language names read from the shipped table."""

from __future__ import annotations

import pytest

from hive.selection.constraints import LANGUAGE_NAMES, language_code, parse_bytes
from hive.selection.phrases import read_constraints


@pytest.mark.parametrize("name, code", [("Hausa", "ha"), ("Scottish Gaelic", "gd"), ("Igbo", "ig"), ("Mandarin", "zh"), ("pt-BR", "pt-br")])
def test_a_language_is_read_by_any_of_its_names_or_its_code(name, code):
    assert language_code(name) == code


def test_names_that_are_also_common_words_are_not_languages():
    assert not {"ewe", "ido", "tonga"} & set(LANGUAGE_NAMES)
    with pytest.raises(ValueError):
        language_code("an ewe")


def test_a_rarer_language_in_a_request_is_a_language_constraint():
    constraints, _spans = read_constraints("transcribe it with a recogniser that supports Hausa")
    assert constraints["languages"] == ["ha"]


@pytest.mark.parametrize("text, size", [("300megs", 300_000_000), ("2 gigs", 2_000_000_000), ("1.5 gigabytes", 1_500_000_000),
                                        ("800 megabytes", 800_000_000), ("2 GiB", 2 * 1024**3), ("500MB", 500_000_000)])
def test_sizes_on_disk_are_read_with_their_units_spelt_out(text, size):
    assert parse_bytes(text) == size


def test_a_size_in_megs_in_a_request_is_a_cap_on_disk():
    constraints, _spans = read_constraints("Give me a depth map of ./yard.jpg. Keep models under 300 megs.")
    assert constraints["max_bytes"] == 300_000_000
