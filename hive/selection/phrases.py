"""Constraints stated in the request itself ("only Apache-2.0 or MIT models", "the smallest model",
"the lowest-WER model on LibriSpeech test-clean", "under 1B parameters", "the most downloaded one").

The reader finds the *values* first — licence names, counts with their units, metric and dataset names,
language names, superlatives of size and popularity — from the vocabularies in `phrases.yaml`, and then
reads their *role* from the few words around them: a negation before or after a licence refuses it, a
bound before a count makes it a maximum or a minimum, a unit after it says what is counted, a ranking word
beside a metric asks for the best result. No sentence template has to match as a whole, so the same
value is read in any word order ("nothing GPL", "GPL is out", "avoid anything under the GPL").

`constraint_phrases` returns each phrase with its span and what it constrains, so understanding can
attach it to the step whose clause states it and the task reader can ignore those words ("in English"
in "models in English" is not a translation request); `read_constraints` merges them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from hive.kg.licenses import families, known_ids
from hive.selection.constraints import FAMILIES, LANGUAGE_MENTION, LANGUAGE_NAMES, parse_bytes, parse_count
from hive.yaml_data import load_yaml

LIST_JOINER = re.compile(r"\s*(?:,|/|\bor\b|\band\b|\bnor\b|&)\s*(?:the\s+)?", re.I)
CLAUSE_END = re.compile(r"[.?!;:\n]+(?=\s|$)|\s+but\s+|,", re.I)
SENTENCE = re.compile(r"(?:[^.?!;\n]|[.?!](?=\S))+")
LIST_ITEM = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)]|[a-z][.)])[ \t]")  # a line that is an item of a list
# Short licence words that are ordinary words too ("mit" in German, an Apache server): read as licences only
# when written in capitals, beside a licence word, or in a sentence that speaks of licences or models.
AMBIGUOUS_LICENCE_WORDS = {"mit", "apache", "bsd", "gnu", "ccby", "opensource", "permissive", "permissively", "deepseek", "nc", "isc", "zlib"}
LICENCE_CONTEXT = re.compile(r"\blicen[cs]\w*|\bmodels?\b|\bonly\b|\bstuff\b|\bweights\b|\ballowed\b|\bok(?:ay)?\b|\bfine\b"
                             r"|\bcommercial\w*|\bterms\b|\bpermissive\w*|\bcopyleft\b|\bunder\b|\bno\b|\bnothing\b|\bavoid\w*", re.I)
CHOSEN_BEFORE = re.compile(r"\b(?:stick|stay|keep\s+it|go)\s+(?:to|with)\s+$", re.I)  # a choice right before a licence word
REFERENCE_REACH = 30  # characters after "those" in which a licence's name makes it that licence's determiner
REFUSAL_REACH = 60  # how far before a bound a refusal of it may stand ("won't sign off on any model with fewer than ...")
SCALES = {"k": "k", "thousand": "k", "thousands": "k", "m": "m", "mn": "m", "million": "m", "millions": "m", "b": "b", "bn": "b",
          "billion": "b", "billions": "b"}
NAME_LIKE = re.compile(r"[A-Z0-9_\-]")  # a dataset's first word: 'LibriSpeech', 'squad_v2', 'CoNLL-03', 'XSum'
# an item of a comma-separated list that is one name written as a dataset's is ("squad2", "CoNLL-03", "xsum_v2")
LISTED_NAME = re.compile(r"(?:^|,)\s*(?P<name>[\w-]*(?:\d|_|[a-z][A-Z]|[A-Z]{2,}[a-z])[\w.-]*?)\s*(?=,)")
# a metric the models are ranked by, said right before it ("by ROUGE-L", "selected by its F1 on CoNLL-2003")
RANKED_BY = re.compile(r"\bby\s+(?:(?:its|their|the)\s+)?$", re.I)
# a dataset's one word right before the ranking word of "<dataset> best <metric>" ("conll03 best f1", "LibriSpeech lowest WER"):
# written as a name only a dataset has (a digit, an underscore, capitals inside it: not "MIT", "Apache")
DATASET_RIGHT_BEFORE = re.compile(r"\b(?P<name>[\w-]*(?:\d|_|[a-z][A-Z]|[A-Z]{2,}[a-z])[\w-]*)\s+$")
# "on LibriSpeech", "at SQuAD": where a result was measured; "for", "in", "of" may introduce a dataset after a metric
MEASURED_ON = ("on", "at", "over", "against", "across")
MEASURED_ON_WORDS = "|".join(MEASURED_ON)
OTHER_PREPOSITIONS = "for|in|of"
LOOSE = "loose"  # a benchmark's key marking a dataset name the graph must confirm (`_led_benchmark`)
# Language codes that are English words too ("list it", "no"): read as codes only where a name is also read.
CODES_THAT_ARE_WORDS = {"no", "is", "it", "my", "am", "be", "as", "at", "in", "on", "or", "to", "id", "he", "so", "me", "we",
                        "us", "an", "la", "ms", "ca", "et", "ga", "ne", "sw", "hi", "el", "da", "ta", "te", "pa", "mr"}


# a model's noun that names a recording instead ("a German colleague sent a voice note")
NOT_A_RECORDING = r"(?!\s+(?:notes?|messages?|memos?|mails?|recordings?|calls?|clips?)\b)"


@dataclass
class Phrase:
    """One constraint phrase of a request: where it is and what it sets (a `Constraints` field)."""

    start: int
    end: int
    key: str
    value: Any
    clause: bool = False  # the span is the whole clause stating it (the learned reader's), not words to hide from task reading
    concession: bool = False  # a licence said to be fine beside a 'but': allowed beside one allowed outright, else not applied
    correction: bool = False  # a value said again to replace an earlier one ("under 1B params. Actually make that 500M.")
    wish: bool = False  # a filter said as a wish ("ideally MIT, not a must"): read, not applied (`_wishes`)


@lru_cache(maxsize=1)
def _vocabulary() -> dict[str, Any]:
    data = load_yaml(resources.files("hive.selection").joinpath("phrases.yaml"))
    data["licence_ids"] = {hf_id: hf_id for hf_id in known_ids() if re.search(r"[\d-]", hf_id)} | data["licence_ids"]
    data["patterns"] = {k: re.compile(_with_fragments(v, data["fragments"]), re.I) for k, v in data.items() if isinstance(v, str)}
    data["patterns"]["range_lower_end"] = re.compile(rf"(?:{data['fragments']['range_joiner']})(?=\d)", re.I)
    data["patterns"]["range_lower_end_after_between"] = re.compile(rf"(?:{data['fragments']['range_and']})(?=\d)", re.I)
    data["metrics"] |= {f"{name}{joint}{cutoff}": f"{name}_at_{cutoff}" for name in data["metrics_at_cutoff"]
                        for cutoff in data["cutoffs"] for joint in ("@", " at ", "_at_")}
    data["licence_id_pattern"] = _alternatives(data["licence_ids"], r"(?<![\w+-])(", r")(?![\w+]|-\d)")
    data["licence_word_pattern"] = _alternatives(data["licence_words"], r"(?<![\w+-])(", r")(?![\w+]|-\d)")
    data["metric_pattern"] = _alternatives(data["metrics"], r"(?<![A-Za-z0-9_])(", r")(?![\w])")
    for table in ("licence_ids", "licence_words", "refused_words", "metrics"):  # looked up as written, spaces and hyphens aside
        data[table] = {_key(name): value for name, value in data[table].items()}
    return data


def _with_fragments(pattern: str, fragments: dict[str, str]) -> str:
    """A vocabulary pattern with each named fragment ("<range_joiner>") written in."""
    for name, fragment in fragments.items():
        pattern = pattern.replace(f"<{name}>", f"(?:{fragment})")
    return pattern


@lru_cache(maxsize=1)
def _language_patterns() -> list[re.Pattern]:
    """The phrases that say which language a model must have; compiled when a request first may name one (their
    alternations of every language name take a tenth of a second to compile)."""
    languages = "|".join(sorted(LANGUAGE_NAMES, key=len, reverse=True))
    codes = "|".join(sorted(set(LANGUAGE_NAMES.values()) - CODES_THAT_ARE_WORDS, key=len, reverse=True))
    every_code = "|".join(sorted(set(LANGUAGE_NAMES.values()), key=len, reverse=True))
    data = _vocabulary()
    nouns, verbs = data["model_nouns"], data["language_verbs"]
    return [
        # "an English voice", "German-speaking models", "a Korean (ko) model" (not "into English", "to German")
        re.compile(rf"(?<!into )(?<!to )\b(?P<language>{languages})(?:\s*\([a-z]{{2,3}}\))?(?:[- ](?:capable|speaking|language|only|trained|tuned))?"
                   rf"[- ](?:[a-z-]+\s+){{0,3}}?(?:{nouns})\b{NOT_A_RECORDING}", re.I),
        # a field of a requirements list: "language: en", "lang = German"
        re.compile(rf"\blang(?:uages?)?\s*[:=]\s*(?P<language>{languages}|{every_code})\b", re.I),
        # "a recogniser that supports German", "a model trained on French data", "something fluent in Polish", "all
        # three parts must work in Russian" (a model or the plan's parts are the subject: "my mum only understands
        # Greek" constrains nothing; a subject and its verb share a line)
        re.compile(rf"\b(?:(?P<noun>{nouns})|(?P<subject>that|which|something|anything|whatever|ones?|everything|both|each|they|it|parts|steps|stages))[ \t]+(?:[\w'-]+[ \t]+){{0,3}}?(?:{verbs})\s+(?:only\s+)?"
                   rf"(?:(?:in|on|with|for|at)\s+)?(?:the\s+)?(?P<language>{languages})\b", re.I),
        # "both the chatting and the speaking have to work in German": two named steps, the verb right after them
        re.compile(rf"\b(?P<subject>both\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+and\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)\s+"
                   rf"(?:(?:have|has|need|needs)\s+)?(?:{verbs})\s+(?:only\s+)?(?:(?:in|on|with|for|at)\s+)?(?:the\s+)?(?P<language>{languages})\b", re.I),
        # "a tagger for German", "models in French", "a voice model of Dutch"
        re.compile(rf"\b(?P<noun>{nouns})\s+(?:for|in|of)\s+(?P<language>{languages})\b(?!\s+(?:text|texts|article|document|audio|speech|recording))", re.I),
        # "which model speak Spanish", "Chat model: must speak Russian", "translator must list German"
        re.compile(rf"\b(?P<noun>{nouns})\s*:?\s+(?:(?:must|should|has\s+to|have\s+to|needs?\s+to|can|will)\s+)?(?:be\s+able\s+to\s+)?"
                   rf"(?:speak|understand|support|handle|know|cover|converse|list)\w*\s+(?:only\s+)?(?:in\s+)?(?P<language>{languages}|{codes})\b", re.I),
        # a clause whose subject is left out: "Must handle Korean, Apache 2.0", "translation: must support Russian"
        re.compile(rf"(?:^|(?<=[.;:!?,\n])|(?<=\band))\s*(?:must|should|has\s+to|have\s+to|needs?\s+to)\s+(?:be\s+able\s+to\s+)?"
                   rf"(?:speak|understand|support|handle|know|cover|list)\w*\s+(?:only\s+)?(?:in\s+)?(?P<language>{languages})\b", re.I),
        # "the most downloaded English one" (not "in English, one ...")
        re.compile(rf"(?<!into )(?<!to )(?<!in )\b(?P<language>{languages})\s+ones?\b", re.I),
        # "english only" (not "in English only", which says what to write)
        re.compile(rf"(?<!into )(?<!to )(?<!in )\b(?P<language>{languages})[- ]only\b", re.I),
        # "the speech recogniser must be Spanish", "the voice should be English.", "the voice has to be a German speaker"
        # (not "must be in English", the output's)
        re.compile(rf"\b(?:(?P<noun>{nouns})|(?P<subject>one|it|everything|both|each|they))\s+(?:must|should|has\s+to|have\s+to|needs?\s+to)\s+be\s+"
                   rf"(?:an?\s+)?(?:native\s+)?(?P<language>{languages})(?:\s+(?:speaker|one))?(?=\s*(?:[.,;:!?)]|$|\band\b|\bor\b|\bbut\b))", re.I),
        # "must be German-capable", "German (de) listed on their cards"
        re.compile(rf"\b(?:be|is|are)\s+(?P<language>{languages})[- ](?:capable|compatible|ready|enabled)\b", re.I),
        re.compile(rf"\b(?P<language>{languages})(?:\s*\([a-z]{{2}}\))?\s+(?:listed\s+)?on\s+(?:its|their|the)\s+(?:model\s+)?cards?\b", re.I),
        # a code written as code beside the word language: "its card has to list `es` as a language", "`zh` in the language list"
        re.compile(rf"[`'\"](?P<language>{every_code})[`'\"]\s+(?:[\w-]+\s+){{0,5}}?languages?\b", re.I),
        # "German support is essential", "with support for Polish"
        re.compile(rf"\b(?P<language>{languages})\s+support\b", re.I),
        re.compile(rf"\bsupport\s+for\s+(?P<language>{languages})\b", re.I),
    ]


# A request may state a model's language only where it names one (LANGUAGE_MENTION), writes a 'lang:' field or a
# code after a verb of speaking ("must support ko"): other requests skip the language patterns.
MAY_CODE_A_LANGUAGE = re.compile(r"\blang|(?:speak|understand|support|handle|know|cover|converse|list)\w*\s+(?:only\s+)?(?:in\s+)?[a-z]{2,3}\b", re.I)


def _alternatives(table: dict[str, str], before: str, after: str) -> re.Pattern:
    words = sorted(table, key=len, reverse=True)
    return re.compile(before + "|".join(re.sub(r"(?:\\[ -])+", r"[\\s-]+", re.escape(w)) for w in words) + after, re.I)


def model_nouns() -> str:
    """The alternation of nouns that name a model ("model", "summariser", "voice", "tts", ...), for regexes."""
    return _vocabulary()["model_nouns"]


def taking_back() -> str:
    """The pattern of words taking back what was just said ("no, scrap that", "on second thought")."""
    return _vocabulary()["taking_back"]


def limit_words() -> frozenset[str]:
    """Words that say a limit on the models ("smallest", "licence", "downloads"): their misspellings are mended first."""
    return frozenset(_vocabulary()["limit_words"])


def read_constraints(text: str) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """Global constraints found in `text` (as a dict for `Constraints`) and the spans that state them."""
    found: dict[str, Any] = {}
    phrases = constraint_phrases(text)
    for phrase in phrases:
        merge_phrase(found, phrase)
    return found, [(p.start, p.end) for p in phrases]


def merge_phrase(found: dict[str, Any], phrase: Phrase) -> None:
    """Add one phrase to a constraints dict: list fields collect values, the first value of others wins."""
    if phrase.wish:
        return
    if isinstance(phrase.value, list):
        found.setdefault(phrase.key, [])
        found[phrase.key] += [v for v in phrase.value if v not in found[phrase.key]]
    elif phrase.correction:
        found[phrase.key] = phrase.value
    else:
        found.setdefault(phrase.key, phrase.value)


def constraint_phrases(text: str) -> list[Phrase]:
    """Every constraint phrase of `text`, in order; a phrase inside a longer one of another kind is dropped
    ('smallest' in 'the smallest WER on X' is the benchmark's ranking word)."""
    data = _vocabulary()
    benchmarks = _benchmarks(text, data)
    licences = _licences(text, data)
    others = licences + _commercial_use(text, data, licences) + _counts(text, data) + _compared_sizes(text, data) \
        + _superlatives(text, data) + _languages(text) + _local_only(text, data)
    kept = benchmarks + [p for p in others if not any(b.start <= p.start and p.end <= b.end and not b.value.get(LOOSE) for b in benchmarks)]
    device = data["patterns"]["small_device"].search(text)
    if device and not any(p.key in ("max_parameters", "max_bytes", "smallest", "rank_by") for p in kept):
        kept.append(Phrase(device.start(), device.end(), "smallest", True))  # "it needs to fit on a phone"
    for phrase in kept:
        if phrase.key in RANKINGS and (among := data["patterns"]["among_what_is_left"].search(text, max(0, phrase.start - 60), phrase.start)):
            phrase.start = among.start()  # "of what's left, the smallest": no words of their own (the "what" asks nothing)
    return _wishes(text, _corrections(text, sorted(kept, key=lambda p: (p.start, p.end)), data), data)


def _corrections(text: str, found: list[Phrase], data: dict) -> list[Phrase]:
    """A limit of a kind said again after words taking the earlier one back replaces it ("For the voice, the most
    downloaded one -- hmm, on second thought, the most liked")."""
    patterns = data["patterns"]
    for index, phrase in enumerate(found):
        earlier = [p for p in found[:index] if p.key == phrase.key and not isinstance(p.value, list)]
        between = text[earlier[-1].end:phrase.start] if earlier else ""
        if earlier and not re.search(r"[.?!]\s", between) and (patterns["taking_back"].search(between) or patterns["replacing"].search(between)):
            phrase.correction = True
    return found


RANKINGS = {"smallest", "rank_by", "best_on"}  # fields that order the admitted models
# Fields that admit or refuse a model (a wish of one is not applied); rankings only order, so a wished one applies.
FILTERS = {"licences", "deny_licences", "max_parameters", "max_bytes", "max_parameters_of", "min_downloads", "languages", "local_only"}


def _wishes(text: str, found: list[Phrase], data: dict) -> list[Phrase]:
    """The phrases with the filters said as wishes marked: a word that wishes what follows marks the sentence's
    next phrase ("ideally MIT"), one that wishes what precedes marks the phrase before it ("MIT would be nice but
    that's not a hard requirement", "under 70M params if you can manage it"); each marks the phrase on its other
    side when its own side has none."""
    patterns = data["patterns"]
    for sentence in SENTENCE.finditer(text):
        inside = [p for p in found if sentence.start() <= p.start < sentence.end()]
        for marker in [*patterns["wish_before"].finditer(text, *sentence.span()), *patterns["wish_after"].finditer(text, *sentence.span())]:
            after = [p for p in inside if p.start >= marker.end()]
            before = [p for p in inside if p.end <= marker.start()]
            nearest = [after[:1], before[-1:]] if marker.re is patterns["wish_before"] else [before[-1:], after[:1]]
            wished = next((side[0] for side in nearest if side), None)
            if wished is not None and wished.key in FILTERS:
                wished.wish = True
    return found


# -- licences ---------------------------------------------------------------------------------------------------

def _licences(text: str, data: dict) -> list[Phrase]:
    """Licence names anywhere; a negation before ('nothing GPL', 'avoid anything under AGPL') or after ('GPL
    is out') in the same clause refuses it, and a list ('not GPL-3.0 or AGPL-3.0') shares its first
    member's role."""
    found: list[Phrase] = []
    for sentence in SENTENCE.finditer(text):
        body, offset = sentence.group(), sentence.start()
        matches = [(m, data["licence_ids"]) for m in data["licence_id_pattern"].finditer(body)]
        taken = [(m.start(), m.end()) for m, _t in matches]
        for m in data["patterns"]["copyleft_effect"].finditer(body):  # "oblige us to share our code under the same terms"
            if not any(s < m.end() and m.start() < e for s, e in taken):
                matches.append((m, {_key(m.group(1)): "copyleft"}))
                taken.append((m.start(), m.end()))
        for m in data["licence_word_pattern"].finditer(body):
            if not any(s < m.end() and m.start() < e for s, e in taken):
                matches.append((m, data["licence_words"]))
        previous: Phrase | None = None
        ordered = sorted(matches, key=lambda mt: mt[0].start())
        for number, (match, table) in enumerate(ordered):
            named = table[_key(match.group(1))]  # an id, or the ids a bare family name means ("GPL": every version)
            start, end = offset + match.start(), offset + match.end()
            listed = previous is not None and LIST_JOINER.fullmatch(text[previous.end:start]) \
                and not _other_family_after_a_refusal(previous, named, text[previous.end:start])
            if table is data["licence_words"] and not listed and not _is_licence_word(match, body) \
                    and not _listed_before_a_licence(body, match, ordered[number + 1:], data):
                continue  # "an Apache server"; but "MIT or Apache" and "Apache or MIT" list it beside a licence
            owned = _owned_licence(body, match.start(), data)  # the licence the person's own work or results carry
            if owned or (named == "non-commercial" and table is data["licence_words"] and _own_use(body, match, data)):
                # "Our app is GPL-3.0", "a purely non-commercial project": of the person's work or use; read, not applied
                found.append(Phrase(start, end, "licences", named if isinstance(named, list) else [named], concession=True, wish=True))
                continue
            if listed:
                key = previous.key
            else:
                refused = _negated(body, match.start(), match.end(), data) or _under_refusing_heading(text, start, data)
                key = "deny_licences" if refused else "licences"
            if key == "deny_licences" and table is data["licence_words"]:
                named = data["refused_words"].get(_key(match.group(1)), named)
            if previous is not None and not text[previous.end:start].strip() and previous in found:
                found.remove(previous)  # "Creative Commons share-alike": the later name narrows the earlier
            conceded = previous.concession if listed else key == "licences" and bool(data["patterns"]["concession_after"].search(body[match.end():]))
            values = named if isinstance(named, list) else [named]
            if listed and previous in found:  # "{mit, apache-2.0}": one phrase, so that one scope binds the list
                found.remove(previous)
                start, values = previous.start, previous.value + [v for v in values if v not in previous.value]
            previous = Phrase(start, end, key, values, concession=conceded)
            found.append(previous)
        found = _without_members_of_refused_families(found, offset, offset + len(body))
    for phrase in found:  # no licence is allowed outright on its line: a concession is read, and applied as nothing
        if not any(p.key == "licences" and not p.concession and "\n" not in text[min(p.start, phrase.start):max(p.end, phrase.end)]
                   for p in found):
            phrase.wish = phrase.wish or phrase.concession
    return found


def _without_members_of_refused_families(found: list[Phrase], start: int, end: int) -> list[Phrase]:
    """A sentence's allowed licences that belong to a family the same sentence refuses are no allowance ("Nothing
    copyleft either, the co-op's lawyer gets twitchy about GPL": GPL is named as what the refusal is about)."""
    refused = {name for p in found if p.key == "deny_licences" and start <= p.start < end for name in p.value if name in FAMILIES}
    if not refused:
        return found
    return [p for p in found if not (p.key == "licences" and start <= p.start < end and not p.concession
                                     and all(_families_of(name) & refused for name in p.value))]


def _other_family_after_a_refusal(previous: Phrase, named: str | list[str], joiner: str) -> bool:
    """'no GPL, Apache or MIT': a permissive licence after a comma that follows a refused licence of another family
    starts a list of its own ('no GPL, AGPL or LGPL' and 'avoid GPL-3.0, CC-BY-NC-4.0 and AGPL' stay one refusal)."""
    if previous.key != "deny_licences" or "," not in joiner:
        return False
    names = named if isinstance(named, list) else [named]
    free = {"permissive", "public-domain"}
    return set().union(*map(_families_of, names)) <= free and not set().union(*map(_families_of, previous.value)) & free


def _families_of(licence: str) -> set[str]:
    """A licence id's families (`hive.kg.licenses.families`); a family's name is its own."""
    return {licence} if licence in FAMILIES else families(licence)


def _listed_before_a_licence(body: str, match: re.Match, later: list[tuple[re.Match, dict]], data: dict) -> bool:
    """'Apache or MIT': an ordinary word listed right before a licence that counts is a licence too."""
    if not later or not LIST_JOINER.fullmatch(body[match.end():later[0][0].start()]):
        return False
    following, table = later[0]
    return table is data["licence_ids"] or _is_licence_word(following, body)


def _key(words: str) -> str:
    """A name as the vocabulary looks it up, however spaced or hyphenated ('Apache  2.0' and 'apache-2.0' -> 'apache2.0')."""
    return re.sub(r"[\s-]+", "", words.lower())


def licence_words_unread(text: str, start: int, end: int) -> list[tuple[int, int, str | list[str]]]:
    """The licence words in a span that are ordinary words too, which the vocabulary reads only in capitals or
    beside licence talk ("both apache."): (start, end, the ids they name), for a reader that judged the span to
    state a licence; not one the person's own results will carry ("so that derived data can be released under CC BY")."""
    data = _vocabulary()
    return [(m.start(), m.end(), data["licence_words"][_key(m.group(1))]) for m in data["licence_word_pattern"].finditer(text, start, end)
            if _key(m.group(1)) in AMBIGUOUS_LICENCE_WORDS and not _owned_licence(text, m.start(), data, start)]


def _owned_licence(text: str, at: int, data: dict, start: int = 0) -> bool:
    """Whether the licence named at `at` is the one the person's own results or work carry ("so that the derived
    data can be released under CC BY", "Our app itself is released under GPL-3.0") or one a thing had in the past
    ("some YOLOv5 thing that was GPL"): it says nothing of the models to pick. The words looked at begin at `start`."""
    patterns = data["patterns"]
    output = patterns["output_licence"].search(text, start, at)
    if output is not None and not re.search(r",|\bwhich\b|\bthat\b", output.group()) and re.search(rf"\b(?:{model_nouns()})\b[^.?!;]{{0,40}}\b(?:to|on|with|over)\s+(?:[\w-]+\s+){{0,2}}$",
                                        text[start:output.start()], re.I):
        output = None  # "any model applied to participant data must be released under MIT": the model's licence
    return output is not None or any(patterns[name].search(text, start, at) for name in ("own_work_licence", "past_licence"))


def _is_licence_word(match: re.Match, sentence: str) -> bool:
    """A licence word that is an ordinary word too ('mit', 'apache') counts in capitals or beside licence talk."""
    word = _key(match.group(1))
    if word == "opensource":  # "an open-source app" describes something else; "open-source models", "be open source" a licence
        return bool(re.match(rf"\s*(?:(?:{model_nouns()}|licen[cs]\w*|weights|only)\b|$|[.,;!?])", sentence[match.end():], re.I))
    if word not in AMBIGUOUS_LICENCE_WORDS:
        return True
    written = match.group(1)
    said_of_a_model = re.search(rf"\b(?:{model_nouns()})\b[^.?!;]*\b(?:be|is|are)\s+$", sentence[:match.start()], re.I)
    chosen = CHOSEN_BEFORE.search(sentence, 0, match.start())  # "for the translation stick to Apache"
    return (written.isupper() and len(written) > 1) or bool(LICENCE_CONTEXT.search(sentence)) or bool(said_of_a_model) or bool(chosen)


def _own_use(sentence: str, match: re.Match, data: dict) -> bool:
    """Whether "non-commercial" describes the person's use ("purely non-commercial", "for non-commercial use")."""
    patterns = data["patterns"]
    if patterns["licence_terms_before"].search(sentence, 0, match.start()):
        return False  # "nothing restricted to non-commercial use": a licence's terms
    return bool(patterns["own_use_before"].search(sentence, 0, match.start()) or patterns["own_use_after"].match(sentence, match.end()))


def _negated(sentence: str, start: int, end: int, data: dict) -> bool:
    """Whether words around a licence in its sentence refuse it; a table's cell is read alone ("| (yes/no/stop) | en |
    apache |": the other cells' words are not about it)."""
    patterns = data["patterns"]
    before, after = sentence[sentence.rfind("|", 0, start) + 1:start], sentence[end:].split("|", 1)[0]
    if patterns["double_negation_before"].search(before):
        return False  # "neither model can be anything but MIT": MIT alone is allowed
    described = patterns["described_licence_before"].search(before)  # "no tool may carry a licence that ... or one that ..."
    return bool(patterns["negation_before"].search(before) or patterns["negation_after"].search(after)
                or patterns["refusal_reason_before"].search(before) or _refused_by_reference(after, data)
                or (described is not None and patterns["negation_before"].search(before, 0, described.start())))


def _refused_by_reference(after: str, data: dict) -> bool:
    """Whether a refusal later in the sentence points back at this licence, the last one named before it ("the RAIL
    licences ..., so skip any model under one of those")."""
    reference = data["patterns"]["refused_by_reference_after"].search(after)
    if reference is None:
        return False
    named = [data["licence_id_pattern"], data["licence_word_pattern"]]  # none between, nor right after ("those research-only terms")
    return not any(p.search(after, 0, reference.start()) or p.search(after, reference.end(), reference.end() + REFERENCE_REACH) for p in named)


def _under_refusing_heading(text: str, at: int, data: dict) -> bool:
    """Whether a refusing heading governs the position: before it on its line ("Banned: GPL, NC"), or above a
    list whose item holds it ("Forbidden licences:" then "1. GPL, LGPL, AGPL")."""
    heading = data["patterns"]["refusing_heading"]
    line_start = text.rfind("\n", 0, at) + 1
    before = text[line_start:at]
    colon = before.rfind(":")
    if colon >= 0 and not re.search(r"[.?!;]\s", before[colon:]):  # the colon's list reaches the position ...
        opening = re.split(r"[.?!;]\s", before[:colon + 1])[-1]  # ... and its heading is the words of its own sentence
        if heading.search(opening):
            return True
    if not LIST_ITEM.match(text, line_start):
        return False
    while line_start > 0:  # up through the list's items to the line that introduces them
        above = text.rfind("\n", 0, line_start - 1) + 1
        line = text[above:line_start - 1]
        if not LIST_ITEM.match(line):
            return bool(heading.search(line))
        line_start = above
    return False


def _commercial_use(text: str, data: dict, licences: list[Phrase]) -> list[Phrase]:
    """'has to be fine for commercial use', 'we sell the output': non-commercial licences are refused; each
    saying is a phrase ('for our commercial app ... Must be usable commercially' had left the second one unread).
    A use said as the person's situation ('the prints I sell', 'subscribers pay for it') refuses them too, unless
    its sentence names the licence it is the reason for ('as I sell these, a permissive licence')."""
    patterns = data["patterns"]
    sentences_with_licences = [s.span() for s in SENTENCE.finditer(text) if any(s.start() <= p.start < s.end() for p in licences)]
    said = [*patterns["commercial_use"].finditer(text),
            *(m for m in patterns["commercial_situation"].finditer(text) if not any(a <= m.start() < b for a, b in sentences_with_licences))]
    return [Phrase(match.start(), match.end(), "deny_licences", ["non-commercial"]) for match in said
            if not patterns["commercial_negated"].search(text[max(0, match.start() - 12): match.start() + 14])]


# -- counts: sizes and downloads ----------------------------------------------------------------------------------

BETWEEN = re.compile(r"\bbetween\s*$", re.I)  # before a range's lower end ("between 100M and 300M")
SCIENTIFIC = re.compile(r"\d+(?:\.\d+)?[eE]\+?\d+")  # "3.5e8", as the count pattern reads it


def _counts(text: str, data: dict) -> list[Phrase]:
    """A number with its scale, read by the unit after it (parameters, bytes, downloads) and the bound
    around it ('under', 'at least', 'or less', '+'). A count with neither a unit nor a bound ('Common Voice
    11', 'top 3') constrains nothing."""
    patterns = data["patterns"]
    found = []
    for match in patterns["count"].finditer(text):
        number, scale = match["number"], SCALES.get((match["scale"] or "").lower(), "")
        before, after = text[max(0, match.start() - 40): match.start()], text[match.end(): match.end() + 40]
        if patterns["range_lower_end"].match(after) or (BETWEEN.search(before) and patterns["range_lower_end_after_between"].match(after)):
            continue  # the lower end of a range ("125M–350M params", "between 100M and 300M"): its upper end bounds
        upper_before, lower_before = patterns["upper_bound_before"].search(before), patterns["lower_bound_before"].search(before)
        upper = upper_before or patterns["upper_bound_after"].search(after)
        lower = lower_before or patterns["lower_bound_after"].search(after)
        unit, unit_match = _unit_after(after, patterns)
        field = patterns["count_field"].search(before) if unit is None or not (upper or lower) else None
        if field is not None and unit is not None and not field["bound"]:
            field = None  # "size: 12MB" describes a file; "max size (both): 400M params" bounds the models
        if field is not None:  # a requirements list's field: "min downloads: 100k", "params <= 300M", "max size (both): 400M params"
            unit = unit or ("download" if field["unit"].lower().startswith("download") else "parameter")
            bound = (field["bound"] or ("min" if unit == "download" else "max")).lower()  # a size is a cap, downloads a floor
            upper = upper or (bound.startswith(("max", "at most")) and not lower)
            lower = lower or bound.startswith(("min", "at least"))
        if unit is None and found and not (upper or lower) and patterns["correction_before"].search(before):
            found.append(Phrase(match.start(), match.end(), found[-1].key, parse_count(f"{_digits(number)}{scale}"), correction=True))
            continue  # "Keep all models under 1B params. Hmm, actually make that 500M."
        if unit is None and (upper or lower) and (scale or SCIENTIFIC.fullmatch(number)):  # "under 300M", "<= 3.5e8"
            clause = _clause(text, match.start())
            unit = "download" if re.search(r"download|install|pull|users", clause, re.I) else "parameter" if upper else "download"
        if unit is None or not (upper or lower or unit == "download"):
            continue
        bound_before = upper_before or lower_before
        if field is not None:  # the phrase starts at a field or a bound written before the number
            opening = field.start("bound") if field["bound"] else field.start("unit")
        else:
            opening = bound_before.start() if bound_before else len(before)
        start = match.start() - (len(before) - opening)
        if bound_before and patterns["refused_bound"].search(text[max(0, start - REFUSAL_REACH): start]):
            upper, lower = lower, upper  # "nothing over 100M parameters", "no model with fewer than 1,000 downloads"
        end = match.end() + (unit_match.end() if unit_match else 0)  # a unit read from a field or the clause is not after it
        value = f"{_digits(number)}{scale}"
        if unit == "parameter" and upper:
            found.append(Phrase(start, end, "max_parameters", parse_count(value)))
        elif unit == "byte" and upper:
            found.append(Phrase(start, end, "max_bytes", parse_bytes(_digits(number) + unit_match.group().strip())))
        elif unit == "download" and not upper:
            found.append(Phrase(start, end, "min_downloads", parse_count(value)))
    return found


def _compared_sizes(text: str, data: dict) -> list[Phrase]:
    """A size cap given as another model's size ("must not be bigger than t5-base"); the graph resolves the name."""
    found = []
    for match in data["patterns"]["compared_size"].finditer(text):
        model = match["model"].rstrip(".")
        if not data["licence_id_pattern"].fullmatch(model):
            found.append(Phrase(match.start(), match.start("model") + len(model), "max_parameters_of", model))
    return found


def _unit_after(after: str, patterns: dict[str, re.Pattern]) -> tuple[str | None, re.Match | None]:
    """The unit written right after a count ("params", "GB", "downloads"): "parameter", "byte" or "download",
    with its match; (None, None) when none is."""
    for unit in ("parameter", "byte", "download"):
        if (match := patterns[f"{unit}_units"].search(after)) is not None:
            return unit, match
    return None, None


@dataclass
class Quantity:
    """A count written in a request, with the unit after it if one is ("300M params", "2GB", "50k downloads")."""

    start: int
    end: int
    number: str  # as written, scale and all: "300M", "1.5B", "50k", "500"
    unit: str | None  # "parameter", "byte", "download" or None
    scaled: bool  # a scale word or letter followed the digits


def quantities(text: str, start: int = 0, end: int | None = None) -> list[Quantity]:
    """Every count in a span of `text` and the unit written after it, whatever bound is (or is not) around it:
    for a reader that already knows the clause states a size or download constraint ("fits in 250M")."""
    data = _vocabulary()
    patterns = data["patterns"]
    found = []
    for match in patterns["count"].finditer(text, start, len(text) if end is None else end):
        unit, unit_match = _unit_after(text[match.end(): match.end() + 40], patterns)
        scale = SCALES.get((match["scale"] or "").lower(), "")
        number = f"{_digits(match['number'])}{scale}" if unit != "byte" else _digits(match["number"]) + unit_match.group().strip()
        found.append(Quantity(match.start(), match.end() + (unit_match.end() if unit_match else 0), number, unit, bool(scale)))
    return found


def value_kinds(text: str) -> set[str]:
    """The kinds of constraint values named in `text`, whatever their role: "licence", "metric", and for counts
    "parameters", "bytes", "downloads" (by the unit after them), "millions" (a scaled count with no unit) or "number"."""
    data = _vocabulary()
    kinds = {"licence" for pattern in ("licence_id_pattern", "licence_word_pattern") if data[pattern].search(text)}
    if data["metric_pattern"].search(text):
        kinds.add("metric")
    for quantity in quantities(text):
        kinds.add(f"{quantity.unit}s" if quantity.unit else "millions" if quantity.scaled else "number")
    return kinds


NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}


