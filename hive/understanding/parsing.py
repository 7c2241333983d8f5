"""Rule-based parsing stage: pull files, inline texts, tables, the question and candidate labels out of a request.

It also returns the request with every inline value blanked out (same length, so positions line up),
which is what the cue matcher reads: a quoted "how many eggs?" is data, not a request to count.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Callable, Protocol

from hive.request import ParsedRequest
from hive.selection.phrases import DATASET_CALLED, Phrase, constraint_phrases, model_nouns
from hive.understanding.inputs import MODALITY_BY_EXTENSION, folder_modality, modality_of_path
from hive.understanding.language import foreign_language
from hive.understanding.pasted_items import asks_of_each, items_of, listed_in_words

_EXTENSIONS = "|".join(sorted(MODALITY_BY_EXTENSION, key=len, reverse=True))
FILE_PATTERN = re.compile(
    rf"(?:(?<=[\s(\[`])|^)((?:[a-z][a-z0-9+.-]*://)?[\w~./\\%+*-]*[\w*-]\.(?:{_EXTENSIONS}))(?=$|[\s,;:!?)\]`'\"]|\.+(?:\s|$))",
    re.I,
)
QUOTED_FILE = re.compile(rf"(?!.*[.,;:]\s)(?!(?:\S+\s+){{3}})[^\n'\"?!]{{1,200}}\.(?:{_EXTENSIONS})", re.I)  # no sentence in it
FOLDER_PATTERN = re.compile(r"(?:(?<=[\s(\[`])|^)((?:\.{1,2}/|~/|/)[\w~./-]*[\w-]/)(?=$|[\s,;:!?)\]`'\"])")
PATH_LIKE = re.compile(r"(?:(?<=\s)|^)((?:\.{1,2}/|~/|/)[\w~./\\%+-]*\.[A-Za-z0-9]{1,6})(?=$|[\s,;:!?)\]`'\"]|\.+(?:\s|$))")
# An e-mail style quoted block: lines opening with ">" ("Pasting a customer's message below.\n\n> Been on ...")
BLOCK_QUOTE = re.compile(r"^[ \t]*>[^\n]*(?:\n[ \t]*>[^\n]*)*", re.M)
# ... or indented under a line ending with a colon: lines opening with two spaces or a tab, under a line that points
# at them ("My co-GM left this in our doc:\n  TODO: ...") or prose ("... with the scan:\n\n  Hi team, ..."), not a
# form's or a YAML's indented fields or a list
INDENTED_BLOCK = re.compile(r"(?<=:)[ \t]*\n(?:[ \t]*\n)?(?P<body>(?:(?:  |\t)[ \t]*\S[^\n]*(?:\n|$))+)")
LISTED_LINE = re.compile(r"^\s*[-*\u2022]", re.M)
RULE = r"(?:-{3,}|={3,}|\*{3,})"  # a line of its own setting pasted content apart
# a text set apart between two rule lines ("---\nMIDVALE, March 3 -- ...\n---", "Forwarded message -----\n...\n-----"):
# pasted, with its quotes inside it
RULED_BLOCK = re.compile(rf"^[ \t]*(?:[^\n]{{0,40}}?[ \t])?(?P<rule>{RULE})[ \t]*\n(?P<body>.+?)\n[ \t]*(?P=rule)[ \t]*$", re.M | re.S)
# ... or between the fences of a code block ("```\nFor roto, use the smallest model, MIT only.\n```")
FENCED_BLOCK = re.compile(r"^[ \t]*```[\w+.-]*[ \t]*\n(?P<body>.+?)\n[ \t]*```[ \t]*$", re.M | re.S)
QUOTE_PATTERN = re.compile(
    r"""(?<!\w)(?:'(?P<single>(?:[^'\n]|(?<=\w)'(?=\w))+)'|"(?P<double>[^"\n]+)"|“(?P<curly>[^”\n]+)”|‘(?P<curly1>[^’\n]+)’"""
    r"""|«(?P<guillemets>[^»\n]+)»|„(?P<low>[^“”\n]+)[“”]|「(?P<corner>[^」\n]+)」|『(?P<corner2>[^』\n]+)』)(?!\w)"""
)
ENDS_A_SENTENCE = re.compile(r"[.?!]\s*$")  # a quoted text whose last sentence is complete ...
NEXT_SENTENCE = re.compile(r"[ \t]+[A-Z]")  # ... followed by another sentence
NAMED_DATASET = re.compile(r"\s*(?:dataset|benchmark|corpus|test\s+set|(?:test\s+|dev\s+|validation\s+)?split|leaderboard)\b", re.I)
TITLE_LINE = re.compile(r"[ \t]*(?:summary|subject|title|topic|re|fwd?)[ \t]*:", re.I)  # a ticket's or e-mail's title line
# what people count their asks by ("three things", "two steps", "a couple of jobs")
ASK_NOUNS = r"(?:things|steps|tasks|jobs|parts|stages|bits|pieces|items|deliverables|outputs|results)"
# "want two things from ./call.wav: the caller's emotion and a full transcript": a colon that counts the asks after it
COUNTED_THINGS = re.compile(rf"\b(?P<count>two|three|four|2|3|4)\s+(?:(?:separate|different|distinct)\s+)?{ASK_NOUNS}\b"
                            r"[^:.?!\n]{0,60}:\s*$", re.I)  # (not "these two news items:", which points at a paste)
CALLED_A_DATASET = re.compile(DATASET_CALLED + "$", re.I)  # "a benchmark literally called 'beans'"
LICENCE_AFTER = re.compile(r"\s*licen[cs]es?\b", re.I)  # "one of those 'non-commercial only' licences"
LICENCE_BEFORE = re.compile(r"\blicen[cs]es?\b[^.?!\n]{0,25}$", re.I)  # "a licence of the type 'only for non-commercial'"
# a tail's first sentence when it is a question, and a next sentence (or numbered line) going on with the asking
QUESTION_FIRST = re.compile(r"\s*[^.?!\n]{3,200}\?")
GOES_ON = re.compile(r"\s+(?:and|then|after\s+that|afterwards|also|finally|next)\b|\s+\(?\d{1,2}[.)][ \t]|[ \t]*\n\s*[-*\u2022][ \t]", re.I)
QUESTION_MARKER = re.compile(r"\bquestion\s*:\s*", re.I)
CONTEXT_MARKER = re.compile(r"\bcontext\s*:\s*", re.I)
ASKING = re.compile(r"\b(?:answer|ask|question|reply to|respond to)\w*\b", re.I)
POLITE_REQUEST = re.compile(r"^\s*(?:could|can|would|will) you\b", re.I)  # "Could you ...?" asks for work, not an answer
_JOINER = r"(?:and|or|then|to|so|but|also|if|whether|in|on|of|with|for|the|an?|it|this|that|is|are|was)"  # never a label's second word
_LEAD_VERB = r"(?:sounds?|looks?|seems?|shows?|depicts?|feels?|like|about|between)"  # words before labels, never in one
_LABEL = (rf"(?:(?:it|this|that)[ \t]+)?(?:(?:an?|the)[ \t]+[\w-]+(?:[ \t]+(?!(?:{_JOINER}|{_LEAD_VERB})\b)[\w-]+){{0,2}}"  # a label ends at its line's end;
          rf"|[\w-]+(?:[ \t]+(?!{_JOINER}\b)[\w-]+)?)")  # three words after an article ("a pressed flowering plant"), else two
