"""The languages of a request: whether it is written in English (by its most common words or its script), the
language a pasted text is in, the one its recording is said to be spoken in, the one the person speaks, and the
one a text to translate is said to be in."""

from __future__ import annotations

import os
import re
import unicodedata

from hive.selection.constraints import LANGUAGE_MENTION, LANGUAGE_NAMES
from hive.understanding.inputs import ALSO_READ_AS, MODALITY_BY_EXTENSION

# The commonest function words of each language (none of them an English word as well).
FUNCTION_WORDS = {
    "English": {"the", "and", "of", "to", "is", "in", "it", "this", "that", "please", "what", "my", "me", "with", "for", "from", "into", "then", "can", "you",
                "your", "our", "we", "will", "has", "have", "was", "are", "be", "not", "but", "they", "he", "she", "by", "at", "which", "would"},
    "German": {"und", "der", "die", "das", "ist", "nicht", "ein", "eine", "bitte", "mit", "auf", "zu", "den", "dem",
               "mir", "ich", "dann", "diese", "dieses", "wie", "sie", "wir", "auch", "nur", "noch", "sind", "für",
               "von", "haben", "wird", "aus", "bei", "guten", "danke", "heute", "alle", "uns", "oder", "aber"},
    "French": {"le", "la", "les", "et", "est", "une", "des", "du", "pour", "avec", "dans", "moi", "je", "ce",
               "cette", "puis", "svp", "sur", "qui", "vous", "de", "que", "pas", "au", "aux", "il", "elle", "nous",
               "sont", "mais", "ou", "très", "bonjour", "merci", "tous", "demain", "avez", "suis", "votre", "notre"},
    "Spanish": {"el", "los", "las", "y", "es", "una", "del", "por", "para", "con", "esta", "este", "yo", "luego",
                "qué", "cómo", "favor", "mi", "lo", "su", "de", "que", "se", "muy", "pero", "más", "todos",
                "gracias", "hola", "buenos", "buenas", "días", "hay", "está", "como", "nos", "también", "ahora",
                "hoy", "mañana", "tengo", "tiene", "dónde", "cuándo", "porque", "desde", "hasta", "ya", "sé", "estoy",
                "nada", "algo", "usted", "sí", "al"},
    "Italian": {"il", "lo", "gli", "e", "è", "della", "per", "con", "questo", "questa", "poi", "io", "mi", "che",
                "di", "un", "una", "nel", "sono", "favore", "ci", "ho", "buongiorno", "grazie", "anche", "tutti",
                "oggi", "domani", "alle", "sei", "siamo", "molto", "ma", "ciao"},
    "Portuguese": {"o", "os", "as", "e", "é", "um", "uma", "do", "da", "para", "com", "este", "esta", "eu", "depois",
                   "não", "por", "favor", "que", "em", "de", "obrigado", "obrigada", "bom", "dia", "todos", "você",
                   "muito", "mas", "são", "hoje", "amanhã", "nós", "ao", "às", "olá"},
    "Dutch": {"de", "het", "en", "een", "is", "niet", "van", "met", "voor", "dit", "deze", "ik", "dan",
              "alsjeblieft", "op", "naar", "wat", "mij", "zijn", "ook", "goedemorgen", "bedankt", "dank", "jij",
              "heb", "hebben", "maar", "nog", "bij", "vandaag", "morgen", "hallo", "wij"},
    # (the two share a script and many words: only the words one of them does not use)
    "Russian": {"и", "с", "но", "что", "это", "как", "мой", "мне", "меня", "вы", "мы", "если", "уже", "или", "нет",
                "очень", "пожалуйста", "здравствуйте", "спасибо", "все", "его", "был", "была", "когда", "только", "есть",
                "они", "сейчас", "сегодня"},
    "Ukrainian": {"і", "з", "але", "що", "це", "як", "мій", "мені", "мене", "ви", "ми", "якщо", "вже", "або", "ні",
                  "дуже", "будь", "ласка", "привіт", "дякую", "усі", "його", "був", "була", "коли", "тільки", "є", "вони",
                  "зараз", "сьогодні", "та", "ще"},
}
WORD = re.compile(r"(?<!\d)[^\W\d_]+(?!\d)")  # letters glued to digits are no word ("2e8", "mp3")
# a language code as a file name's last tag, before its extension: "_fr.srt", "-de.json", ".es.txt", "_pt-BR.txt"
FILE_LANGUAGE_TAG = re.compile(r"[_.-](?P<code>[A-Za-z]{2})(?:[_-][A-Z]{2})?\.[A-Za-z0-9]{1,6}$")
KNOWN_CODES = set(LANGUAGE_NAMES.values())
TAGS_THAT_ARE_WORDS = {"it", "no", "to", "in", "am", "be", "so", "my", "me", "or", "as", "an", "at", "by", "he", "is",
                       "of", "on", "us", "we", "up", "do", "go", "hi", "id", "la", "ha"}