def _digits(number: str) -> str:
    """'1,000,000' -> '1000000', 'a' (million) -> '1', 'half a' (billion) -> '0.5', 'a quarter' -> '0.25',
    'a hundred' -> '100', 'two hundred and fifty' -> '250', 'four-figure' -> '1000'."""
    number = number.replace(",", "").lower()
    if SCIENTIFIC.fullmatch(number):
        return f"{float(number):.0f}"
    if "quarter" in number:
        return "0.25"
    if number.startswith("half"):
        return "0.5"
    if number[0].isdigit():
        return number
    if number.endswith("figure"):  # "four-figure": the least number with four digits
        return "1" + "0" * (NUMBER_WORDS[re.split(r"[\s-]+", number)[0]] - 1)
    total = 0
    for word in re.split(r"[\s-]+", number):
        if word == "hundred":
            total *= 100
        elif word != "and":
            total += NUMBER_WORDS[word]
    return str(total)


def _clause(text: str, position: int) -> str:
    cuts = [0] + [m.end() for m in CLAUSE_END.finditer(text)] + [len(text)]
    return next(text[a:b] for a, b in zip(cuts, cuts[1:]) if a <= position < b)


# -- superlatives of size and popularity ------------------------------------------------------------------------------

FAVOURITE = re.compile(r"favou?rite", re.I)


