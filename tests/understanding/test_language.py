"""A request written in another language is refused in one line (hive/understanding/language.py)."""

from __future__ import annotations

import pytest

from hive.errors import NothingToPlan
from hive.understanding.language import foreign_language


def test_a_request_in_another_language_is_refused_in_one_line(planner):
    with pytest.raises(NothingToPlan, match="looks written in German"):
        planner.plan("Bitte transkribiere die Datei ./a.wav und fasse sie dann zusammen")
    assert foreign_language("Please transcribe ./a.wav and summarise it") is None


@pytest.mark.parametrize("text, language", [
    ("请把 ./会议.wav 转写成文字，然后总结一下。模型要小于500MB。", "Chinese"),
    ("この画像を説明して ./a.jpg", "Japanese"),
    ("Переведи этот текст на английский язык", "a Cyrillic script"),
    ("Translate '你好世界, 我们走吧' into English", None),  # English words around a quoted text
    ("Caption ./фото.jpg please and summarise it", None),
])
def test_a_request_written_mostly_in_another_script_is_told_apart(text, language):
    """A Chinese request was half planned (transcription only, with an English-only model)."""
    assert foreign_language(text) == language