MIN_WORDS = 4
# two language codes written as a pair ("en->de", "ro-en", "EN/FR", "de→en"): codes, not the function words they spell
CODE_PAIR = re.compile(r"\b[A-Za-z]{2}\s*(?:->|→|=>|>|/|-|_)\s*[A-Za-z]{2}\b")
# Scripts (the first word of a letter's Unicode name) that English is not written in, and what a reader calls
# a request written mostly in them; kana beside CJK ideographs is Japanese.
SCRIPTS = {"CJK": "Chinese", "HIRAGANA": "Japanese", "KATAKANA": "Japanese", "HANGUL": "Korean", "CYRILLIC": "a Cyrillic script",
           "ARABIC": "Arabic", "HEBREW": "Hebrew", "DEVANAGARI": "Hindi", "GREEK": "Greek", "THAI": "Thai",
           "BENGALI": "Bengali", "TAMIL": "Tamil", "GEORGIAN": "Georgian", "ARMENIAN": "Armenian"}


TEXT_SAMPLE_BYTES = 16_384  # the opening of a text file read for its language
REQUEST_LANGUAGE = "en"  # the language HIVE reads requests in (`foreign_language` refuses others)


def foreign_language(text: str) -> str | None:
    """The name of the language a request seems written in, when that is clearly not English."""
    language = written_in(text) or _script_of(text)
    return language if language != "English" else None


def _script_of(text: str) -> str | None:
    """The language (or script) of SCRIPTS that most of a text's letters are written in, else None."""
    letters = [c for c in text if c.isalpha()]
    scripts = (unicodedata.name(c, "").split(" ")[0] for c in letters if not c.isascii())  # ASCII letters are Latin
    foreign = [SCRIPTS[s] for s in scripts if s in SCRIPTS]
    if not foreign or len(foreign) * 2 <= len(letters):
        return None
    if "Japanese" in foreign:
        return "Japanese"
    return max(set(foreign), key=foreign.count)


def written_in(text: str) -> str | None:
    """The language of FUNCTION_WORDS a text is clearly written in, else None (too short, mixed, or another
    language): its function words make 15% of the text and outnumber English's twice over (English's: the
    next language's). Words in capitals are not counted in a text that has small letters: "DE -> EN" names codes."""
    mixed_case = text != text.upper()
    text = CODE_PAIR.sub(" ", text)
    words = [w.lower() for w in WORD.findall(text) if not (mixed_case and len(w) > 1 and w.isupper())]
    if len(words) < MIN_WORDS:
        return None
    counts = sorted(((sum(w in vocab for w in words), lang) for lang, vocab in FUNCTION_WORDS.items()), reverse=True)
    best, language = counts[0]
    rival = counts[1][0] if language == "English" else next(n for n, lang in counts if lang == "English")
    return language if best >= 2 and best >= 2 * rival and best / len(words) >= 0.15 else None


# Words that speak of a recording or of speech ("a voice message in German", "the calls are in Hindi",
# "the professor speaks in Spanish"); with an audio file's name they place a language name on the recording.
SPEECH_WORDS = re.compile(r"\b(?:voice\s*(?:message|note|memo|mail)s?|voicemails?|recordings?|recorded|calls?|audio|podcasts?"
                          r"|interviews?|lectures?|speech|speaks?|speaking|spoken|talks?|conversations?|clips?)\b", re.I)
HEARD = [ext for ext, modality in MODALITY_BY_EXTENSION.items() if "audio" in (modality, ALSO_READ_AS.get(ext))]  # videos too
AUDIO_FILE = re.compile(r"[\w./-]+\.(?:" + "|".join(HEARD) + r")\b", re.I)
SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\S))+")  # a full stop inside a file name ends no sentence