def _superlatives(text: str, data: dict) -> list[Phrase]:
    patterns = data["patterns"]
    smallest = patterns["smallest"].search(text)
    found = [Phrase(smallest.start(), smallest.end(), "smallest", True)] if smallest else []
    liked = patterns["most_liked"].search(text)
    downloaded = patterns["most_downloaded"].search(text)
    if liked and downloaded and FAVOURITE.search(liked.group()) and 0 <= downloaded.start() - liked.end() <= 3:
        liked = None  # "the crowd favourite (most downloads)", "the crowd favourite by downloads": a favourite by its downloads
    if liked:
        found.append(Phrase(liked.start(), liked.end(), "rank_by", "likes"))
    if downloaded and not (liked and liked.end() > downloaded.start() and liked.start() - downloaded.end() <= 5):  # "most popular by likes"
        found.append(Phrase(downloaded.start(), downloaded.end(), "rank_by", "downloads"))
    return found


# -- benchmarks ------------------------------------------------------------------------------------------------------

def _benchmarks(text: str, data: dict) -> list[Phrase]:
    """A metric ('WER', 'exact match', 'ROUGE-L') or a ranking word ('best', 'top', 'lowest') with the dataset
    it is measured on: after the metric ('lowest WER on LibriSpeech test-clean'), before it ('the best SQuAD v2
    F1', 'on SQuAD v2 exact match'), or after a ranking word alone ('scores best on XSum'). The dataset's words
    are resolved against the graph later (`vocabulary.py`). One benchmark a sentence (or a piece between semicolons:
    "for the summariser, the top ROUGE on CNN/DailyMail; for the Japanese, the highest BLEU on WMT20")."""
    found = []
    for sentence in SENTENCE.finditer(text):
        if (phrase := _benchmark_in(sentence.group(), sentence.start(), text, data)) is not None:
            found.append(phrase)
    return found


