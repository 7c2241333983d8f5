"""Clauses that tell what happened rather than ask for anything.

People at work narrate around their asks: "the CEO confirmed the office move is postponed", "we tried the sub-1B
captioning models last sprint", "the t2i endpoint was generating watermarked images". Such a clause has its doer
before a verb in the past and no word of asking; it names tasks and models as things that happened, so it is no
step however likely a task reads in it. A question about why something is done ("why are we calling the MT model
twice?") asks a colleague for a reason, not a model for work. Read only where the detector's reading is weak
evidence of an ask: a clause read as answering, and a model named in a request where no clause asks.
"""

from __future__ import annotations

import re

# the doer: a pronoun, or a noun phrase of up to three words after a determiner (no verb among them: "when the hull is
# breached" is no doer's past)
_NOUN_WORD = r"(?!(?i:is|are|was|were|be|been|has|have|had|will|would|can|could|should|must|says?|said)\b)[\w'&-]+"
_PLAIN_WORD = r"(?!(?i:me|you|us|them|it|what|who|which|how|why|where|when|whether|if|please)\b)[\w'&-]+"
_PRONOUN = r"(?i:I|we|they|he|she|it|someone|somebody|nobody|everyone|everybody)"
_NOUN_PHRASE = rf"(?i:the|our|my|his|her|their|this|that|these|those)(?:\s+{_NOUN_WORD}){{1,3}}?"
_DOER = rf"(?:{_PRONOUN}|{_NOUN_PHRASE})"
_ADVERB = r"(?i:already|just|also|finally|then|still|never|only|all|both|recently|actually|eventually|even)"
# verbs whose past is not "-ed"; "read", "set", "put", "cut" and the like are left out, as they read as the present too
_IRREGULAR_PAST = (r"was|were|had|did|went|got|made|took|ran|came|said|told|sent|gave|found|saw|left|kept|thought|felt|"
                   r"began|broke|brought|built|bought|caught|chose|fell|forgot|grew|held|knew|led|lost|meant|met|paid|"
                   r"rode|rose|sat|spent|spoke|stood|taught|threw|understood|woke|won|wore|wrote|drew|blew|froze|hung|shook")
_PAST = rf"(?i:(?:{_IRREGULAR_PAST})\b|(?!(?:based|compared|related|called|named|attached|needed|required|used|embed|shed|(?:n|f|s|sp|br|bl|proc|exc|succ|w|d|h)eed)\b)[a-z][a-z-]+ed\b)"
# what follows a past verb rather than the noun a participle qualifies
# (not a preposition a passive ask goes on with: "the recording gets transcribed and then summarised for the report")
_OBJECT_OPENING = (r"(?i:to|the|a|an|our|my|his|her|their|it|them|this|that|these|those|some|all|both|up|out|back|off|"
                   r"over|two|three|four|five|\d+)\b")
# how a narrating sentence may open before its doer: a linking word, a time or place said first ("After the deploy, ")
_LEAD_IN = (r"^\W*(?i:(?:and|but|so|then|also|plus)\s+)?"
            r"(?i:(?:after|before|on|in|at|by|during|since|yesterday|today|tonight|last|this|earlier|later|following|over)\b[^,;:]{0,40},\s*)?")
# the sentence opens with its doer and a past ("the CEO confirmed ...", "After the deploy, we rolled back"), or with the
# past alone, the doer said before or left out as in notes ("and kept the old one", "Spoke to the press office"; not
# "masked LM", "scanned receipts")
_PARTICIPLE = (rf"(?:{_PAST}|(?i:been|done|gone|gotten|taken|seen|written|given|run|come|broken|chosen|fallen|forgotten|"
               r"grown|known|spoken|thrown|drawn|frozen|shown|put|set|read|cut)\b)")