# "the lecture is in Japanese", "recorded in German", "she speaks Greek": a verb puts the recording in a language,
# which wins over one merely named beside it ("Summarise lecture_jp.wav in English, the lecture is in Japanese")
SAID_TO_BE_IN = re.compile(r"(?:\b(?:is|are|was|were|spoken|recorded|held|given|speaks?|speaking|talks?|talking)|'s)\s+(?:mostly\s+|all\s+)?(?:in\s+)?$", re.I)
# "an English summary", "-> English text": a language the result is asked in, not the recording's
A_RESULT = re.compile(r"[- ](?:summary|summaries|version|voice-?over|narration|translation|subtitles?|text)\b", re.I)
LISTED = re.compile(r"\s*(?:,|and|or|&|,\s*and)\s*", re.I)
# "I need it in English", "give me the answer in French": the language a result is wanted in
WANTED_IN = re.compile(r"\b(?:need|want|get|give|have|send)\s+(?:me\s+|us\s+|him\s+|her\s+)?(?:it|them|this|that|everything|the\s+[^\W\d_]+)\s+in\s+$", re.I)
# "I only speak English", "we understand French", "my grandma only speaks Polish", "the babysitter reads English",
# "I am Vietnamese": the language of the person (or the one they ask for), not the recording's. Someone else's
# "speaks" needs an "only" ("she speaks Greek" is said of a recording's speaker).
PERSON_SPEAKS = re.compile(r"(?:\b(?:I|we)\s+(?:only\s+|just\s+|can\s+only\s+|mostly\s+)?(?:speak|understand|read)"
                           r"|\b(?:he|she|they|(?:my|our|his|her|their|the)(?:\s+[^\W\d_]+){1,3})"
                           r"\s+(?:(?:only|just|can\s+only)\s+(?:speaks?|understands?|reads?)|understands?|reads?)"
                           r"|\bI\s+am|\bI'm)\s+(?:only\s+)?$", re.I)


# "... and I speak Portuguese in it": the person speaking in the recording says its language
IN_THE_RECORDING = re.compile(r"\s+(?:in|on)\s+(?:it|them|(?:the|this|that|my|our)\s+(?:recording|audio|video|clip|call|file|episode|podcast|message|note)s?)\b", re.I)


def the_one(codes: set[str]) -> str | None:
    """The language of a set that holds one, else None (none, or several: not known)."""
    return next(iter(codes)) if len(codes) == 1 else None


def spoken_language(text: str) -> str | None:
    """The language code a request says its recording is in: the one language named, not as a target ("into
    English", "-> English") nor as the person's ("I only speak English"), in the sentences that speak of a recording
    or name an audio file (of several, the one a verb says it is in), else the one its audio files' names are tagged
    with ("lecture_zh.mp3 ... summarise it in English"); None when none or several are."""
    named: dict[str, bool] = {}  # code -> whether a verb says the recording is in it ("is in German")
    for sentence in SENTENCE.finditer(text):
        words = sentence.group()
        if not (SPEECH_WORDS.search(words) or AUDIO_FILE.search(words)):
            continue
        listed_after: tuple[int, bool] = (-1, False)  # the end of the mention before and whether a verb placed it
        for m in LANGUAGE_MENTION.finditer(words):
            in_the_recording = IN_THE_RECORDING.match(words, m.end())
            if not m["before"] and not ARROW_BEFORE.search(words, max(0, m.start() - 8), m.start()) \
                    and (in_the_recording or not PERSON_SPEAKS.search(words, 0, m.start())) and not A_RESULT.match(words, m.end()) \
                    and not WANTED_IN.search(words, max(0, m.start() - 40), m.start()):
                code = LANGUAGE_NAMES[m["name"].lower()]
                stated = bool(in_the_recording) or bool(SAID_TO_BE_IN.search(words, max(0, m.start() - 24), m.start())) \
                    or (listed_after[1] and bool(LISTED.fullmatch(words, listed_after[0], m.start())))  # "is in German and French"
                named[code] = named.get(code, False) or stated
                listed_after = (m.end(), stated)
    said = {code for code, stated in named.items() if stated} or set(named)
    return the_one(said) or the_one({code for f in AUDIO_FILE.finditer(text) if (code := file_name_language(f.group()))})


def persons_language(text: str) -> str | None:
    """The code of the one language the person says they speak ("I only speak English"), else None."""
    named = {LANGUAGE_NAMES[m["name"].lower()] for m in LANGUAGE_MENTION.finditer(text)
             if not m["before"] and PERSON_SPEAKS.search(text, max(0, m.start() - 40), m.start()) and not IN_THE_RECORDING.match(text, m.end())}
    return the_one(named)


# Words around a language name that make it the language of a text to translate: "from Spanish", "written in
# Italian" before it; "to English", "->French" (a pair) or a kind of text ("this French email") after it
# words before a language name saying what a text is in ("the label is in French", "written in Dutch")
TEXT_IS_IN = re.compile(r"\b(?:(?:is|are|was|were|'s)\s+(?:all\s+|mostly\s+)?|written\s+)in\s+$", re.I)
SOURCE_BEFORE = re.compile(rf"\bfrom\s+$|{TEXT_IS_IN.pattern}", re.I)
ARROW_BEFORE = re.compile(r"(?:->|→|=>|>)\s*$")
# "en->fr", "English → German": a pair whose right side is the language wanted
LANGUAGE_PAIR = re.compile(r"\b(?P<source>[a-z]{2,3}|[a-z]+)\s*(?:->|→|=>|>)\s*(?P<target>[a-z]{2,3}|[a-z]+)\b", re.I)
LANGUAGE_CODES = {code: name for name, code in reversed(LANGUAGE_NAMES.items())}  # 'zh' -> 'chinese', not 'mandarin'
PAIR_JOINT = re.compile(r"\s*(?:-?\s*to\s*-?|->|→|=>|>)\s*", re.I)
TEXT_NOUNS = (r"(?:text|email|e-mail|message|article|document|letter|sentence|paragraph|passage|phrase|review|tweet|post|"
              r"poem|lyrics|recipe|menu|note|comment|paper|essay|story|transcript|subtitle|page|scan|handwriting|sign|label|"
              r"leaflet|brochure|form|book|manual|memo|report|notice|caption|description|instruction|script|contract|chapter|"
              r"abstract|announcement|newsletter|complaint|slide)s?\b")