def _benchmark_in(body: str, offset: int, text: str, data: dict) -> Phrase | None:
    """The first benchmark said in one sentence of `text` (`body`, starting at `offset`), if any."""
    led = _led_benchmark(body, data)  # "scores best on BookSum (ROUGE, test split)": the metric is among its words
    metrics = [m for m in data["metric_pattern"].finditer(body) if led is None or not led[4] <= m.start() < led[1]]
    for metric in metrics:
        ranked = data["patterns"]["ranking_words"].search(body) or RANKED_BY.search(body, 0, metric.start())
        if not ranked:
            continue
        dataset = _dataset_in_brackets(body, metric.end()) or _dataset_after(body, metric.end(), strict=False) \
            or _dataset_before(body, metric.start(), ranked) \
            or _leaderboard(body) or _dataset_referred_to(text, offset, body, metric.end())
        if dataset is None:
            continue
        name, language, d_start, d_end = dataset
        if split := SPLIT_AFTER.match(body, max(metric.end(), d_end)):  # "the lowest WER on LibriSpeech, clean test set"
            name, d_end = f"{name} {split['words']}", split.end()
        start, end = _leaving_the_model_named(body, ranked.start(), min(metric.start(), d_start)), max(metric.end(), d_end)
        value = {"dataset": name, "config": LANGUAGE_NAMES.get(language), "metric": data["metrics"][_key(metric.group(1))]}
        return Phrase(offset + start, offset + end, "best_on", value)
    if led is None and (board := _leaderboard(body)) is not None:  # "the model topping the SQuAD 2.0 leaderboard"
        name, language, start, end = board
        return Phrase(offset + start, offset + end, "best_on", {"dataset": name, "config": LANGUAGE_NAMES.get(language), "metric": None})
    if led is not None:
        start, end, name, language, dataset_start, loose = led
        start = _leaving_the_model_named(body, start, dataset_start)
        metric = None
        named = [m for m in data["metric_pattern"].finditer(body, dataset_start, end) if "(" not in body[dataset_start:m.start()]]
        if named and body[dataset_start:named[0].start()].strip():  # "does best on SQuAD v2 exact match"
            name, metric = _clean_dataset(body[dataset_start:named[0].start()]), data["metrics"][_key(named[0].group(1))]
        value = {"dataset": name, "config": LANGUAGE_NAMES.get(language), "metric": metric} | ({LOOSE: True} if loose else {})
        return Phrase(offset + start, offset + end, "best_on", value)
    return None