LABEL_LIST = re.compile(
    r"(?:\b(?:as|into|between|is|are|was|be|either|whether|speaking|sounds?|like|about|shows?|depicts?|looks?|seems?"
    r"|which of|from)(?:\s+_+)?|'s|:|\()\s*"
    rf"(?P<list>{_LABEL}(?:\s*,\s*{_LABEL})*\s*,?\s+or\s+{_LABEL})(?!\w)",
    re.I,
)
_LABEL_NOUN = r"(?:categories|labels|classes|topics|options|choices|tags|intents)"
LABELS_AFTER = re.compile(
    rf"\b(?:one of|any of|among|between|choose from|{_LABEL_NOUN})\b"
    rf"(?:\s+(?:these|the following|those))?(?:\s+{_LABEL_NOUN})?\s*(?:[:({{\[]|\b(?:are|is)\b)\s*"
    rf"(?P<list>{_LABEL}(?:\s*[,/]\s*{_LABEL})+(?:\s*,?\s*(?:or|and)\s+{_LABEL})?)(?!\w)",
    re.I,
)
# "is it positive or negative (overall)?" asks for the sentiment, a fixed-label task, not for labels to choose among
SENTIMENT = {"positive", "negative", "neutral", "mixed"}
BRACED_LABELS = re.compile(rf"[{{\[]\s*(?P<list>{_LABEL}(?:\s*,\s*{_LABEL})+)\s*[}}\]]")
# Pasted content introduced by a colon: "Context: ...", "the email: ...", or a long tail after the last colon.
PASTE_MARKER = re.compile(
    r"\b(?:context|passage|text|article|e-?mail|message|review|paragraph|story|excerpt|transcript|post|tweet|comment"
    r"|letter|abstract|thread|note|sentence|document|token|prompt|quote|headline|lyrics|poem|table|description"
    r"|here it is|as follows|below)s?\s*:\s+",
    re.I,
)
PASTE_MIN_WORDS = 5
# words comparing two things: a pasted pair is two texts ("pair to score", "how similar are these")
COMPARES_TWO = re.compile(r"\b(?:pairs?|similar\w*|duplicates?\s+of\s+each\s+other)\b", re.I)
# texts pasted on lines lettered in turn ("pair to score:\nA: How do I ...?\nB: I forgot ...", a dialogue's "A: ... B: ... A: ...")
LETTERED_LINES = re.compile(r"^(?P<first>[ \t]*A[ \t]*:[ \t]+\S[^\n]*)\n[ \t]*B[ \t]*:[ \t]+\S[^\n]*(?:\n[ \t]*[A-H][ \t]*:[ \t]+\S[^\n]*)*", re.M)
ARROW_GLYPH = r"-{1,2}>|=>|[→⟶➔➜]"  # an arrow of a pipeline drawn with arrows ("transcribe -> summarise")
# a rule line between the person's words and what they paste below it ("...then 2-line summary\n---\n<article>")
SEPARATOR_LINE = re.compile(rf"\n[ \t]*{RULE}[ \t]*\n\s*")
# surely what follows, pasted whatever it says: "pasted below", "as follows", or someone's words reported ("The customer
# wrote:", "My sister texted this morning:"; not "Error says 'network path not found'.", whose words are quoted already)
POINTING_BELOW = re.compile(r"\b(?:below|following|as\s+follows|pasted|copied|forwarded)\b|\b(?:wrote|writes|said|says|sent|texted|"
                            r"posted|emailed|e-mailed|messaged|replied|commented)\b(?:\s+[A-Za-z']+){0,4}\s*$", re.I)
# "summarise this for me: <pasted>", "translate it: <pasted>" (not "it's a voice message:", which describes)
POINTING = re.compile(r"\b(?:this|these|following|below)\b|\bit\b(?!'s\b|\s+(?:is|was)\b)", re.I)
TAIL_MIN_WORDS = 15
ASKED_OPENERS = 3  # the detector is asked about the words before the first three colons or blank lines only
# "... this:\n<pasted>", "... this: <pasted>", and "... this article!!\n\n<pasted>" (a blank line)
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# A letter's closing lines: a valediction on a line of its own and up to three short lines of name and role after it
# ("Kind regards,\nR. Okafor, Compliance"; "Thanks, Priya"): neither an ask nor a text to work on
SIGN_OFF = re.compile(r"\n\s*(?:(?:kind|best|warm|many)\s+(?:regards|wishes|thanks)|regards|cheers|thanks(?:\s+(?:again|a\s+lot|so\s+much))?"
                      r"|thank\s+you|sincerely|yours(?:\s+(?:sincerely|truly|faithfully))?|all\s+the\s+best|best)\b[ \t]*[,!.]?"
                      r"(?:[ \t]*[^\n,.!?]{1,40}[.!]?)?(?:\n[^\n]{1,60}){0,3}\s*$", re.I)