TEXT_KIND = re.compile(rf"\s+{TEXT_NOUNS}", re.I)
TEXT_IN = re.compile(rf"\b{TEXT_NOUNS}\s+in\s+$", re.I)  # "a story in ", "reviews in "
TRANSLATING = re.compile(r"\b(?:translat\w*|put|turn|convert|render)\b[^.?!,;:]*$", re.I)  # in the clause before the name


def text_language(text: str) -> str | None:
    """The code of the language a text is clearly written in (by its function words or script), else None."""
    name = written_in(text) or _script_of(text)
    return LANGUAGE_NAMES.get(name.lower()) if name else None


def file_text_language(path: str) -> str | None:
    """The code of the language a plain-text file here is written in, from its opening, else None (no such regular
    file, not plain text, or too short to tell): a translation of "./brief.txt" reads French when it is French."""
    try:
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as handle:
            sample = handle.read(TEXT_SAMPLE_BYTES)
    except (OSError, ValueError):
        return None
    return None if b"\0" in sample else text_language(sample.decode("utf-8", errors="ignore"))


def file_name_language(path: str) -> str | None:
    """The code of the language a file's name tags it with ("episode3_fr.srt", "strings-de.json") or names as one of
    its words ("korean_lecture_week3.mp3"), else None; tags that are also English words ("notes_it.txt",
    "polish_the_draft.txt") do not count."""
    tag = FILE_LANGUAGE_TAG.search(path)
    code = tag["code"].lower() if tag else None
    if code in KNOWN_CODES and code not in TAGS_THAT_ARE_WORDS:
        return code
    stem = re.sub(r"\.[A-Za-z0-9]{1,6}$", "", path.replace("\\", "/").rsplit("/", 1)[-1])
    return the_one({LANGUAGE_NAMES[word] for word in re.split(r"[\W_]+", stem.lower()) if word in LANGUAGE_NAMES and word != "polish"})


def pairs_from(words: str, end: int) -> bool:
    """Whether the language name ending at `end` is the source of a pair: "English to Romanian", "fr->en"."""
    joint = PAIR_JOINT.match(words, end)
    return bool(joint and LANGUAGE_MENTION.match(words[joint.end():]))


def _text_said_in(words: str, at: int) -> bool:
    """Whether the language name at `at` says what a text is written in ("my son wrote a story in Spanish", "customer
    reviews in Dutch"), not what a translation should make of it ("translate the story in English")."""
    return bool(TEXT_IN.search(words, max(0, at - 24), at)) and not TRANSLATING.search(words, 0, at)


def language_pair(text: str) -> tuple[str, str] | None:
    """The first pair written with an arrow whose sides are both languages ("en->fr", "DE -> EN", "English → German"),
    as names ('english', 'french'), else None."""
    for match in LANGUAGE_PAIR.finditer(text):
        source, target = (LANGUAGE_CODES.get(w.lower(), w.lower()) for w in (match["source"], match["target"]))
        if source in LANGUAGE_NAMES and target in LANGUAGE_NAMES:
            return source, target
    return None


def named_source_language(words: str, besides: str | None = None) -> str | None:
    """The code of the one language the request's words say a text to translate is in, other than `besides` (the
    translation's target: "the English text" after "into English" is its output), else None."""
    named = set()
    for mention in LANGUAGE_MENTION.finditer(words):
        if mention["before"] or ARROW_BEFORE.search(words, max(0, mention.start() - 8), mention.start()):
            continue  # "into English", "-> English text": a target
        if (SOURCE_BEFORE.search(words, max(0, mention.start() - 16), mention.start()) or TEXT_KIND.match(words, mention.end())
                or pairs_from(words, mention.end()) or _text_said_in(words, mention.start())):
            named.add(LANGUAGE_NAMES[mention["name"].lower()])
    if pair := language_pair(words):  # "DE -> EN": codes, which LANGUAGE_MENTION does not read
        named.add(LANGUAGE_NAMES[pair[0]])
    return the_one(named - {besides})