_PERFECT = rf"(?:'ve|'s|(?i:have|has|had))\s+(?:{_ADVERB}\s+)?(?:(?i:been)\s+)?{_PARTICIPLE}"  # "we've shipped", "it has been fixed"
# a capitalised name as the doer is told from an imperative by what follows the past: an object or the piece's end
# ("Femi merged it", "Priya onboarded."; not "Summarise recorded calls")
_NAMED_DOER = rf"[A-Z][a-z]+\s+(?:{_ADVERB}\s+)?{_PAST}(?=\s*(?:[,.;:!?]|$))"  # (the piece's end: below)
# a bare noun as the doer, before an object ("and dot-voting picked the offline concept")
_BARE_DOER = (rf"(?:{_PLAIN_WORD}\s+){{0,2}}{_PLAIN_WORD}\s+(?:{_ADVERB}\s+)?{_PAST}"
              r"(?=\s+(?i:the|a|an|our|my|his|her|their|it|them|this|that|these|those)\b)")  # (not "the notes shared on Monday")
_PIECE_END = r"\s*(?:[,.;:!?]|$)"
# a noun phrase's past ends no piece: "the product names mentioned," is a thing asked for, not a narration
NARRATES = re.compile(rf"{_LEAD_IN}(?:{_PRONOUN}\s*(?:{_PERFECT}|\s(?:{_ADVERB}\s+)?{_PAST})"
                      rf"|{_NOUN_PHRASE}\s*(?:{_PERFECT}|\s(?:{_ADVERB}\s+)?{_PAST}(?!{_PIECE_END}))|{_NAMED_DOER}|{_BARE_DOER}"
                      rf"|(?:{_ADVERB}\s+)?{_PAST}\s+{_OBJECT_OPENING})")
OPENS_WITH_PAST = re.compile(rf"\W*{_PAST}")  # a past or participle first, its doer not said
# a status said in notes: a bare noun and its participle ending a comma-separated piece ("31 alerts reviewed, 4
# escalated"); two such pieces in a sentence are a list of what happened (one may be an ask: "Transcribe what she said")
STATUS_PIECE = re.compile(rf"\W*(?:{_NOUN_WORD}\s+){{0,3}}{_PAST}\W*")
# a bare noun and "was", "were" or "had" ("day one was problem framing"): a statement, where a clause is read as asking
# for an answer or a text
BARE_PAST = re.compile(rf"\W*(?i:(?:and|but|so|then)\s+)?(?:{_PLAIN_WORD}\s+){{1,3}}?(?i:was|were|had)\b")
STATE = re.compile(rf"{_LEAD_IN}{_DOER}\s+(?i:is|are|isn'?t|aren'?t|keeps|seems|looks)\b")
TICKED = re.compile(r"\s*(?:[-*\u2022]\s*)?(?:\[[xX\u2713\u2714]\]|[\u2705\u2611\u2713\u2714])")  # a ticked checklist item
# a past said to ask politely or on someone's behalf ("I was wondering if", "my boss asked me to transcribe it")
ASKS_IN_THE_PAST = re.compile(
    r"\b(?:I|we)\s+(?:(?:was|were)\s+(?:wondering|hoping)|wanted|needed|hoped)\b|"
    r"\b(?:asked|told|wanted|needed|requested|want|need|asks|wants)\s+(?:(?:me|us|you)\s+)?(?:to|for)\b", re.I)
# words that ask or require: a request, a wish, an obligation, or an imperative after "so" ("..., so go for the summariser")
ASKING_WORDS = re.compile(
    r"\b(?:please|pls|kindly|can\s+(?:you|u|we|i)|could\s+(?:you|u|we|i)|would\s+(?:you|u)|will\s+you|(?:i|we)\s+(?:\w+\s+)?"
    r"(?:need|want|require)|(?:i|we)(?:'d|\s+would)\s+(?:\w+\s+)?(?:like|love|appreciate)|(?:i'?m|we'?re|i\s+am|we\s+are)\s+(?:\w+\s+)?(?:looking|hoping)|help\s+me|let\s+me|let'?s|make\s+sure|go\s+ahead|"
    r"must|has\s+to|have\s+to|should|needs?\s+to|"
    r"(?:so|therefore|hence|thus),?\s+(?!(?:the|a|an|it|we|they|i|he|she|that|this|there|our|my|his|her|their|you)\b)[a-z]+\s+"
    r"(?:the|a|an|it|them|this|that|for|with|to|me|us|on|in|any|every|all)\b)", re.I)