# A form's lines: "Summary: ...", "Requirements:", "Rollback: ..." (at least this many of them)
FIELD_LINE = re.compile(r"^[ \t]*[A-Z][\w /-]{0,30}:(?!//)", re.M)
FORM_FIELDS = 3
TASK_WORD_FIELD = re.compile(r"^[ \t]*(?P<name>summary|description|title|subject)[ \t]*:(?=[ \t]*\S)", re.I | re.M)
BEFORE_PASTE = re.compile(rf":?[ \t]*{PARAGRAPH_BREAK.pattern}|:\s")  # a blank line (after a colon or not), or a colon
# A list of short items: commas, slashes or bars between them, "or"/"and" before the last (two items joined by
# "or" alone are as often a yes-no question's alternatives: "taking the mick or being serious?").
_ITEM = r"[\w&'-]+(?:\s+[\w&'-]+){0,3}"
LOOSE_LIST = re.compile(rf"(?P<list>{_ITEM}(?:\s*(?:,|/|\|)\s*{_ITEM})+(?:\s*,?\s*(?:or|and)\s+{_ITEM})?)(?P<trailing>\s*(?:\.\.\.|…|,?\s*etc\b))?")
LOOSE_SEPARATOR = re.compile(r"\s*[,/|]\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+")
TABLE_DELIMITERS = ("|", "\t", ",", ";")
MARKDOWN_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")
MIN_TABLE_LINES = 3  # a header and two rows: fewer delimited lines are as likely a sentence with commas
MAX_CELL_WORDS = 6  # a cell longer than this is prose, not a table's value ...
MEAN_CELL_WORDS = 2.5  # ... and a table's cells hold this many words on average at most
SENTENCE_END = re.compile(r"[.?!]+(?=\s|$)|\n")
# a table's column of limits on the models, by its header ("| step | limit |")
LIMITS_COLUMN = re.compile(r"(?:limits?|constraints?|requirements?|restrictions?|conditions?|rules?)(?:\s+on\s+the\s+models?)?", re.I)
PASTE_MAY_SAY = {"languages", "local_only"}  # constraint kinds a pasted text's own sentences often state ...
# ... unless a model is the sentence's subject ("The voice has to be an actual German voice")
MODEL_SUBJECT = re.compile(rf"^\W*(?:(?:the|a|an|our|my|your|each|every)\s+)?(?:[\w-]+\s+)?(?:{model_nouns()})\s+"
                           r"(?:has\s+to|have\s+to|must|should|needs?\s+to|shall|will\s+have\s+to)\b", re.I)
# a heading that opens the person's own limits on the models ("limits: every model under 1B params. the voice ...")
LIMITS_HEADING = re.compile(r"\s*(?:(?:model|models'?|hard)\s+)?(?:limits?|constraints?|requirements?|restrictions?|rules)"
                            r"(?:\s+for\s+(?:the\s+)?models?)?\s*:", re.I)
FILLER_WORDS = 3  # a sentence of at most this many words ("go.", "Thanks, Kasia.") neither asks nor is content
REMARK_WORDS = 8  # a remark after the last limit ("No exceptions, our contracts team checks.") is at most this long
# Short quoted texts in a list ("vintage", "modern" or "minimalist") are candidate labels, not texts.
QUOTED_LABELS = re.compile(r"^(?:\s*(?:,|\bor\b|\band\b)?\s*)+$", re.I)
MAX_LABEL_WORDS = 4
MAX_LISTING_CHARS = 400  # a sentence offering labels loosely is no longer than this
LIST_SEPARATOR = r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+|\s*/\s*"
LEADING_WORDS = {"the", "a", "an", "about", "like", "it", "this", "that"}  # "a cat", "about finance": the label is the rest
NOT_LABELS = LEADING_WORDS | {"it", "this", "that", "not", "so", "more", "less", "else", "something", "them"}
BLANK = "_"
CLAUSE_OPENERS = {"then", "also", "finally", "next", "afterwards", "please"}  # a list item opening so is the next ask
OBJECT_WORDS = {"the", "a", "an", "my", "our", "your", "his", "her", "its", "their", "this", "that", "these", "those",
                "every", "each", "it", "them", "me", "us"}  # after a verb, its object: never inside a listed label


class ClauseReading(Protocol):
    """What a reader of clauses (the learned understander's detector) tells parsing where its patterns are blind."""

    def asks(self, text: str) -> bool:
        """Whether a piece of the request asks for work."""

    def chooses_among_listed(self, sentence: str) -> bool:
        """Whether a sentence asks to choose among candidate labels it lists."""


@dataclass
class RequestText:
    """The request with its inline values located."""

    query: str
    masked: str
    files: list[tuple[int, int, str]] = field(default_factory=list)
    texts: list[tuple[int, int, str]] = field(default_factory=list)
    tables: list[tuple[int, int]] = field(default_factory=list)
    labels: list[tuple[int, int, str]] = field(default_factory=list)  # candidate labels, quoted or listed
    references: list[tuple[int, int]] = field(default_factory=list)  # nouns naming an earlier step's output
    constraints: list[Phrase] = field(default_factory=list)  # constraint phrases, once blanked for task reading
    unread_constraints: list[str] = field(default_factory=list)  # clauses stating a constraint no value was found for


def blanked(text: str, start: int, end: int) -> str:
    """`text` with the span blanked (its length kept, so offsets stay valid)."""
    return text[:start] + BLANK * (end - start) + text[end:]