# a dataset written in brackets right after its metric ("highest F1 (CoNLL-2003)", "WER (LibriSpeech test-clean)")
BRACKETED_DATASET = re.compile(r"[ \t]*\((?P<name>[^()\n,;]{2,40})\)")


def _dataset_in_brackets(body: str, metric_end: int) -> tuple[str, str, int, int] | None:
    """The dataset a metric's brackets name, written as a name (not "(higher is better)")."""
    bracketed = BRACKETED_DATASET.match(body, metric_end)
    if bracketed is None or not NAME_LIKE.match(bracketed["name"]) or _vocabulary()["metric_pattern"].fullmatch(bracketed["name"]):
        return None
    return _clean_dataset(bracketed["name"]), "", bracketed.start("name"), bracketed.end()


# A dataset introduced by its name ("there's a benchmark literally called 'beans'") and a reference to it after a metric
DATASET_CALLED = r"\b(?:benchmark|dataset|data\s+set|test\s+set|corpus)\s+(?:\w+\s+)?(?:called|named)\s+"
DATASET_NAMED_BEFORE = re.compile(DATASET_CALLED + r"[\"'\u2018\u201c]?(?P<name>[\w.\-/]+(?:\s+[\w.\-/]+){0,2}?)[\"'\u2019\u201d]?(?=\s*(?:[-,.;:!?)]|$))", re.I)
REFERENCE_TO_IT = re.compile(r"\s*(?:on|at|in)\s+(?:it|that(?:\s+one)?|this(?:\s+one)?)\b", re.I)


