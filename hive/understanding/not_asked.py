"""Work a request names without asking for it.

People name tasks they do not want: refused ("no summary please", "skip the captions", "It isn't a translation job",
"Not required: translation and speaker identification", "segmentation isn't wanted"), done already or by someone
else ("Noise removal happened in Audacity last night", "our phone system already transcribed it", "narrated by me",
"a cousin who translates them"), or taken back ("Summarise this -- no, scrap that"). A refusal refuses the task
wherever the request names it; work done or taken back is only that mention's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hive.selection.phrases import taking_back
from hive.understanding.parsing import BLANK

# the grammar words that may stand between a refusing word and the work it refuses ("not asking for any enhancement",
# "isn't a translation job", "we are not asking you to write it"); a content word between ends the refusal's reach
_BETWEEN = (r"(?:a|an|the|any|some|more|further|separate|extra|another|new|full|such|its|their|my|our|his|her|this|that|these|"
            r"those|it|them|me|us|you|please|really|actually|even|yet|need|needs|needed|want|wants|wanted|(?:asking|looking)(?:\s+for)?|to|"
            r"of|be|being|bother|bothering|try|trying|go|start|do|doing|make|making|get|getting|have|having|ask|with|any\s+kind\s+of)")
REFUSING = re.compile(rf"\b(?:no|not|nor|neither|skip|skipping|scrap|omit|omitting|instead\s+of|rather\s+than|"
                      rf"other\s+than|isn'?t|aren'?t|wasn'?t|don'?t|do\s+not|doesn'?t|does\s+not|no\s+need\s+(?:for|to))"
                      rf"\s+(?:{_BETWEEN}\s+){{0,4}}$", re.I)
# "without" refuses the work a gerund names ("summarise it without translating"), not a thing ("can't sleep without a story")
WITHOUT = re.compile(r"\bwithout\s+$", re.I)
GERUND = re.compile(r"[a-z]{3,}ing\b", re.I)
# a refusal that is a condition or a reminder asks after all ("if it's not in English, translate it", "don't forget to")
NOT_A_REFUSAL = re.compile(r"\b(?:if|unless|whether|when|in\s+case|forget|miss|hesitate|only|just)\b", re.I)
NOT_WANTED_AFTER = re.compile(
    r"[^.;:!?(),\n]{0,60}?\b(?:(?:is|are|was|were|be|'s|'re)\s+not|isn'?t|aren'?t|wasn'?t|weren'?t|(?:must|should|will|can|need)\s*(?:not|n'?t)\s+be)"
    r"\s+(?:needed|wanted|required|necessary|approved|asked\s+for|requested|included|part\s+of|in\s+scope|the\s+(?:point|goal|job))\b"
    r"|[^.;:!?(),\n]{0,60}?\b(?:is|are)\s+out\s+of\s+scope\b", re.I)
NOT_ASKING = re.compile(r"\W*(?:(?:I|we)(?:'m|'re|\s+am|\s+are)\s+)?not\s+(?:asking|looking)\s+(?:you\s+)?(?:for|to)\b", re.I)
# a list headed by what is not asked ("Out of scope: segmentation and depth models.")
NOT_ASKED_HEADER = re.compile(r"\b(?:not\s+(?:required|needed|wanted|requested|in\s+scope|included|asked\s+for)|out\s+of\s+scope|"
                              r"excluded|exclusions|no\s+need\s+for|(?:don'?t|won'?t|do\s+not)\s+need)\s*:[^.;!?\n]*$", re.I)
DONE_AFTER = re.compile(
    r"(?:(?!\b(?:once|when|after|until|before|if|unless)\b)[^.;:!?(),\n]){0,40}?\b(?:(?:(?:is|are|was|were|'s|'re|has\s+been|have\s+been|"
    r"had\s+been|'s\s+been|'ve\s+been)\s+(?:already\s+)?(?:done|finished|handled|sorted\s+out|complete|completed|taken\s+care\s+of|"
    r"dealt\s+with))|happened|exists?\s+already|"
    r"already\s+exists?|(?:is|are)\s+(?:already\s+)?(?:mine|ours|my\s+(?:part|job)|our\s+(?:part|job)))\b", re.I)
BY_ONESELF_AFTER = re.compile(r"\S*\s+(?:[\w'-]+\s+){0,2}?(?:by\s+(?:me|us|myself|ourselves|hand|a\s+human|people)|myself|ourselves|"
                              r"manually)\b", re.I)
ALREADY_BEFORE = re.compile(r"\balready\s+(?:been\s+)?(?:[\w'-]+\s+){0,2}$", re.I)
# whoever else may do the work, and the modal verbs that make a sentence about them an ask ("which department should handle it")
_DOERS = r"(?:agency|team|staff|colleagues?|translator|cousin|editor|department|someone|somebody|vendor)"
_MODALS = r"(?:should|shall|will|would|can|could|must|may|might|to)"
# someone else's work, said in the present ("our translator handles the Spanish", "a cousin who translates them")
SOMEONE_ELSE_BEFORE = re.compile(rf"\bwho\s+(?:already\s+|also\s+|usually\s+)?$|\b{_DOERS}\s+(?:already\s+|also\s+|usually\s+)?(?:handles|"
                                 r"handled|does|did|covers|takes\s+care\s+of|deals\s+with)\s+(?:the\s+|that\s+|our\s+|my\s+|those\s+)?$", re.I)
# a past tense with its doer before it ("our phone system already transcribed it", "a tool translated these badly")
DONE_BY_BEFORE = re.compile(r"\b(?:I|we|they|he|she|someone|somebody|tool|app|system|service|software)\s+(?:already\s+|just\s+|"
                            r"'ve\s+|have\s+|had\s+)?$", re.I)
# the work a passive names as done (not the making of an input: "a photo taken by me", "a letter written by me")
WORK_DONE = (r"(?:transcribed|translated|summari[sz]ed|narrated|voiced|dubbed|captioned|subtitled|tagged|annotated|labell?ed|"
             r"classified|segmented|retouched|enhanced|upscaled|denoised|cleaned\s+up|proofread|edited|diari[sz]ed)")
# work done, said anywhere in a clause ("The English edition of my book is narrated by me", "a Madrid agency handles the
# Spanish version"): read only in the clauses of a span the detector read whole, where no cue word anchors the work
DONE_IN_CLAUSE = re.compile(rf"\b(?:is|are|was|were|been)\s+(?:already\s+)?{WORK_DONE}\s+by\s+(?:me|us|myself|ourselves|hand)\b"
                            rf"|\b{_DOERS}\s+(?:(?!{_MODALS}\b)[\w'-]+\s+){{0,3}}?(?:handles|handled|covers|covered|takes\s+care\s+of|deals\s+with)\b"
                            r"|\bin[\s-]house\s+(?:staff|team|people|translators?|editors?|designers?|lawyers?)\s+(?:already\s+|then\s+)?"
                            rf"(?!(?:{_MODALS}|needs?|wants?)\b)[a-z]{{3,}}\b", re.I)
PAST_TENSE = re.compile(r"[a-z]{3,}ed\b", re.I)
CLAUSE_STOPS = re.compile(r"[.;:!?()\n]|\s--\s|\s\u2014\s")
NOT_A_WORD = re.compile(r"[\W_]*")  # what stands before a clause's first word (spaces, brackets, blanked values)


def refusing_clauses(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of a mention's span whose words refuse its work: a refusing word before it, a "not needed" or "out of
    scope" after it, a clause opening "I'm not asking for", or a heading of what is not asked above it."""
    found = []
    for at, clause_start, clause_end in _anchors(masked, start, end):
        before = masked[clause_start:at]
        refusal = REFUSING.search(before)
        sentence_start = max(masked.rfind(stop, 0, at) for stop in ".!?\n") + 1
        if (refusal and BLANK not in refusal.group() and not NOT_A_REFUSAL.search(before[: refusal.end()])) \
                or (WITHOUT.search(before) and GERUND.match(masked, at)) \
                or NOT_WANTED_AFTER.match(masked, at, clause_end) or (at == clause_start and NOT_ASKING.match(masked, at, clause_end)) \
                or NOT_ASKED_HEADER.search(masked, sentence_start, at):
            found.append((clause_start, clause_end))
    return found