def locate_values(query: str, reading: ClauseReading | None = None) -> RequestText:
    """Find tables, quoted texts and file paths; blank them in `masked`. With a `reading` of clauses, a text
    pasted after a colon gives back the person's own sentences it swallowed (`_own_words_after`), and a list
    in a sentence read as choosing among labels is its labels (`_loosely_listed_labels`)."""
    found = RequestText(query=query, masked=query)
    found.tables = _table_spans(query)
    for start, end in found.tables:
        found.masked = blanked(found.masked, start, end)
    for block in BLOCK_QUOTE.finditer(found.masked):
        body = re.sub(r"(?m)^[ \t]*>[ \t]?", "", block.group()).strip()
        if body:
            found.texts.append((block.start(), block.end(), body))
            found.masked = blanked(found.masked, block.start(), block.end())
    for block in INDENTED_BLOCK.finditer(found.masked):
        body, pointed_at = block["body"], POINTING.search(found.masked[found.masked.rfind("\n", 0, block.start()) + 1:block.start()])
        prose = ENDS_A_SENTENCE.search(body) and not FIELD_LINE.search(body.replace("\t", " ").lstrip()) and not LISTED_LINE.search(body)
        if len(body.split()) >= PASTE_MIN_WORDS and (pointed_at or (prose and len(body.split()) >= PASTE_MIN_WORDS * 2)):
            _paste(found, block.start("body"), block.end("body"), " ".join(body.split()))  # (the line break after it stays)
    for block in [*RULED_BLOCK.finditer(found.masked), *FENCED_BLOCK.finditer(found.masked)]:
        outside = found.masked[: block.start()] + found.masked[block.end():]
        if len(block["body"].split()) >= PASTE_MIN_WORDS and len(outside.split()) >= PASTE_MIN_WORDS:
            found.texts.append((block.start("body"), block.end("body"), block["body"].strip()))
            found.masked = blanked(found.masked, block.start(), block.end())
    for match in QUOTE_PATTERN.finditer(found.masked):
        body = next(g for g in match.groups() if g is not None)
        # 'example.jpg' is a file named in quotes, "on the 'emotion' dataset" and "a benchmark called 'beans'"
        # benchmarks: names, kept as words; a policy quoted as the person's own limits ("Quoting Annex B: 'All
        # components shall be licensed under MIT or Apache-2.0.' Under that, summarise ...") is their words:
        # every sentence of it states a limit
        if FILE_PATTERN.fullmatch(body.strip()) or NAMED_DATASET.match(found.masked, match.end()) \
                or CALLED_A_DATASET.search(found.masked, 0, match.start()) \
                or _names_a_licence(found.masked, match, body) \
                or (_only_limits(body, 0, len(body)) and not _after_a_paste_marker(found.masked, match.start())):
            found.masked = found.masked[: match.start()] + " " + body + " " + found.masked[match.end():]
            continue
        if QUOTED_FILE.fullmatch(body.strip()):  # "./Meetings/Q3 review.mp3": a quoted name may hold spaces
            found.files.append((match.start() + 1, match.end() - 1, body.strip()))
            found.masked = blanked(found.masked, match.start(), match.end())
            continue
        found.texts.append((match.start(), match.end(), body.strip()))
        found.masked = blanked(found.masked, match.start(), match.end())
        if ENDS_A_SENTENCE.search(body) and NEXT_SENTENCE.match(found.masked, match.end()):
            # "... reading 'The city never sleeps.' Permissive licences.": the quote's full stop ends the sentence
            found.masked = found.masked[:match.end() - 1] + "." + found.masked[match.end():]
    _quoted_labels(found)
    _form_field_names(found)
    pasted = len(found.texts)
    _pasted_after_colon(found, reading.asks if reading else None)
    if reading is not None and len(found.texts) == pasted:
        _pasted_before_request(found, reading.asks)
    if asks_of_each(found.masked):  # "Summarise each of these: Item 1: ... Item 2: ...": one text per item
        found.texts = [item for text in found.texts for item in _items(found.query, text)]
        if not found.texts:  # "Two reviews:\nA) El hotel ...\nB) L'hôtel ...\nTranslate both"
            _listed_texts(found)
    elif COMPARES_TWO.search(found.masked) and len(found.texts) == 1 and len(pair := _items(found.query, found.texts[0])) == 2:
        found.texts = pair  # "pair to score:\nA: How do I reset ...?\nB: I forgot ...": the two texts compared
    for match in FILE_PATTERN.finditer(found.masked):
        found.files.append((match.start(1), match.end(1), match.group(1)))
    for match in FOLDER_PATTERN.finditer(found.masked):
        if folder_modality(match.group(1)):  # "./photos/trip/": a folder of pictures; an unnamed kind stays words
            found.files.append((match.start(1), match.end(1), match.group(1)))
    found.files.sort()
    for match in PATH_LIKE.finditer(found.masked):
        if not any(start <= match.start(1) < end for start, end, _p in found.files):
            modality_of_path(match.group(1))  # raises: a path HIVE cannot type is an error, not silence
    for start, end, _path in found.files:
        found.masked = blanked(found.masked, start, end)
    if not found.labels:
        found.labels = _listed_labels(found) or (_loosely_listed_labels(found, reading) if reading else [])
        if found.labels:
            found.masked = blanked(found.masked, found.labels[0][0], found.labels[-1][1])
    return found


def _listed_texts(found: RequestText) -> None:
    """Items listed among the person's words, when the words outside them ask of each, are texts of their own
    ("1. Take the photo ./wall.jpg\n2. Estimate the depth of each pixel" lists the person's steps)."""
    listed = listed_in_words(found.masked)
    outside = found.masked
    for start, end in listed:
        outside = blanked(outside, start, end)
    if not asks_of_each(outside):
        return
    for start, end in listed:
        if BLANK not in found.masked[start:end]:
            found.texts.append((start, end, found.query[start:end].strip()))
            found.masked = blanked(found.masked, start, end)


def _is_form(text: str) -> bool:
    """Whether a request's text is a form of "Field: value" lines (a change request, a ticket)."""
    return len(FIELD_LINE.findall(text)) >= FORM_FIELDS


def _form_field_names(found: RequestText) -> None:
    """In a form of "Field: value" lines (a change request, a ticket), a field's name that is a task's word
    ("Summary: helpdesk chat assistant ...", "Description: ...") names the field, not work: it is blanked. (A form's
    fields open no paste either: `_pasted_after_colon`.)"""
    if not _is_form(found.masked):
        return
    for match in TASK_WORD_FIELD.finditer(found.masked):
        found.masked = blanked(found.masked, match.start("name"), match.end("name"))


def _quoted_labels(found: RequestText) -> None:
    """Two or more short quoted texts joined only by commas, 'or', 'and' are candidate labels."""
    runs: list[list[tuple[int, int, str]]] = []
    for text in sorted(found.texts):
        short = len(text[2].split()) <= MAX_LABEL_WORDS and not text[2].endswith("?")
        if short and runs and QUOTED_LABELS.match(found.masked[runs[-1][-1][1]:text[0]]):
            runs[-1].append(text)
        elif short:
            runs.append([text])
    run = max(runs, key=len, default=[])
    if len(run) >= 2:
        found.labels = run
        found.texts = [t for t in found.texts if t not in run]