def _dataset_referred_to(text: str, offset: int, body: str, metric_end: int) -> tuple[str, str, int, int] | None:
    """The dataset a metric is measured on by reference ('top accuracy on it'), named earlier in the request as
    a benchmark 'called' or 'named' something; the phrase then ends at the reference."""
    reference = REFERENCE_TO_IT.match(body, metric_end)
    named = list(DATASET_NAMED_BEFORE.finditer(text, 0, offset + metric_end))
    if reference is None or not named:
        return None
    return named[-1]["name"], "", metric_end, reference.end()


def _leaving_the_model_named(body: str, ranked: int, rest: int) -> int:
    """Where a benchmark's phrase starts: at its ranking word, or after the model it names there, whose task the
    request's words must keep ("Best summarization model | on CNN/DailyMail by ROUGE-L")."""
    named = list(re.finditer(rf"\b(?:{model_nouns()})\b", body[ranked:rest], re.I))
    if not named:
        return min(ranked, rest)
    after = ranked + named[-1].end()
    return after + len(body[after:rest]) - len(body[after:rest].lstrip())


def _led_benchmark(body: str, data: dict) -> tuple[int, int, str, str, int, bool] | None:
    """A ranking word with no metric and the dataset after it ('the best-performing model on SST-2', 'best
    performance on speech recognition on common voice english'): (start, end, dataset, language, where the
    dataset starts, whether it is loose). A name in lower case after 'on' ('the best asr model on librispeech')
    is loose: it may be no dataset at all ('the best model on the market'), so it holds only where the graph
    has results of the step's task on it (`benchmark_evidence.confirmed_benchmarks`)."""
    for strict in (True, False):
        for ranked in data["patterns"]["leading_words"].finditer(body):
            dataset = _dataset_after(body, ranked.end(), strict=strict, words_between=4, prepositions=MEASURED_ON_WORDS)
            if dataset is not None:
                name, language, start, end = dataset
                return ranked.start(), end, name, language, start, not strict
    return None