def done_clauses(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of a mention's span that name work done already or by someone else, or take back what they ask."""
    found = []
    for at, clause_start, clause_end in _anchors(masked, start, end):
        before = masked[clause_start:at]
        if DONE_AFTER.match(masked, at, clause_end) or BY_ONESELF_AFTER.match(masked, at, clause_end) \
                or ALREADY_BEFORE.search(before) or SOMEONE_ELSE_BEFORE.search(before) \
                or (PAST_TENSE.match(masked, at) and DONE_BY_BEFORE.search(before)) or _taken_back(masked, at):
            found.append((clause_start, clause_end))
        elif (at != start or end > clause_end) and DONE_IN_CLAUSE.search(masked, clause_start, clause_end):
            found.append((clause_start, clause_end))  # a clause inside a span the detector read whole: its words anywhere
    return found


def _taken_back(masked: str, at: int) -> bool:
    """Whether the sentence goes on, after a mention's words, to take them back ("Summarise this -- no, scrap that, ..."), or
    the words are the taking back themselves ("scrap that" asks for nothing)."""
    later, here = _taking_back_patterns()
    return bool(later.match(masked, at) or here.match(masked, at))


@lru_cache(maxsize=1)
def _taking_back_patterns() -> tuple[re.Pattern, re.Pattern]:
    """The vocabulary's words taking back what was said, after a mention's words in its sentence, and on their own."""
    taking = taking_back()
    return re.compile(rf"[^.?!\n]{{0,80}}?(?:--|\u2014|,|;|\.\.\.)\s*{taking}", re.I), re.compile(taking, re.I)


def _anchors(masked: str, start: int, end: int) -> list[tuple[int, int, int]]:
    """Where a mention's words begin, and where each further clause inside its span begins (a clause the detector read
    as a whole may hold the refusal), each with its clause's bounds; commas do not end a clause."""
    starts = [start] + [stop.end() for stop in CLAUSE_STOPS.finditer(masked, start, end)]
    found = []
    for at in starts:
        at = NOT_A_WORD.match(masked, at).end()
        if at >= max(end, start + 1) and at != start:
            continue
        stops_before = [m.end() for m in CLAUSE_STOPS.finditer(masked, 0, at)]
        after = CLAUSE_STOPS.search(masked, at + 1)
        found.append((at, stops_before[-1] if stops_before else 0, after.start() if after else len(masked)))
    return found