def _pasted_after_colon(found: RequestText, asks: Callable[[str], bool] | None = None) -> None:
    """Pasted content: after a marker such as 'Context:' (up to a 'Question:'), or a tail after a colon or a blank
    line that names no file, when the words before point at it ("... this:") or ask for work; quotes around it are
    dropped. With a reader of clauses, the paragraphs of the tail that are the person's own words are not pasted."""
    masked = found.masked
    closing = _sign_off_start(found.query)
    separator = SEPARATOR_LINE.search(masked)
    fence_end = SEPARATOR_LINE.search(masked, separator.end() - 1) if separator else None  # "---\n<pasted>\n---\nI need ..."
    spans = [(separator.end(), fence_end.start() if fence_end else len(masked), PASTE_MIN_WORDS)] if separator else []
    for marker in PASTE_MARKER.finditer(masked):
        if COUNTED_THINGS.search(masked, 0, marker.end()):
            continue  # "I need three separate things from this article: a summary, ...": the asks follow, not a paste
        question = QUESTION_MARKER.search(masked, marker.end())
        spans.append((marker.end(), question.start() if question else len(masked), PASTE_MIN_WORDS))
    # the first colon (or blank line) the words before which point at what follows (pasted chat lines hold colons of
    # their own), or below words that ask for work and name no file ("pls translate to german", "pick out the
    # people and places: Mercredi, Emmanuel Durand ...")
    opener, pointing = None, None
    form = _is_form(found.query)
    label_colons = [(m.start(), m.start("list")) for m in LABELS_AFTER.finditer(masked)]
    for index, match in enumerate(BEFORE_PASTE.finditer(masked)):
        if form and FIELD_LINE.fullmatch(found.query, found.query.rfind("\n", 0, match.start()) + 1, match.start() + 1):
            continue  # a form's own field ("Requirements:\n- ..."), not a paste's opener
        if any(start < match.start() < listed for start, listed in label_colons):
            continue  # "sorted into one of: billing, outage, other": labels follow, not a paste
        if COUNTED_THINGS.search(masked, 0, match.end()):
            continue  # "I need three separate things from this article: a summary, ...": the asks follow, not a paste
        if POINTING.search(last := _last_sentence(masked[:match.start()])) or POINTING_BELOW.search(last):
            opener, pointing = match, True
            break
        if (index < ASKED_OPENERS and asks is not None and not FILE_PATTERN.search(masked, 0, match.start())
                and asks(masked[:match.start()])):
            opener, pointing = match, False
            break
    # below words that surely point at it ("Article pasted below ...\n\n<paste>"), a text is pasted whatever it says
    opener_below = opener is not None and PARAGRAPH_BREAK.search(opener.group()) is not None \
        and POINTING_BELOW.search(_last_sentence(masked[:opener.start()])) is not None
    if opener is not None:
        spans.append((opener.end(), len(masked), TAIL_MIN_WORDS))
    spans += [(run.start("first"), run.end(), PASTE_MIN_WORDS) for run in LETTERED_LINES.finditer(found.query)]
    for start, end, min_words in spans:
        below = opener_below and start == opener.end()
        inside = _input_inside(found, start, end) if below else BLANK * 3 in masked[start:end]
        if inside or FILE_PATTERN.search(masked[start:end]) or not found.query[start:closing].strip():
            continue  # a masked input inside (below such words a quote may be: the paste's), or only closing lines
        words = len(_unquoted(found.query[start:end]).split())
        if words < PASTE_MIN_WORDS:
            continue
        outside_asks = asks is not None and asks(blanked(masked, start, end))
        if words < min_words and not (outside_asks and _short_tail_pasted(found.query[start:end], asks)):
            continue
        if asks is not None:
            # after a blank line, or after words that ask without pointing at it, the tail may be the request itself
            unsure_opener = opener is not None and start == opener.end() and not below \
                and (PARAGRAPH_BREAK.search(opener.group()) is not None or not pointing)
            if (unsure_opener or not outside_asks) and not below:  # ("Article pasted below ...": whatever it says)
                # what follows may be the request itself ("dev note: need ASR w/ lowest CER ...", a paragraph after
                # a blank line: "Then summarise it ..."), or the person's question before the text it is about
                start = _first_pasted_paragraph(found.query, start, end, asks)
                if start == end:
                    continue
            if not outside_asks:
                end = _own_paragraphs_after(found.query, start, end, asks) if below else _own_words_after(found.query, start, end, asks)
        end = _asks_after_a_question(found.query, start, end)
        if (_only_limits(found.query, start, end) and not below) or LIMITS_HEADING.match(found.query, start):
            continue  # "3. Notes: for the captioner just use the smallest one", "limits: ...": the person's own limits
        end = _limits_after(found.query, start, _own_paragraphs_after_foreign(found.query, start, end, closing))
        body = _unquoted(found.query[start:end])
        if len(body.split()) < PASTE_MIN_WORDS:
            continue
        _paste(found, start, end, body)
        return


def _last_sentence(text: str) -> str:
    """The last sentence of a text, its own full stop aside ("Article pasted below from this morning's page.")."""
    text = text.rstrip()
    return (text[:-1] if text.endswith(".") else text).rsplit(".", 1)[-1]


def _input_inside(found: RequestText, start: int, end: int) -> bool:
    """Whether a span holds a masked input other than a quoted text inside it (a quote inside a pasted article is the
    article's; one opening the span is the paste: "Example message: 'Do you ship ...?'\nReminder: ...")."""
    masked = found.masked
    opening = start + len(found.query[start:end]) - len(found.query[start:end].lstrip())
    for quote_start, quote_end, _body in found.texts:
        if opening < quote_start and quote_end <= end:
            masked = masked[:quote_start] + found.query[quote_start:quote_end] + masked[quote_end:]
    return BLANK * 3 in masked[start:end]


def _paste(found: RequestText, start: int, end: int, body: str) -> None:
    """A pasted text found, taking in the quoted texts inside it; the spaces and line breaks after it stay (they end
    the clause before the person's next words)."""
    end = start + len(found.query[start:end].rstrip())
    found.texts = [text for text in found.texts if not (start <= text[0] and text[1] <= end)] + [(start, end, body)]
    found.masked = blanked(found.masked, start, end)


def _asks_after_a_question(query: str, start: int, end: int) -> int:
    """Where a tail that opens with a question ends: before a sentence going on with the asking ("answer from the
    table: what is the total flagged? Then write a short email about that figure"); else `end`."""
    question = QUESTION_FIRST.match(query, start, end)
    if question is None:
        return end
    going_on = GOES_ON.match(query, question.end(), end)
    return question.end() if going_on else end


def _pasted_before_request(found: RequestText, asks: Callable[[str], bool]) -> None:
    """Pasted content above the request: paragraphs that are not the person's own words, followed by a last one
    that is ("Hey guys, the printer's busted again ..." then "turn that into a formal notice"); paragraphs in
    another language than English above an English one are pasted whatever they say."""
    masked = found.masked
    paragraphs = _paragraph_spans(found.query, 0, _sign_off_start(found.query))
    if len(paragraphs) < 2:
        return
    (first, _), (last_start, last_end), lead_end = paragraphs[0], paragraphs[-1], paragraphs[-2][1]
    if BLANK * 3 in masked[first:lead_end] or FILE_PATTERN.search(masked, first, lead_end):
        return
    if TITLE_LINE.match(found.query, first) and "\n" not in found.query[first:lead_end].strip():
        return  # an e-mail's or ticket's title line above the request ("Subject: Requirements for the pilot")
    foreign = bool(foreign_language(found.query[first:lead_end])) and not foreign_language(found.query[last_start:last_end])
    # a list of limits above the ask ("Approved licences:\n- MIT") is the person's, not a paste
    if not foreign and (constraint_phrases(masked[first:lead_end]) or len(found.query[first:lead_end].split()) < PASTE_MIN_WORDS
                        or _first_pasted_paragraph(found.query, last_start, last_end, asks) != last_end
                        or _first_pasted_paragraph(found.query, first, lead_end, asks) != first):
        return
    found.texts.append((first, lead_end, found.query[first:lead_end].strip()))
    found.masked = blanked(found.masked, first, lead_end)