def _dataset_after(body: str, position: int, strict: bool, words_between: int = 2,
                   prepositions: str = f"{MEASURED_ON_WORDS}|{OTHER_PREPOSITIONS}") -> tuple[str, str, int, int] | None:
    """The dataset named after a preposition that follows `position` within a few words ('WER on
    LibriSpeech', 'performance on speech recognition on common voice english'). Strictly (a ranking word with
    no metric: 'on' or 'at' only, not 'the highest sales in Q2'), it must be written as a name, unless the
    words between speak of results."""
    dataset = _vocabulary()["patterns"]["dataset"]
    window = body[position: position + 160]
    for preposition in re.finditer(rf"\b(?:{prepositions})\s+", window, re.I):
        between = window[: preposition.start()]
        if len(between.split()) > words_between:
            return None
        match = dataset.match(window, preposition.end())
        if match is None or re.search(rf"\s(?:{MEASURED_ON_WORDS})\s", match["dataset"], re.I):
            continue  # "on speech recognition on common voice": the dataset follows the last "on"
        end = _closing_bracket(window, match)
        name = _clean_dataset(window[match.start("dataset"):end] if end > match.end() else match["dataset"])
        words = name.split()
        on = preposition.group().split()[0].lower() in MEASURED_ON
        results = re.search(r"\b(?:performance|results?|scores?|numbers?|benchmarks?)\b", between, re.I)
        if not words or words[0].lower() in _COMMON_WORDS or words[-1].lower() in _NOT_DATASET_ENDS:
            continue
        if _vocabulary()["metric_pattern"].fullmatch(name):  # "scores highest on ROUGE for the PubMed part of ...": a metric
            continue
        if not NAME_LIKE.search(words[0]) and (not on or (strict and not results)):
            continue
        return name, (match["language"] or "").lower(), position + match.start("dataset"), position + max(end, match.end())
    return None


