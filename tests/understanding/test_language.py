"""A request written in another language is refused in one line (hive/understanding/language.py)."""

from __future__ import annotations

import pytest

from hive.errors import NothingToPlan
from hive.understanding.language import foreign_language


def test_a_request_in_another_language_is_refused_in_one_line(planner):
    with pytest.raises(NothingToPlan, match="looks written in German"):
        planner.plan("Bitte transkribiere die Datei ./a.wav und fasse sie dann zusammen")
    assert foreign_language("Please transcribe ./a.wav and summarise it") is None