def _sign_off_start(query: str) -> int:
    """Where a letter's closing lines start at the end of the request ("Kind regards,\nR. Okafor"), else its end."""
    closing = SIGN_OFF.search(query)
    return closing.start() if closing else len(query)


def _items(query: str, text: tuple[int, int, str]) -> list[tuple[int, int, str]]:
    """The labelled items a pasted text lists, each a text of its own; else the text."""
    return [(start, end, query[start:end].strip()) for start, end in items_of(query, text[0], text[1])] or [text]


def _short_tail_pasted(tail: str, asks: Callable[[str], bool]) -> bool:
    """Whether a tail shorter than a paste usually is, after words that ask for work, is pasted all the same: it
    neither asks for work nor states a limit ("tag the entities in this: Angela Merkel met Emmanuel Macron in
    Paris.", not "summarise it: quick version please, and translate to French")."""
    return not asks(tail) and not constraint_phrases(tail)


def _first_pasted_paragraph(query: str, start: int, end: int, asks: Callable[[str], bool]) -> int:
    """Where pasted content begins in a span: at its first paragraph (blank lines part them) that is not the
    person's own words; a paragraph is theirs when its first sentence and more than half its sentences (short
    ones aside: "go.") ask for work or state a constraint ("Rewriter: the most liked model."; "when does construction begin?" above the
    article is; "Hi Maria, thanks for the quick reply. The delivery will arrive on Friday. ..." is not). `end`
    when all are theirs."""
    def own(sentence: str) -> bool:
        return asks(sentence) or bool(constraint_phrases(sentence))

    for paragraph_start, paragraph_end in _paragraph_spans(query, start, end):
        sentences = [query[a:b] for a, b in _sentence_spans(query, paragraph_start, paragraph_end)]
        if not own(sentences[0]):
            return paragraph_start
        verdicts = [True] + [own(sentence) for sentence in sentences[1:]]  # each sentence read once
        counted = [v for sentence, v in zip(sentences, verdicts) if len(sentence.split()) > FILLER_WORDS] or verdicts
        if 2 * sum(counted) <= len(counted):
            return paragraph_start
    return end