WHY_ASKED = re.compile(r"^\W*(?:why|how\s+come)\b", re.I)
QUESTION_OPENING = re.compile(r"^\W*(?:who|whom|whose|what|which|where|when|why|how)\b", re.I)  # "Who signed the memo,"


SENTENCE = re.compile(r"[^.;!?\n\u3002\uff01\uff1f]+(?:[.;!?\u3002\uff01\uff1f]+|$)")  # (and the CJK full stops)
PASTED = re.compile(r"_{3,}\s*(?=[A-Z])")  # a pasted text, masked, before a new sentence
PIECE = re.compile(r"[^,.;:!?\n]+(?:[,.;:!?]+|$)")


def narrates(clause: str) -> bool:
    """Every sentence of the clause tells what someone or something did or was ("we rolled back to the previous
    checkpoint; infra owns it now" has one that does not) and none holds a word of asking or a question; a pasted text
    (masked) ends a sentence ("A customer left this review: ___ Translate it")."""
    sentences = [s.group() for chunk in PASTED.split(clause) for s in SENTENCE.finditer(chunk) if s.group().strip(" .;!?\n")]
    return bool(sentences) and all(_narrated(sentence) for sentence in sentences)


def qualifies_the_thing_before(before: str, clause: str) -> bool:
    """The clause opens with a participle after a noun phrase and a comma that tell nothing themselves ("the French
    comment cards, | summed up in a few lines"): the state the thing is wanted in, not what happened to it."""
    return before.rstrip().endswith(",") and OPENS_WITH_PAST.match(clause) is not None and not narrates(before) \
        and not holds_an_ask(before)


def ticked_off(clause: str) -> bool:
    """Every line of the clause is a ticked checklist item ("- [x] transcribe the interviews"): work done."""
    lines = [line for line in clause.split("\n") if line.strip()]
    return bool(lines) and all(TICKED.match(line) for line in lines)


def tells_what_happened(clause: str) -> bool:
    """One of the clause's comma-separated pieces narrates and none asks ("good attendance, the Q&A ran over, and the
    CEO confirmed the office move is postponed"): weaker than `narrates`, as a piece may be a bare imperative."""
    pieces = [p.group() for p in PIECE.finditer(clause) if p.group().strip(" ,.;!?\n")]
    return any(_narrated(piece) or BARE_PAST.match(piece) for piece in pieces) and not holds_an_ask(clause) \
        and not any(QUESTION_OPENING.match(piece) for piece in pieces)


def holds_an_ask(text: str) -> bool:
    """The text holds a word of asking, a past said to ask, or a question ("I need it transcribed and the transcript
    translated": the second clause's "translated" is what is wanted, not what happened)."""
    return ASKING_WORDS.search(text) is not None or ASKS_IN_THE_PAST.search(text) is not None or "?" in text


def _narrated(sentence: str) -> bool:
    if TICKED.match(sentence):
        return True  # "- [x] transcribe the interviews": an item of a checklist, done
    statuses = sum(STATUS_PIECE.fullmatch(piece.group()) is not None for piece in PIECE.finditer(sentence))
    return (NARRATES.match(sentence) is not None or statuses >= 2) and not holds_an_ask(sentence) \
        and QUESTION_OPENING.match(sentence) is None


def describes_a_state(clause: str) -> bool:
    """The clause says how something is ("the summarisation pilot is paused until I'm back"), asking nothing."""
    return STATE.match(clause) is not None and not holds_an_ask(clause)


def asks_a_reason(clause: str) -> bool:
    """The clause asks why something is so ("why are we calling the MT model twice in this handler?")."""
    return WHY_ASKED.match(clause) is not None
