"""Text cut into pieces a voice reads (hive/local_models/speech.py)."""

from __future__ import annotations


def test_text_for_speech_is_cut_into_bounded_pieces_in_reading_order():
    from hive.local_models.speech import MAX_WORDS_PER_PIECE, pieces

    assert pieces("Hello there. Is it, at last; over?\nYes") == ["Hello there.", "Is it, at last;", "over?", "Yes"]
    unpunctuated = " ".join(f"w{i}" for i in range(1000))
    cut = pieces(unpunctuated)
    assert max(len(p.split()) for p in cut) <= MAX_WORDS_PER_PIECE and " ".join(cut) == unpunctuated
    long_sentence = ", ".join(["one two three four five six seven eight nine ten"] * 6) + "."
    assert all(len(p.split()) <= 11 for p in pieces(long_sentence))
