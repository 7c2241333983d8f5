"""Tables given to the prompted LLM as text (hive/local_models/tables.py)."""

from __future__ import annotations

import pytest

from support.paths import EXAMPLES


@pytest.mark.parametrize("table, expected", [
    ({"city": ["Oslo", "Lima"], "people": [0.7, 10.0]}, "city,people\nOslo,0.7\nLima,10.0"),
    ([{"city": "Oslo"}, {"city": "Lima", "people": 10}], "city,people\nOslo,\nLima,10"),
    ("| a | b |\n|---|---|\n| 1 | 2 |", "| a | b |\n|---|---|\n| 1 | 2 |"),
])
def test_tables_reach_the_llm_as_text(table, expected):
    from hive.local_models.tables import table_text

    assert table_text(table).replace("\r\n", "\n") == expected


def test_a_table_file_is_read_and_one_too_large_is_refused_not_cut(tmp_path):
    from hive.local_models.tables import MAX_TABLE_CHARACTERS, table_text

    assert table_text(str(EXAMPLES / "sales.csv")).splitlines()[0] == "month,region,units,revenue_eur"
    records = tmp_path / "rows.json"
    records.write_text('[{"a": 1, "b": 2}]')
    assert table_text(str(records)).splitlines() == ["a,b", "1,2"]
    large = tmp_path / "large.csv"
    large.write_text("a,b\n" + "1,2\n" * MAX_TABLE_CHARACTERS)
    with pytest.raises(ValueError, match="the table is .* characters; the prompted LLM reads at most"):
        table_text(str(large))