def _paragraph_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The paragraphs of a span (blank lines part them), each without its surrounding white space."""
    cuts = [start] + [i for m in PARAGRAPH_BREAK.finditer(text, start, end) for i in m.span()] + [end]
    spans = [(a + len(text[a:b]) - len(text[a:b].lstrip()), b - len(text[a:b]) + len(text[a:b].rstrip())) for a, b in zip(cuts[::2], cuts[1::2])]
    return [(a, b) for a, b in spans if a < b]


def _own_words_after(query: str, start: int, end: int, asks: Callable[[str], bool]) -> int:
    """Where a pasted text ends when nothing outside it asks for work: before the trailing sentences that ask
    ("Text: I loved it, the acting was superb. Is it positive?"), passing over short ones and those stating a
    constraint; a sentence that asks nothing ends the search. `end` when no trailing sentence asks."""
    own = end
    for a, b in reversed(_sentence_spans(query, start, end)):
        sentence = query[a:b]
        if asks(sentence):
            own = a
        elif len(sentence.split()) > FILLER_WORDS and not constraint_phrases(sentence):
            break
    return own


def _own_paragraphs_after(query: str, start: int, end: int, asks: Callable[[str], bool]) -> int:
    """Where a text pasted below the words that point at it ends: before the trailing paragraphs that open asking for
    work in their first or second sentence ("I lead the support team. From this log I want three separate outputs:
    ..."); the paste's first paragraph may ask anything."""
    own = end
    paragraphs = _paragraph_spans(query, start, end)
    for index in range(len(paragraphs) - 1, 0, -1):
        a, b = paragraphs[index]
        if not any(asks(query[c:d]) for c, d in _sentence_spans(query, a, b)[:2]):
            break
        own = paragraphs[index - 1][1]  # the paste ends with its paragraph: the blank line stays a break
    return own


def _limits_after(query: str, start: int, end: int) -> int:
    """Where a pasted text ends before the person's trailing limits on the models ("Summarise this: <text>. Apache
    only, under 500M parameters. Thanks!"): sentences that name a licence, a size, a ranking or a download floor,
    passing over short ones after them, and one remark of a few words right after a limit ("... under a permissive
    licence. No exceptions, our contracts team checks."). A language or "offline" alone is too often what a pasted
    text says."""
    own, remark = end, False
    for a, b in reversed(_sentence_spans(query, start, end)):
        sentence = query[a:b]
        if _states_a_limit(sentence):
            own, remark = a, False
        elif remark:
            break  # a remark passes only right after a limit
        elif len(sentence.split()) <= FILLER_WORDS:
            continue
        elif own == end and len(sentence.split()) <= REMARK_WORDS:
            remark = True  # the one remark after the last limit, if a limit comes right before it
        else:
            break
    return own if len(query[start:own].split()) >= PASTE_MIN_WORDS else end


def _own_paragraphs_after_foreign(query: str, start: int, end: int, closing: int) -> int:
    """Where a pasted text in another language than English ends before the English paragraphs after it (a Spanish
    poem, then "The voice must know Spanish of course."): those are the person's own words. Paragraphs from `closing`
    (a letter's closing lines, `_sign_off_start`) on stay where they were."""
    paragraphs = _paragraph_spans(query, start, min(end, closing))
    own = end
    while len(paragraphs) > 1 and not foreign_language(query[paragraphs[-1][0]:paragraphs[-1][1]]) \
            and foreign_language(query[paragraphs[0][0]:paragraphs[-2][1]]):
        paragraphs.pop()
        own = paragraphs[-1][1]  # the blank line stays the person's: it parts the paste from their words
    return own


def _after_a_paste_marker(text: str, at: int) -> bool:
    """Whether a quote at `at` follows a word that introduces pasted content ('Context: "... GPL-compatible terms
    ..."'): the content, whatever limits its words seem to state."""
    return any(m.end() == at for m in PASTE_MARKER.finditer(text, max(0, at - 40), at))


def _names_a_licence(masked: str, quote: re.Match, body: str) -> bool:
    """Whether a short quoted text beside the word "licence" is a licence's name, kept as the person's words."""
    beside = LICENCE_AFTER.match(masked, quote.end()) or LICENCE_BEFORE.search(masked[max(0, quote.start() - 40):quote.start()])
    return bool(beside) and len(body.split()) <= 4 \
        and any(p.key in ("licences", "deny_licences") for p in constraint_phrases(f"licence {body}"))  # "mit" too, as licence talk


def _only_limits(query: str, start: int, end: int) -> bool:
    """Whether every sentence of a span that is more than a filler states a limit on the models."""
    sentences = [query[a:b] for a, b in _sentence_spans(query, start, end) if len(query[a:b].split()) > FILLER_WORDS]
    return bool(sentences) and all(map(_states_a_limit, sentences))


def _sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The sentences (and lines) of a span, in order."""
    cuts = [start] + [m.end() for m in SENTENCE_END.finditer(text, start, end)] + [end]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if text[a:b].strip()]


def _unquoted(text: str) -> str:
    """A pasted text without the quotes around it."""
    body = text.strip()
    return body[1:-1].strip() if len(body) > 1 and body[0] == body[-1] and body[0] in "'\"" else body


def _listed_labels(found: RequestText) -> list[tuple[int, int, str]]:
    """Candidate labels written as a list: 'into one of: sport, politics, culture', 'a cat, a dog or a rabbit'."""
    masked = found.masked
    constraints = [(p.start, p.end) for p in constraint_phrases(masked)]
    for match in [*LABELS_AFTER.finditer(masked), *BRACED_LABELS.finditer(masked), *LABEL_LIST.finditer(masked)]:
        if any(s < match.end("list") and match.start("list") < e for s, e in constraints):
            continue  # "a permissive licence (MIT or Apache-2.0)": a list of licences to allow, not labels
        items, cursor = [], match.start("list")
        for piece in re.split(f"({LIST_SEPARATOR})", match["list"]):
            start = cursor
            cursor += len(piece)
            if re.fullmatch(LIST_SEPARATOR, piece):
                continue
            words = piece.split()
            if all(w.lower() in NOT_LABELS for w in words):
                continue  # "... or not"
            while words[0].lower() in LEADING_WORDS:
                words = words[1:]
            if piece == found.query[start:cursor]:  # no blanked value inside
                items.append((start, cursor, " ".join(words)))
        if len(items) >= 2 and not (match.re is LABEL_LIST and _fixed_labels([item[2] for item in items])):
            return items
    return []


def _loosely_listed_labels(found: RequestText, reading: ClauseReading) -> list[tuple[int, int, str]]:
    """Candidate labels the patterns miss ("Does this email belong to HR, IT, or Facilities?", "into one of
    Housing, Noise, Parking, Waste"): the longest list of short items in a sentence the reader reads as
    choosing among listed labels; the first item is cut to as many words as the longest of the others."""
    masked = found.masked
    for start, end in _sentence_spans(masked, 0, len(masked)):
        if end - start > MAX_LISTING_CHARS:
            continue  # too long to be a sentence offering labels (and the pattern's time grows fast with length)
        lists = sorted(LOOSE_LIST.finditer(masked, start, end), key=lambda m: m.start() - m.end())
        if not lists or lists[0]["trailing"] or BLANK * 3 in lists[0]["list"] or not reading.chooses_among_listed(found.query[start:end]):
            # ("joy, anger, fear..." gives examples of a model's fixed labels, not the candidates)
            continue
        items = []
        cuts = [lists[0].start("list")] + [i for m in LOOSE_SEPARATOR.finditer(masked, *lists[0].span("list")) for i in m.span()] + [lists[0].end("list")]
        for piece_start, piece_end in zip(cuts[::2], cuts[1::2]):
            words = list(re.finditer(r"[\w&'-]*\w", masked[piece_start:piece_end]))
            while words and words[0].group() in LEADING_WORDS:  # "a repair" (not "IT", an acronym)
                words = words[1:]
            if items and _goes_on_asking([w.group().lower() for w in words]):
                break  # "billing / shipping / other, and draft the reply": the list ended before the next ask
            if words:
                items.append((piece_start, words))
        if len(items) < 2:
            continue
        longest = max(len(words) for _offset, words in items[1:])
        labels = []
        for index, (offset, words) in enumerate(items):
            kept = words[-longest:] if index == 0 else words
            label = " ".join(w.group() for w in kept)
            if label not in NOT_LABELS:  # "handle this, design, legal or engineering" (but "IT" is a label)
                labels.append((offset + kept[0].start(), offset + kept[-1].end(), label))
        if len(labels) >= 2:
            return labels
    return []


def _goes_on_asking(words: list[str]) -> bool:
    """Whether a listed item reads as the next clause rather than a label: it opens with "then" or "also", or an
    object follows its first word ("draft the reply", "place it mentions"); labels are names and noun phrases."""
    return bool(words) and (words[0] in CLAUSE_OPENERS or bool(set(words[1:]) & OBJECT_WORDS))


def _fixed_labels(items: list[str]) -> bool:
    """Whether listed options are a sentiment model's own labels ("positive or negative overall")."""
    return all(set(item.lower().split()) & SENTIMENT for item in items)


def _table_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the tables written in a request: `{...}` literals and pasted rows (`_pasted_table_spans`)."""
    literals = _literal_table_spans(text)
    pasted = [(a, b) for a, b in _pasted_table_spans(text) if not any(a < end and start < b for start, end in literals)]
    return sorted(literals + pasted)


def _pasted_table_spans(text: str) -> list[tuple[int, int]]:
    """Spans of pasted tables: a header line and at least two rows, one line each, their cells set apart by the
    same delimiter (a pipe, a tab, a comma or a semicolon) and as many in every line (a Markdown rule line
    such as |---|---| may follow the header)."""
    lines = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", text)]
    spans, i = [], 0
    while i < len(lines):
        block = _table_block(text, lines[i:])
        if block >= MIN_TABLE_LINES and _terse(text[lines[i][0]:lines[i + block - 1][1]]):
            if not _states_limits(text[lines[i][0]:lines[i][1]], [text[a:b] for a, b in lines[i + 1:i + block]]):
                spans.append((lines[i][0], lines[i + block - 1][1]))
            i += block  # a table of limits stays the person's words, its rule line no header of another table
        else:
            i += 1
    return spans


def _states_limits(header: str, rows: list[str]) -> bool:
    """Whether a table's rows are the person's limits on the models ("| licence | Apache-2.0 |", "| downloads |
    >= 10,000 |"): its header names a column of limits ("| part | limit |"), or most rows name a licence, a size,
    a ranking or a download floor."""
    if any(LIMITS_COLUMN.fullmatch(cell) for delimiter in TABLE_DELIMITERS for cell in _cells(header, delimiter)):
        return any(map(_states_a_limit, rows))
    body = [row for row in rows if not MARKDOWN_RULE.fullmatch(row.strip())]
    return 2 * sum(map(_states_a_limit, body)) > len(body)


def _states_a_limit(text: str) -> bool:
    """Whether the text names a licence, a size, a ranking or a download floor (a language or "offline" alone is
    too often what a pasted text itself says, unless a model is its subject)."""
    phrases = constraint_phrases(text)
    return any(phrase.key not in PASTE_MAY_SAY for phrase in phrases) or (bool(phrases) and MODEL_SUBJECT.match(text) is not None)


def _table_block(text: str, lines: list[tuple[int, int]]) -> int:
    """How many of the leading lines form one table (0 when the first line opens none)."""
    best = 0
    for delimiter in TABLE_DELIMITERS:
        width, count = None, 0
        for start, end in lines:
            line = text[start:end]
            if count == 1 and delimiter == "|" and MARKDOWN_RULE.fullmatch(line.strip()):
                count += 1  # the rule under a Markdown header
                continue
            cells = _cells(line, delimiter)
            if len(cells) < 2 or any(not cell or len(cell.split()) > MAX_CELL_WORDS for cell in cells) or width not in (None, len(cells)):
                break
            width, count = len(cells), count + 1
        best = max(best, count)
    return best


def _terse(block: str) -> bool:
    """Whether a block's cells are a table's values (a word or two each) rather than verse with a comma a line."""
    table = _pasted_table(block) or {}
    cells = list(table) + [value for values in table.values() for value in values]
    return bool(cells) and sum(len(cell.split()) for cell in cells) / len(cells) <= MEAN_CELL_WORDS


def _cells(line: str, delimiter: str) -> list[str]:
    line = line.strip()
    if delimiter == "|":
        line = line.strip("|")
    return [cell.strip() for cell in line.split(delimiter)] if delimiter in line else []


def _pasted_table(block: str) -> dict | None:
    """A pasted table's columns (header -> values), or None when the block is not one."""
    lines = [line for line in block.splitlines() if line.strip() and not MARKDOWN_RULE.fullmatch(line.strip())]
    for delimiter in TABLE_DELIMITERS:
        rows = [_cells(line, delimiter) for line in lines]
        if len(rows) >= MIN_TABLE_LINES - 1 and len(rows[0]) >= 2 and all(len(row) == len(rows[0]) for row in rows):
            header, *values = rows
            return {name: [row[i] for row in values] for i, name in enumerate(header)}
    return None


def _literal_table_spans(text: str) -> list[tuple[int, int]]:
    """Spans of balanced `{...}` literals that parse as a table (column -> list of values)."""
    spans = []
    depth, start = 0, -1
    for i, char in enumerate(text):
        if char == "{":
            depth, start = depth + 1, i if depth == 0 else start
        elif char == "}" and depth:
            depth -= 1
            if depth == 0 and parse_table(text[start : i + 1]) is not None:
                spans.append((start, i + 1))
    return spans


def parse_table(literal: str) -> dict | None:
    """A `{column: [values]}` literal (Python or JSON syntax) or pasted rows (see `_pasted_table_spans`), or None."""
    if not literal.lstrip().startswith("{"):
        return _pasted_table(literal)
    for loader in (json.loads, ast.literal_eval):
        try:
            value = loader(literal)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict) and value and all(isinstance(v, (list, tuple)) for v in value.values()):
            return {str(k): [str(x) for x in v] for k, v in value.items()}
    return None


def parse_request(query: str, reading: ClauseReading | None = None) -> tuple[ParsedRequest, RequestText]:
    """The paper's parsing stage, by rules (and a `reading` of clauses, see `locate_values`)."""
    located = locate_values(query, reading)
    texts = [body for _s, _e, body in located.texts]
    asked = questions_asked(located)
    question = _question(located, texts, asked)
    if question in texts:
        texts.remove(question)
    asked_texts = [text for _s, _e, text in asked]
    parsed = ParsedRequest(
        query=query,
        instruction=" ".join(query.split()),
        input_texts=texts,
        question=question,
        more_questions=[text for text in dict.fromkeys(asked_texts) if text != question] if question in asked_texts else [],
        files=[path for _s, _e, path in located.files],
        data=[parse_table(query[s:e]) for s, e in _table_spans(query)],
        categories=[label for _s, _e, label in located.labels],
    )
    return parsed, located


def _question(located: RequestText, texts: list[str], asked: list[tuple[int, int, str]]) -> str | None:
    """The request's question: after a "Question:" marker, a quoted text ending in "?" beside a word of asking, else the
    last question sentence (the one before a polite request closing the request; `asked` are `questions_asked`)."""
    masked = located.masked
    marker = QUESTION_MARKER.search(masked)
    if marker:
        return _restore(located, marker.end(), len(masked)).strip() or None
    if ASKING.search(masked):
        for text in texts:
            if text.endswith("?"):
                return text
    end = masked.rfind("?")
    if end < 0:
        return None
    start = _sentence_start(masked, end)
    context = CONTEXT_MARKER.search(masked)
    if context and context.end() > start:
        return None
    question = _restore(located, start, end + 1).strip()
    if POLITE_REQUEST.match(question) and asked and asked[-1][0] >= (context.end() if context else 0):
        return asked[-1][2]  # "Which team scored most? Could you keep it short?": the question before the request
    return question if _worded(question) else None


def questions_asked(located: RequestText) -> list[tuple[int, int, str]]:
    """Each question sentence of the person's own words, with its span ("Which month had the highest energy bill?
    What was the total transport spend?" asks two); a polite request ("Could you ...?") asks for work instead."""
    found = []
    for mark in re.finditer(r"\?", located.masked):
        start = _sentence_start(located.masked, mark.start())
        question = _restore(located, start, mark.end()).strip()
        if _worded(question) and not POLITE_REQUEST.match(question):
            found.append((start, mark.end(), question))
    return found


def _sentence_start(masked: str, end: int) -> int:
    """Where the sentence ending at `end` begins: after a stop, a colon or a line break."""
    return max([found + len(sep) for sep in (". ", "! ", "? ", ": ", "\n") if (found := masked.rfind(sep, 0, end)) >= 0], default=0)


def _worded(text: str) -> bool:
    """At least two words of letters (not a bare "?" or a number)."""
    return len(re.findall(r"[^\W\d_]{2,}", text)) >= 2


def _restore(located: RequestText, start: int, end: int) -> str:
    """The original text of a span, with file paths and labels kept and quoted texts/tables left out."""
    pieces = [" " if m == BLANK and q != BLANK else m for m, q in zip(located.masked[start:end], located.query[start:end])]
    kept = located.files + located.labels
    if located.labels:
        kept.append((located.labels[0][0], located.labels[-1][1], ""))
    for f_start, f_end, _value in kept:
        for i in range(max(f_start, start), min(f_end, end)):
            pieces[i - start] = located.query[i]
    return " ".join("".join(pieces).split())