LEADERBOARD = re.compile(r"\s+leaderboards?\b", re.I)
# A split named after a benchmark's metric and dataset, ending its clause ("..., clean test set")
SPLIT_AFTER = re.compile(r"\s*,?\s*(?:on\s+)?(?:the\s+)?(?P<words>(?:[\w-]+\s+){0,2}?(?:test|validation|dev|eval)(?:\s+(?:set|split))?)"
                         r"(?=\s*(?:[.,;:!?)]|$))", re.I)
BEFORE_A_BOARD = {"the", "of", "on", "in", "at", "a", "an", "to", "top", "tops", "topping", "heads", "leads", "leading", "whole", "public", "official"}


def _leaderboard(body: str) -> tuple[str, str, int, int] | None:
    """The dataset a leaderboard is named by ('top of the LibriSpeech leaderboard', 'topping the SQuAD 2.0
    leaderboard'): up to four words before 'leaderboard' back to an article or preposition, written as a name."""
    board = LEADERBOARD.search(body)
    if board is None:
        return None
    words: list[re.Match] = []
    for word in reversed(list(re.finditer(r"[\w.\-/']+", body[: board.start()]))):
        if word.group().lower() in BEFORE_A_BOARD or len(words) == 4:
            break
        words.insert(0, word)
    if not words or not NAME_LIKE.search(words[0].group()[0]) or words[0].group().lower() in _COMMON_WORDS:
        return None
    start, end = words[0].start(), words[-1].end()
    return body[start:end], "", start, board.end()


def _closing_bracket(window: str, match: re.Match) -> int:
    """Where a dataset that opens a bracket ends: after the bracket ('BookSum (ROUGE, test split)')."""
    if match["dataset"].count("(") > match["dataset"].count(")"):
        closing = window.find(")", match.end(), match.end() + 40)
        if closing >= 0:
            return closing + 1
    return match.end()


def _dataset_before(body: str, metric_start: int, ranked: re.Match) -> tuple[str, str, int, int] | None:
    """'the best SQuAD v2 F1', 'on SQuAD v2 exact match': name-like words between a ranking word or a
    preposition and the metric."""
    window = body[:metric_start]
    preposition = list(re.finditer(rf"\b(?:{MEASURED_ON_WORDS}|{OTHER_PREPOSITIONS})\s+(?:the\s+)?", window, re.I))
    anchor = max([m.end() for m in preposition] + ([ranked.end()] if ranked.end() <= metric_start else []), default=None)
    if anchor is None:
        return None
    name = _clean_dataset(window[anchor:])
    if not name and anchor == ranked.end() and (right_before := DATASET_RIGHT_BEFORE.search(body, 0, ranked.start())):
        return right_before["name"], "", right_before.start("name"), metric_start  # "apache ner model conll03 best f1"
    if not name and anchor == ranked.end() and (listed := _dataset_listed_before(body, ranked.start())):
        return listed["name"], "", ranked.start(), metric_start  # "squad2, extractive qa, highest exact match" (the phrase keeps the task's words out)
    words = name.split()
    if not words or len(words) > 5 or not NAME_LIKE.search(words[0]) or words[0].lower() in _COMMON_WORDS:
        return None
    return name, "", anchor, metric_start


def _dataset_listed_before(body: str, end: int) -> re.Match | None:
    """The nearest item before `end` of a comma-separated list that is a dataset's name alone, written as one
    ("squad2, extractive qa, highest exact match"); not a licence id ("apache-2.0, best f1 on ...")."""
    licence_ids = _vocabulary()["licence_id_pattern"]
    items = [m for m in LISTED_NAME.finditer(body, 0, end) if not licence_ids.fullmatch(m["name"])]
    return items[-1] if items else None


def _clean_dataset(name: str) -> str:
    name = re.sub(r"^the\s+", "", name.strip(), flags=re.I)
    name = re.sub(r"^(?:this|that|these|those)\s+(?=.*\b(?:dataset|data\s+set|benchmark|corpus|test\s+set)s?$)", "", name, flags=re.I)  # "on that beans dataset"
    name = re.sub(r"\s*\(([^)]*)\)", r" \1", name)  # "CNN/DailyMail 3.0.0 (test)"
    name = re.sub(r"\s+by$", "", name.strip(), flags=re.I)  # "on CNN/DailyMail by ROUGE-L"
    return re.sub(r"\s+", " ", name.replace(",", " ")).rstrip(".,;:!?( ")


# Words that start no dataset name ("best on my laptop", "the top model for the job").
_COMMON_WORDS = {"my", "our", "your", "this", "that", "these", "those", "it", "a", "an", "any", "each", "every", "all", "them",
                 "speed", "quality", "accuracy", "cpu", "gpu", "mobile", "phone", "laptop", "step", "task", "job", "one",
                 "leaderboard", "leaderboards", "hf", "hub", "huggingface", "hugging"}  # "highest-rated on HF": the site
# Last words that make a name a step or a thing, not a dataset ("for the OCR step", "on the GPU box").
_NOT_DATASET_ENDS = {"step", "steps", "stage", "part", "task", "model", "models", "job", "one", "box", "machine", "server"}


# -- languages and where models run ------------------------------------------------------------------------------------

# words right before a model's language that refuse it ("not some English one", "rather than a Spanish model")
REFUSED_LANGUAGE = re.compile(r"\b(?:not|no|never|rather\s+than|instead\s+of)\s+(?:(?:an?|some|the|any|one|of)\s+){0,2}$", re.I)


def _languages(text: str) -> list[Phrase]:
    found: list[Phrase] = []
    if not (LANGUAGE_MENTION.search(text) or MAY_CODE_A_LANGUAGE.search(text)):
        return found
    patterns = _language_patterns()
    for pattern in patterns:
        for match in pattern.finditer(text):
            start, end = (match.start("language"), match.end("language")) if pattern is patterns[0] else match.span()
            if "noun" in match.groupdict() and match["noun"]:
                start = match.end("noun") + 1  # "a chatbot that converses in Chinese": the model's noun may name its task
            elif match.groupdict().get("subject"):
                start = match.end("subject") + 1  # "everything has to handle German": the subject says which steps
            if REFUSED_LANGUAGE.search(text, max(0, match.start("language") - 30), match.start("language")) \
                    or _vocabulary()["patterns"]["negation_after"].search(text[end:]):
                continue  # "an actual german voice, not some english one", "an English one ... is useless": the language refused
            if not any(p.start < end and start < p.end for p in found):
                found.append(Phrase(start, end, "languages", [LANGUAGE_NAMES.get(match["language"].lower(), match["language"].lower())]))
    return found


def _local_only(text: str, data: dict) -> list[Phrase]:
    """'offline models', 'a summariser running on-device': the phrase is the words that say where it runs,
    so the words between ('offline speech recognition models') still name a task."""
    match = data["patterns"]["local_only"].search(text)
    if not match:
        return []
    saying = list(data["patterns"]["local_only_words"].finditer(text, match.start(), match.end()))
    start, end = (saying[0].start(), saying[-1].end()) if saying else match.span()
    return [Phrase(start, end, "local_only", True)]
