"""Tell an English request from one written in another language, by its most common words."""

from __future__ import annotations

import re

# The commonest function words of each language (none of them an English word as well).
FUNCTION_WORDS = {
    "English": {"the", "and", "of", "to", "is", "in", "it", "this", "that", "please", "what", "my", "me", "with", "for", "from", "into", "then", "can", "you"},
    "German": {"und", "der", "die", "das", "ist", "nicht", "ein", "eine", "bitte", "mit", "auf", "zu", "den", "dem", "mir", "ich", "dann", "diese", "dieses", "wie"},
    "French": {"le", "la", "les", "et", "est", "une", "des", "du", "pour", "avec", "dans", "moi", "je", "ce", "cette", "puis", "svp", "sur", "qui", "vous"},
    "Spanish": {"el", "los", "las", "y", "es", "una", "del", "por", "para", "con", "esta", "este", "yo", "luego", "qué", "cómo", "favor", "mi", "lo", "su"},
    "Italian": {"il", "lo", "gli", "e", "è", "della", "per", "con", "questo", "questa", "poi", "io", "mi", "che", "di", "un", "una", "nel", "sono", "favore"},
    "Portuguese": {"o", "os", "as", "e", "é", "um", "uma", "do", "da", "para", "com", "este", "esta", "eu", "depois", "não", "por", "favor", "que", "em"},
    "Dutch": {"de", "het", "en", "een", "is", "niet", "van", "met", "voor", "dit", "deze", "ik", "dan", "alsjeblieft", "op", "naar", "wat", "mij", "zijn", "ook"},
}
WORD = re.compile(r"[^\W\d_]+")
MIN_WORDS = 4


def foreign_language(text: str) -> str | None:
    """The name of the language a request seems written in, when that is clearly not English."""
    words = [w.lower() for w in WORD.findall(text)]
    if len(words) < MIN_WORDS:
        return None
    counts = {lang: sum(w in vocab for w in words) for lang, vocab in FUNCTION_WORDS.items()}
    best = max(counts, key=lambda lang: counts[lang])
    if best != "English" and counts[best] >= 2 and counts[best] >= 2 * counts["English"] and counts[best] / len(words) >= 0.15:
        return best
    return None
