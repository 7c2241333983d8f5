"""Which steps a constraint stated in the request binds.

A constraint binds the steps named as its target: in its own clause first ("then summarise it with the
smallest summariser"), else in its piece of the sentence, cut at semicolons, dashes, line breaks and ", and"
("For the captioning part I want the most downloaded model; the translator should be lighter than 100M"),
else the steps asked for before a dash that sets it apart, else in its whole sentence ("Transcriber: the tiniest
one, and in any case at most 0.8B parameters"). A target is named
- by a label opening a line or sentence ("ASR: lowest WER on Common Voice ru", "* image generator: OpenRAIL"),
- by "for (the) X" ("for the OCR step", "for speech recognition"),
- by "the X should / must / has to" ("the transcriber should ..."),
- by a model's noun and the words before it ("the speech model", "a German QA model", "the voice"),
and X names the plan's steps whose task its cue phrases name, or else the step whose task (its name and one-line
description) X is clearly closest to in meaning, or else the step the detector reads "I need a X for this." as
clearly. With no target in its clause, a constraint binds the
steps its clause asks for ("then summarise it with an Apache-2.0 model"). One stated on its own, in a clause
holding every step, or with "all", "every", "both", "any of", plural "models" binds every step (the request's
global constraints). One for "the rest" ("the others", "everything else") binds the steps no other constraint
named.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from hive.selection.phrases import Phrase, merge_phrase, model_nouns
from hive.planning.library import load_library
from hive.understanding.detector import CUE_FLOOR, NONE, SURE, PartReading, TaskDetector
from hive.understanding.encoder import shared_encoder
from hive.understanding.families import family_of
from hive.understanding.inputs import kinds_named_by
from hive.understanding.package_files import package_file
from hive.understanding.parsing import BLANK, SENTENCE_END, parse_request
from hive.understanding.rules import Mention, RuleUnderstander, cue_spans
from hive.understanding.segments import FILLER, sentence_span, whole_request
from hive.understanding.task_names import spelt_out, task_named_in

# A step's place in the request, said as an ordinal or a number in words, and where that is in the steps asked
PLACES = {"first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2, "3rd": 2, "three": 2,
          "fourth": 3, "4th": 3, "four": 3, "fifth": 4, "5th": 4, "five": 4, "last": -1, "final": -1}
NUMBER_WORDS = "one|two|three|four|five"
ORDINALS = "first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final|middle"
# A step's number: "(1)", "2)", "step 2", "Step two"
STEP_NUMBER = re.compile(rf"\((\d)\)|(?<![\w(])(\d)\)|\bstep\s*(\d|{NUMBER_WORDS})\b", re.I)
NUMBER_TO_STEP = 20  # characters between a number and the words that ask for its step ("(1) please write out ...")
LABEL = re.compile(r"^[ \t]*(?:[-*\u2022]|\d+[.)])?[ \t]*(?P<name>[^\W\d_][\w &/'-]{0,40}?)[ \t]*(?::(?!//)|=(?!=))", re.M)  # "ASR: ...", "img one = ..."
FOR_TARGET = re.compile(r"\bfor\s+(?:the\s+)?(?P<name>[\w -]{2,40}?)(?<!\bof)(?<!\bof )(?=\s*(?:[,.;:!?]|$|\b(?:use|pick|take|choose|select|"
                        r"prefer|go|get|want|i|we|you|it|only|just|whatever|give|the|a|an|but|stick|stay|keep|limit|restrict)\b))", re.I)
# the verbs after a step's name that say what its model must be ("the transcriber should ...", "the checker can be ...",
# "the translation stage will use ...")
SUBJECT_MODAL = r"(?:should|must|shall|will|would|can|could|may|might|has\s+to|needs?\s+to|ought\s+to|can(?:no|')t)\b"
# a subject's words: never a clause's own joiners and persons ("put my reply into Italian so I can send it" has none)
NOT_IN_A_SUBJECT = r"(?!(?:so|because|since|if|when|while|then|i|we|you|they|he|she)\b)"
SUBJECT_TARGET = re.compile(rf"\b(?:the|a|an|our|my|its)\s+(?P<name>{NOT_IN_A_SUBJECT}[\w-]+(?:[ ]{NOT_IN_A_SUBJECT}[\w-]+){{0,7}}?)\s+{SUBJECT_MODAL}", re.I)
# (not a conjunction before the modal: "And could the answer be spoken ...?" asks; "It needs to be ___" speaks of the model)
SUBJECT_AT_START = re.compile(rf"^\W*(?:(?:the|a|an|our|my|its|your)\b)?\s*(?P<name>(?!(?:and|but|or|so|then|also)\b)[\w -]{{2,40}}?)\s+{SUBJECT_MODAL}", re.I)
# A clause opening with the step it speaks of ("and for the write-up of the main points, the ___")
FOR_OPENING = re.compile(r"^\W*(?:(?:and|but|also|while|then)\s+)?for\s+(?:the|a|an|my|our|this|that)\s+[\w -]{2,60}?\s*[,:]", re.I)
# A doer's noun right before a blanked limit ("the grammar fixer ___", "the cleaner-upper ___")
DOER_TARGET = re.compile(rf"\b(?:the|a|an|our|my|its)\s+(?P<name>(?:[\w-]+\s+)?[^\W\d_]{{3,}}(?:er|or)s?)\s+(?={BLANK})", re.I)
# A step named by its place in the request ("the middle bit", "the last step", "step two", "the first one")
ORDINAL_TARGET = re.compile(rf"\b(?P<name>(?P<place>{ORDINALS})\s+(?:step|part|bit|stage|phase|one|task|model|job|half|leg)"
                            rf"|(?:step|stage|part|phase)\s+(?P<number>{NUMBER_WORDS}))\b", re.I)
# A row of a table of limits, its first cell naming the step ("| language ID | most downloaded |")
TABLE_ROW = re.compile(r"^[ \t]*\|[ \t]*(?P<name>[^|\n]{2,40}?)[ \t]*\|", re.M)
# A part of the work named by what it handles ("on the picture side", "for the audio end", "on the text half")
SIDE_TARGET = re.compile(r"\b(?:on|for|in|at)\s+the\s+(?P<name>(?:[\w-]+\s+){1,2}?(?:side|end|half))\b", re.I)
# A step a refused licence is kept away from ("keep anything under the ___ licence away from the writing")
AWAY_TARGET = re.compile(r"\baway\s+from\s+(?:the\s+|my\s+|our\s+)?(?P<name>[\w -]{2,40}?)(?=\s*(?:[,.;:!?)]|$))", re.I)
# A model named at the opening of a clause right before a blanked limit ("and the speech model ___ since ...")
SUBJECT_BEFORE_LIMIT = re.compile(rf"^\W*(?:(?:and|but|also|while)\s+)?(?:the|a|an|our|my|its|your)\s+(?P<name>[\w -]{{2,40}}?)\s+{BLANK}", re.I)
NOT_A_VERB = r"(?!(?:needs?|has|have|is|are|was|were|must|should|can|will|gets?|uses?|wants?)\b)"  # ("the last one needs ___")
# A step named as the subject opening a clause right before its blanked limit ("; the transcription ___ on a workstation")
CLAUSE_SUBJECT = re.compile(rf"(?:^\W*|[;:.]\s*|,\s*(?:and|but|while)\s+|\b(?:and|but|while)\s+)(?:the|our|my|its|your)\s+"
                            rf"(?P<name>{NOT_A_VERB}[^\W\d_][\w-]*(?:[ ]{NOT_A_VERB}[\w-]+){{0,2}}?)\s+(?={BLANK})", re.I)
CLAUSE_JOINER = re.compile(r"\W*(?:so|and|but|then|thus|hence|therefore)\s+", re.I)  # opening a clause after a comma
# A subject of up to a dozen words before a modal verb, opening the clause (on one line)
LONG_SUBJECT = re.compile(r"^\W*(?P<subject>(?:(?!-+[ \t])[\w'-]+[ \t]+){1,12}?)(?:shall|must|should|has\s+to|have\s+to|needs?\s+to|ought\s+to"
                          r"|can(?:no|')t|may\s+only)\b", re.I)  # (a dash between words ends the subject: "put it into English -- the translator must")
GENERIC = {"the", "a", "an", "model", "models", "one", "ones", "step", "part", "stage", "task", "system", "engine",
           "pipeline", "checkpoint", "for", "my", "our", "your", "its", "this", "that", "each", "every", "all", "both",
           "any", "whatever", "whichever", "which", "what", "other", "same", "with", "and", "or", "of", "to", "in",
           # headings of the person's own limits ("Notes:", "Constraints:") name no step
           "note", "notes", "nb", "ps", "constraints", "requirements", "limits", "rules", "conditions", "restrictions",
           # nor does a licence ("no model under a ___ licence will be used"), nor a courtesy ("for this please take")
           "licence", "license", "licences", "licenses", "please"}
# A target's name names the plan step whose task (name and one-line description) its sentence vector is closest
# to, when that task stands out among all 30 (this many standard deviations above their mean) ...
DISTINCT = 2.0
MARGIN = 0.01  # ... and is closer than any other step's task by this much (cosine);
CLEAR_LEAD = 0.5  # a model's name is clearly closest to a task this many standard deviations ahead of the next,
# and the detector reads "I need a <name> for this." as that task at least CUE_FLOOR
PHRASE_STARTS = {"the", "a", "an", "my", "our", "your", "its", "their", "this", "that", "every", "each", "all", "both",
                 "any", "with", "of", "for", "by", "to", "into", "from", "on", "in", "and", "or", "use", "using", "pick",
                 "take", "choose", "want", "need", "which", "what", "whichever", "whatever"}
# Words of choosing among models or refusing some, which ask for no work: "take the one with the ___", "if several
# qualify", "nothing else".
CHOOSING_WORDS = {"which", "whichever", "what", "whatever", "take", "pick", "choose", "use", "select", "prefer", "want",
                  "need", "give", "go", "get", "must", "should", "has", "have", "be", "is", "are", "was", "if", "several",
                  "among", "qualify", "qualifies", "only", "just", "something", "anything", "but", "me", "i", "we",
                  "you", "my", "our", "your", "licence", "license", "licences", "licenses", "licensed", "licenced", "under", "than", "more",
                  "most", "less", "least", "best", "top", "ok", "fine", "allowed", "please", "thank", "thanks", "much",
                  "very", "also", "too", "same", "other", "others", "those", "these", "them", "they", "it", "one",
                  "got", "u", "ve", "ya",  # "the smallest model u got", "the MIT model you've got"
                  # what a model's results do ("Which model is showing the ___?", "the one that scores ___")
                  "show", "shows", "showing", "score", "scores", "scoring", "gets", "getting", "gives", "giving", "reaches",
                  "achieves", "having", "does", "doing", "had",
                  "nothing", "else", "avoid", "steer", "clear", "stay", "away", "no", "not", "never", "except",  # "Steer clear of ___."
                  # words that let models in or keep them out ("so rule out anything with a ___ clause")
                  "so", "rule", "out", "exclude", "excluding", "reject", "rejects", "ban", "forbid", "allow", "allows", "permit",
                  "accept", "acceptable", "clause", "clauses", "terms", "leave", "whole", "family", "families", "kind", "kinds",
                  "type", "types", "choice", "choices", "popular", "s",
                  # where models are found and how they are rated ("the crowd favourite: most hearts on Hugging Face")
                  "hearts", "likes", "stars", "downloads", "hugging", "face", "hub"}
ASK_GOES_ON = re.compile(r"(?:and|or|then|also|plus|but)\b", re.I)  # a clause opening so goes on with the asking
# a label saying a step's place ("Step two: translate it", "Stage 3:", "First:"): what follows it is the work asked
PLACE_LABEL = re.compile(rf"(?:step|stage|part|phase|task)\s*(?:\d+|{NUMBER_WORDS})|{ORDINALS}|next|then|finally|lastly", re.I)
# a subject naming a step by the work it does ("the part that turns the audio into words", "whatever makes the picture")
STEP_BY_ITS_WORK = re.compile(r"^\W*(?:(?:the|a|an|any)\s+)?(?:(?:part|step|bit|stage|component|piece|one|tool|thing|model)s?\s+"
                              r"(?:that|which|who)|whatever|whichever)\s", re.I)
# a step named by the conversion it makes ("the part that turns the audio into words", "whatever converts the scan to text")
CONVERSION_NAMED = re.compile(r"\b(?:turns?|converts?|changes?|transforms?|makes?)\s+(?:the\s+|my\s+|our\s+|your\s+|an?\s+)?"
                              r"(?P<source>[^\W\d_]+)\s+(?:in)?to\s+(?:an?\s+|the\s+|some\s+)?(?P<target>[^\W\d_]+)", re.I)
TEXT_SPOKEN_OF = re.compile(r"words|writing|sentences", re.I)  # text, as people say it of a conversion's result
MADE_A_MODEL = re.compile(r"\bmake\s+it\s+(?=(?:the|an?)\b)", re.I)  # "make it the ___ model": which model, not what to make
# words that say a limit again to replace it ("No wait, make that ___", "sorry, I mean ___"): they ask for no work
CORRECTING = re.compile(r"\b(?:no\s+wait|wait|sorry|actually|hmm+|scratch\s+that|make\s+(?:that|it)|change\s+(?:that|it)\s+to|"
                        r"i\s+mean|or\s+rather)\b", re.I)
NAMES_A_STEP = 0.05  # else the step the detector reads the name as, at least this surely ...
CLEAR_MARGIN = 2.0  # ... and this many times more surely than any other step
# The person's reason at a clause's end ("but nothing ___ since I might sell the prints"): why, not what to do
REASON_AFTER_A_LIMIT = re.compile(r"\b(?:since|because|cause|cos)\b.*$", re.I | re.S)
NEGATION_BEFORE = re.compile(r"\b(?:no|not|never|without|don't|do not|avoid)\b[^,;.]*$", re.I)  # "no chatbot"
NAME_READ_AS = "I need a {} for this."
TASK_MEANINGS = package_file("data/task_meanings.npz")  # a target's name read as a request for such a model
SEGMENT_BREAK = re.compile(r";|\n|\s[-\u2013\u2014]\s|,\s*(?:and|but|while|whereas)\b", re.I)
DASH_BEFORE = re.compile(r"\s[-\u2013\u2014]\s$")
# A piece after a dash that only says which step a limit is for ("I'm wary of GPL models - not for the summary,
# please", "Apache-2.0 - just for the transcriber"); "not" there repeats a refusal (after an allowance it would except
# the step, which is not read).
APPENDED_TARGET = re.compile(r"\W*(?:(?P<negated>not)\s+|only\s+|just\s+|at\s+least\s+)?for\s+(?:the\s+)?[\w -]{2,40}?"
                             r"(?:\s+(?:only|just|step|model|part))?\s*(?:,\s*please)?\W*$", re.I)
BOTH = re.compile(r"\b(?:both|each|either)\b", re.I)
LISTED_BETWEEN = re.compile(r"(?:\s|,|&|\band\b|\bor\b|\bthe\b|\bboth\b)*", re.I)  # between names listed together
THE_REST = re.compile(r"\b(?:the\s+rest|the\s+others|(?:all\s+)?the\s+other\s+(?:steps|models|ones|parts|tasks|two|three|four)|"
                      r"everything\s+else|(?:all\s+)?(?:the\s+)?remaining\s+(?:steps|models|ones|parts|tasks|two|three|four))\b", re.I)
# A limit said of every step but some ("Apache-2.0 on everything except the upscaler"): the words before the excepted
EXCEPTED = re.compile(r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than|aside\s+from|save\s+for|excluding)\s", re.I)
# Limits said again for other steps ("Same goes for the entity tagger.", "- Segmentation of it - same as above.")
SAID_AGAIN = re.compile(r"\bsame\s+(?:(?:goes|applies|holds|is\s+true)\s+(?:for|to)|for|as\s+(?:above|before|earlier|"
                        r"the\s+(?:first|last|previous|other)\b))|\bditto\b|\blikewise\b", re.I)
# every step named right beside the constraint: "smallest models for both", "for each of them: MIT", "all models MIT"
EVERY_AFTER = re.compile(r"\s*(?:(?:models?|ones?)\s+)?(?:for|on|in|across)\s+(?:both|each|all|every)\b", re.I)
EVERY_BEFORE = re.compile(r"\b(?:for|on|across)\s+(?:both|each|all|every)(?:\s+(?:of\s+them|steps?|models?|ones?|parts?|tasks?))?\s*[:,-]?\s*$"
                          rf"|\b(?:both|all|each|every)\s+(?:of\s+the\s+)?(?:{model_nouns()}|ones?)\s+(?:\w+\s+){{0,2}}$", re.I)
APART_WORDS = {"only", "just", "all", "everything"}  # words beside a constraint that stands apart ("Apache only")
EACH_AFTER = re.compile(r"\s*each\b", re.I)  # a limit said of each of the steps named before it, not of every step
BOTH_WORDS = {"both", "each"}  # words of every step that name the steps after them
EVERY_WORDS = {"all", "every", "each", "everything", "anything", "both", "any"}  # a target's name of every step
EVERY = re.compile(r"\b(?:all|every|each|everything|anything\s+(?:we|you|i)\b|everywhere|anywhere|throughout|both|any\s+of|any\s+models?|models)\b", re.I)


def scope_constraints(query: str, masked: str, phrases: list[Phrase], readings: list[PartReading], tasks: list[Mention],
                      detector: TaskDetector, rules: RuleUnderstander) -> tuple[dict, list[str], dict[str, dict]]:
    """The request's global constraints ({"global": ...} or {}) from its constraint phrases; step-bound ones go
    to `mention.constraints`. `masked` is the request with its inputs and constraint phrases blanked. Also the
    clauses whose constraint names as its target a task the request asks no step of ("The summariser should be
    Apache." beside a caption read aloud), each as "'clause' (task)", and their constraints by that task: they
    bind a step of it only if the planner adds one ("The transcriber has to be MIT." of "Summarise ./talk.wav")."""
    whole: dict = {}
    elsewhere: list[str] = []
    absent_scoped: dict[str, dict] = {}
    for_the_rest: list[Phrase] = []
    targets = _Targets(masked, tasks, detector, rules)
    for phrase in phrases:
        part = next((r.part for r in readings if r.part.start <= phrase.start < r.part.end), None)
        segment = _segment(masked, phrase.start)
        clause = (max(part.start, segment[0]), min(part.end, segment[1])) if part is not None else segment
        if (kept := _all_but_excepted(targets, masked, segment, tasks)) is not None:
            for mention in kept:
                merge_phrase(mention.constraints, phrase)
            continue
        if EVERY_AFTER.match(query, phrase.end) or EVERY_BEFORE.search(query, max(clause[0], phrase.start - 40), phrase.start) \
                or _every_model_subject(masked, segment, phrase.start):
            merge_phrase(whole, phrase)  # "smallest models for both": every step, whatever else the clause names
            continue
        sentence = _stands_apart(masked, phrase)
        if sentence is not None and (steps := [m for m in tasks if sentence[0] <= m.start < sentence[1]]):
            if len(steps) == len(tasks):
                merge_phrase(whole, phrase)
            else:
                for mention in steps:
                    merge_phrase(mention.constraints, phrase)
            continue
        steps = _step_numbered_alike(query, phrase.start, tasks) or targets.named(*clause, at=phrase.start) \
            or _asked_just_before(masked, segment, phrase.start, tasks) or _appended_target(targets, masked, segment, phrase)
        named = len(steps) == 1  # one step named outright binds it alone, whatever steps the planner adds to reach it
        if not steps and THE_REST.search(query, *segment):  # "The other two: just use the ___ ones"
            for_the_rest.append(phrase)
            continue
        piece_start = max(sentence_span(masked, phrase.start)[0], segment[0])  # (a "both" before a semicolon is another piece's)
        if len(steps) == 1 and BOTH.search(query, piece_start, clause[1]) and len(paired := targets.named(piece_start, clause[1])) > 1:
            steps = paired  # "the translator and the voice both need to speak Spanish", "Both the chat model and the voice model must ..."
        if EVERY.search(query[clause[0]:clause[1]]) and not steps and not targets.names(*clause) \
                and not (EACH_AFTER.match(query, phrase.end) and targets.names(*segment)):  # "Transcriber and summariser: under 300M each"
            merge_phrase(whole, phrase)
            continue
        steps = steps or [m for m in tasks if clause[0] <= m.start < clause[1]] or targets.named(*segment)
        if not steps and not targets.names(*segment):  # a target named but not known ('the XYZ model') looks no further
            # the steps asked before it in its piece: "(2) count the cows, nothing ___ and at least ___; (3) ..."
            steps = [m for m in tasks if segment[0] <= m.start < phrase.start] or _aside_of(masked, segment, tasks) \
                or _named_in_pieces_without_limits(targets, masked, phrase, phrases)
        if not steps and (absent := _task_absent_named(targets, clause, tasks)):
            said = f"'{query[clause[0]:clause[1]].strip()}' ({absent})"
            if said not in elsewhere:
                elsewhere.append(said)
            merge_phrase(absent_scoped.setdefault(absent, {}), phrase)
            continue
        if not steps or (len({m.task for m in steps}) == len({m.task for m in tasks}) and not (named and len(tasks) == 1)):
            merge_phrase(whole, phrase)
        else:
            for mention in steps:
                merge_phrase(mention.constraints, phrase)
    for mention, phrase in _said_again(targets, masked, phrases):
        merge_phrase(mention.constraints, phrase)
    rest = [m for m in tasks if not m.constraints]  # "Only MIT for the NER model; the rest should be the most downloaded."
    for phrase in for_the_rest:
        for mention in rest:
            merge_phrase(mention.constraints, phrase)
        if not rest or len(rest) == len(tasks):
            merge_phrase(whole, phrase)
    return ({"global": whole} if whole else {}), elsewhere, absent_scoped


def _asked_just_before(masked: str, segment: tuple[int, int], at: int, tasks: list[Mention]) -> list[Mention]:
    """The step asked last before a limit whose piece says it is for this one ("I need all the names from it - for
    this please take the ___"): "for this", "for that step", nothing more; none when no step was asked before it."""
    for said in FOR_TARGET.finditer(masked, *segment):
        words = said["name"].lower().split()
        if words[0] in ("this", "that", "it") and not set(words[1:]) - GENERIC:
            return [m for m in tasks if m.start < at][-1:]
    return []


def _appended_target(targets: "_Targets", masked: str, segment: tuple[int, int], phrase: Phrase) -> list[Mention]:
    """The steps named by the piece after a limit's own when a dash sets it apart and it says only which step the
    limit is for ("Same worry about the ___ licence - not for the illustration, please"); a "not" there binds a
    refusal (it says the refused licence is not for that step) and nothing else."""
    if not DASH_BEFORE.search(masked, 0, segment[1]):
        return []
    after = _segment(masked, segment[1])
    said = APPENDED_TARGET.fullmatch(masked, after[0], sentence_span(masked, segment[1])[1])
    if after == segment or said is None or (said["negated"] and phrase.key != "deny_licences"):
        return []
    return targets.named(*after)


def _all_but_excepted(targets: "_Targets", masked: str, segment: tuple[int, int], tasks: list[Mention]) -> list[Mention] | None:
    """The steps a limit binds when its piece of the sentence excepts some by name and names no other ("Apache-2.0
    on everything except the upscaler"): every step but those; else None."""
    said = EXCEPTED.search(masked, *segment)
    if said is None or targets.named(segment[0], said.start()):
        return None
    excepted = targets.named(said.end(), segment[1])
    kept = [m for m in tasks if not any(m is e for e in excepted)]
    return kept if excepted and kept else None


def _said_again(targets: "_Targets", masked: str, phrases: list[Phrase]) -> list[tuple[Mention, Phrase]]:
    """The limits a sentence with none of its own says again for other steps ("The summariser should be ___. Same
    goes for the entity tagger.", "- Segmentation of the frame - same as above."): each step it names after the
    words, else each step it asks for, with every limit of the last sentence before it that states any."""
    again: list[tuple[Mention, Phrase]] = []
    for said in SAID_AGAIN.finditer(masked):
        start, end = sentence_span(masked, said.start())
        earlier = [p for p in phrases if p.end <= said.start()]
        if not earlier or any(start <= p.start < end for p in phrases):
            continue
        steps = targets.named(said.end(), end) or [m for m in targets.tasks if start <= m.start < end]
        last_start, last_end = sentence_span(masked, earlier[-1].start)
        again += [(step, p) for step in steps for p in earlier if last_start <= p.start < last_end]
    return again


def _named_in_pieces_without_limits(targets: "_Targets", masked: str, phrase: Phrase, phrases: list[Phrase]) -> list[Mention]:
    """The steps named elsewhere in the sentence of a limit whose own piece names none, in the pieces that state no
    limit of their own: "Legal says nothing ___, and the speech model has to ___" binds the first limit to every
    step, not to the speech model, whose piece is about its own limit."""
    pieces = [(a, b) for a, b in _pieces(masked, phrase.start)
              if (a <= phrase.start < b) or not any(a <= other.start < b for other in phrases if other is not phrase)]
    named = [step for a, b in pieces for step in targets.named(a, b)]
    return [step for index, step in enumerate(named) if not any(step is earlier for earlier in named[:index])]


def _every_model_subject(masked: str, segment: tuple[int, int], at: int) -> bool:
    """Whether the piece of a sentence around `at` has every model as its subject ("All machine-learning components
    used in delivering the Services shall be licensed under ___", "Every model we deploy must ...")."""
    start, end = segment
    start = max(start, masked.rfind(":", start, at) + 1)  # after a lead-in: "Quoting Annex B: 'All components shall ...'"
    comma = masked.rfind(",", start, at)  # or a clause after a comma: "..., so both tools need to be ___"
    for opening in {start, comma + 1 if comma >= 0 else start}:
        clause = masked[opening:end]
        clause = clause[joiner.end():] if (joiner := CLAUSE_JOINER.match(clause)) else clause
        subject = LONG_SUBJECT.match(clause)
        if subject is not None and subject["subject"].split()[0].lower() in EVERY_WORDS and _noun_target().search(subject["subject"]):
            return True
    return False


def _stands_apart(masked: str, phrase: Phrase) -> tuple[int, int] | None:
    """The span of the sentence whose steps a constraint binds when it stands apart from any one of them: as a
    lead-in before a colon ("Apache only: transcribe ./a.wav and summarise it") or as a fragment after the
    sentence's last comma ("transcribe ./a.wav, summarise it and draw it, Apache only"); else None."""
    start, end = sentence_span(masked, phrase.start)
    lead_in = masked.find(":", phrase.end, end)
    if lead_in >= 0 and _only_fillers(masked[start:phrase.start]) and _only_fillers(masked[phrase.end:lead_in]):
        return start, end
    comma = masked.rfind(",", start, phrase.start)
    if comma >= 0 and _only_fillers(masked[comma + 1:phrase.start]) and _only_fillers(masked[phrase.end:end]):
        return start, end
    return None


def _only_fillers(text: str) -> bool:
    """Whether a stretch of words holds nothing but blanked constraint phrases and words that ask nothing."""
    return not set(re.findall(r"[^\W\d_]+", text.lower())) - FILLER - APART_WORDS


def _step_numbered_alike(query: str, at: int, tasks: list[Mention]) -> list[Mention]:
    """The step asked for beside the number that stands last before the constraint on its line, when that number
    also stands by a step elsewhere: "(1) write out what's said, (2) tell me the emotion" above "(2) | most
    downloaded" or "(1) must be MIT; (2) the smallest". A numbered list of limits alone ("1) MIT 2) under 300M")
    numbers no step."""
    line_start = query.rfind("\n", 0, at) + 1
    numbers = list(STEP_NUMBER.finditer(query, line_start, at))
    if not numbers:
        return []
    own = numbers[-1]
    number = next(g for g in own.groups() if g).lower()
    for other in STEP_NUMBER.finditer(query):
        if other.start() == own.start() or next(g for g in other.groups() if g).lower() != number:
            continue
        asked = [m for m in tasks if m.start <= other.start() < m.end or other.end() <= m.start <= other.end() + NUMBER_TO_STEP]
        if asked:
            return asked[-1:]  # the part that holds the number, or the nearest after it
    return []


def _task_absent_named(targets: "_Targets", clause: tuple[int, int], tasks: list[Mention]) -> str | None:
    """The library task a target's name in the clause names (`_task_named`) when the plan has no step of it (nor of
    its family), else None."""
    for name in targets.names(*clause):
        named = _task_named(name, targets.rules, targets.detector)
        if named is None:
            continue
        # a step of the same kinds of data in and out may be that task read otherwise (a summariser's step read as
        # text-to-text generation): the constraint is not dropped for it
        alike = any(named in (m.task, family_of(m.task)) or family_of(named) == m.task or _data_kinds(m.task) == _data_kinds(named)
                    for m in tasks)
        return None if alike else named
    return None


def _task_named(name: str, rules: RuleUnderstander, detector: TaskDetector) -> str | None:
    """The library task a target's name names: the one whose conversion it says ('the part that turns the audio into
    words'), else the one whose name it holds, else the one two of three readings agree on: the task its cue phrases
    name ('captioner'), the one it is clearly closest to in meaning, and the detector's first reading of "I need a
    <name> for this." ('summariser', 'chatbot'; not 'the weights'); else None (a step's place, 'the last step',
    names no task)."""
    if ORDINAL_TARGET.fullmatch(name):
        return None
    if converting := _task_by_conversion(name, detector):
        return converting
    if named := task_named_in(name):  # a task's own name ('the optical character recognition model', OCR spelt out)
        return named
    cued = {task for task, _start, _end in cue_spans(rules, name)}
    readings = [next(iter(cued)) if len(cued) == 1 else None, _clearly_closest_in_meaning(name), _read_as_needed(name, detector).best[0]]
    return next((task for task in readings if task is not None and task != NONE and readings.count(task) >= 2), None)


def _task_by_conversion(name: str, detector: TaskDetector) -> str | None:
    """The task a name says by the kinds of data it turns one into the other ('the part that turns the audio into
    words', 'whatever converts the scan to text'): of the tasks that read the one and make the other, the one the
    detector reads the name as most; None when the name says no such conversion."""
    said = CONVERSION_NAMED.search(name)
    if said is None:
        return None
    source, target = _kind_of_word(said["source"]), _kind_of_word(said["target"])
    fitting = [task for task in load_library().actions if source in _data_kinds(task)[0] and target in _data_kinds(task)[1]]
    if not fitting:
        return None
    reading = _read_as_needed(name, detector)
    return max(fitting, key=lambda task: reading.probabilities.get(task, 0.0))


def _kind_of_word(word: str) -> str | None:
    """The kind of data a word names ('audio', 'words', 'pictures'), else None."""
    kinds = kinds_named_by(word)
    if TEXT_SPOKEN_OF.fullmatch(word):
        kinds.add("text")
    return kinds.pop() if len(kinds) == 1 else None


@lru_cache(maxsize=None)
def _data_kinds(task: str) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds of data a library task reads and makes (empty for a meta task)."""
    action = load_library().actions.get(task)
    return (frozenset(kind for _param, kind in action.inputs), frozenset(action.output_modalities)) if action else (frozenset(), frozenset())


def steps_named(masked: str, start: int, end: int, tasks: list[Mention], detector: TaskDetector,
                rules: RuleUnderstander) -> list[Mention]:
    """The steps among `tasks` that the names of targets in a span of the request name ("the speech recogniser")."""
    return _Targets(masked, tasks, detector, rules).named(start, end)


def names_only_targets(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where the names of targets stand in a span whose other words ask nothing ("For picking out people and
    places, the most downloaded model is fine.", "The depth and segmentation models: ___"): words there name
    a step, they do not ask for one. Empty when other words may ask ("then score how close it is. The
    similarity model ...")."""
    spans = [(a, b) for a, b, _name in _placed_names(masked, start, end)]
    rest = masked[start:end]
    for a, b in spans:
        rest = rest[:a - start] + " " * (b - a) + rest[b - start:]
    words = set(re.findall(r"[^\W\d_]+", rest.lower()))
    return spans if spans and not words - FILLER - GENERIC - CHOOSING_WORDS - APART_WORDS else []


def speaks_of_a_model(clause: str) -> bool:
    """Whether a clause, its constraint phrases blanked, speaks of a model rather than of work: it opens by
    naming a model as its subject ("- translator: ...", "The reader must ...", "Chat model: ...", "and the speech
    model ___ since ..."), or with a longer
    subject holding a model's noun ("All machine-learning components used in ... shall be ___"), or no word
    is left but model nouns and words of choosing or correcting ("Which model ___ and is ___ of them?", "___ models only.",
    "No wait, make that ___.", the person's reason after the limit aside), or
    a subject naming a step by its work ("The part that turns the audio into words must ___")."""
    clause = re.sub(rf"^\s*{BLANK}+(?=[^\W_])", "", clause)  # a paste's blank right before it ("___For the scoring model, ...")
    if (target := FOR_OPENING.match(clause)) is not None and BLANK in clause and not _words_of_more_than_a_choice(clause[target.end():]):
        return True  # "and for the write-up of the main points, the ___": a step named, then only its limit
    label = LABEL.match(clause)
    if label is not None and (ASK_GOES_ON.match(label["name"]) or PLACE_LABEL.fullmatch(label["name"])):
        label = None  # "and answer: is there a fracture?" goes on asking; "and the voice must ..." still names a model
    opening = label or SUBJECT_AT_START.match(clause)
    if opening is not None and len(opening["name"].split()) <= 4:
        return True
    if (blanked := SUBJECT_BEFORE_LIMIT.match(clause)) is not None and _noun_target().search(blanked["name"]):
        return True  # "and the speech model ___ since half the team speaks it": its modal verb is in the limit
    head, _colon, tail = clause.rpartition(":")
    subject = LONG_SUBJECT.match(tail if not SENTENCE_END.search(head) else clause)  # "Annex B: All machine-learning components used in ... shall be"
    if subject is not None and (_noun_target().search(subject["subject"]) or STEP_BY_ITS_WORK.match(subject["subject"])):
        return True
    said = CORRECTING.sub(" ", MADE_A_MODEL.sub(" ", REASON_AFTER_A_LIMIT.sub(" ", clause)))
    return not _words_of_more_than_a_choice(said)


def _words_of_more_than_a_choice(text: str) -> set[str]:
    """The words of a text beyond model nouns and words of choosing ("the ___ one, please" has none)."""
    words = {w for w in re.findall(r"[^\W\d_]+", text.lower()) if not _noun_target().fullmatch(w)}
    return words - CHOOSING_WORDS - GENERIC - FILLER


def _pieces(text: str, at: int) -> list[tuple[int, int]]:
    """The pieces of the sentence around offset `at` that semicolons, line breaks, dashes and commas before
    "and"/"but" set apart ("Everything must be MIT-licensed, | and for the speech step pick ...")."""
    start, end = sentence_span(text, at)
    cuts = [start] + [m.end() for m in SEGMENT_BREAK.finditer(text, start, end)] + [end]
    return list(zip(cuts, cuts[1:]))


def _segment(text: str, at: int) -> tuple[int, int]:
    """The piece of the sentence around offset `at` (`_pieces`)."""
    pieces = _pieces(text, at)
    return next((a, b) for a, b in pieces if a <= at < b or b == pieces[-1][1])


def _own_words(name: str) -> str:
    """A target's name without what comes before it: a blanked value, or a word that starts the noun phrase
    ("the transcript with a summariser" -> "summariser"; "into english every model" -> "model"), but not one
    inside the conversion a name says ("part that turns the audio into words")."""
    words = name.rstrip(BLANK + " ").split(BLANK)[-1].split()
    conversion = CONVERSION_NAMED.search(" ".join(words))  # "part that turns the audio into words": its "into" starts nothing
    said_at = len(" ".join(words)[:conversion.start()].split()) if conversion else len(words)
    starts = [i for i, word in enumerate(words) if word.lower() in PHRASE_STARTS and i < said_at]
    return " ".join(words[starts[-1] + 1:] if starts else words)


def _says_more_than_generic(name: str) -> bool:
    """Whether a name holds a word besides generic ones ('the model', 'every one' name nothing)."""
    return bool(set(re.findall(r"[\w-]+", name.lower())) - GENERIC)


def _aside_of(text: str, segment: tuple[int, int], tasks: list[Mention]) -> list[Mention]:
    """A piece set off by a dash speaks of the words before it ("Transcribe ./a.wav — use whichever model has the
    lowest WER — and then summarise it"): the steps those words ask for."""
    if not DASH_BEFORE.search(text, 0, segment[0]):
        return []
    before = _segment(text, segment[0] - 2)
    return [m for m in tasks if before[0] <= m.start < before[1]]


DETERMINERS = frozenset("the a an this that these those my our your his her its their each every any".split())


HEADING_JOINER = re.compile(r"\s*(?:,|&|/|\band\b)\s*", re.I)


def _listed_in_a_heading(match: re.Match, pattern: re.Pattern) -> list[tuple[int, int]]:
    """The spans of the names a label or a table's first cell lists ("Transcriber and summariser: under 300M"),
    within its name; any other target's name is one."""
    name = match["name"]
    if pattern not in (LABEL, TABLE_ROW):
        return [(0, len(name))]
    cuts = [0] + [i for joiner in HEADING_JOINER.finditer(name) for i in joiner.span()] + [len(name)]
    return [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if name[a:b].strip()]


def _words_with_the_one_before(text: str) -> list[tuple[str, str]]:
    """Each word of a text with the word before it ('' for the first)."""
    words = re.findall(r"[^\W\d_]+", text)
    return list(zip([""] + words, words))


@lru_cache(maxsize=1)
def _noun_target() -> re.Pattern:
    # the words before the noun are its own, never across "and"/"or" ("the fact-writer and the voice" are two names);
    # a noun starting a hyphenated word names no model ("a voice-over script")
    return re.compile(rf"(?P<name>(?:\b(?!(?:and|or|nor|plus)\b)[\w-]+\s+){{0,3}}?\b(?:{model_nouns()}))\b(?!-\w)", re.I)


def _own_start(name: str) -> int:
    """Where a target's own words start in the words matched for it ("summariser but the speech recogniser": at
    "speech"), so that what stands between two names is read."""
    own = _own_words(name)
    at = name.rfind(own) if own else -1
    return at if at >= 0 else 0


def _placed_names(masked: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The names of targets in a span, with where each stands: (start, end, its own words, acronyms spelt out)."""
    found = [(start + m.start("name") + a, start + m.start("name") + b, spelt_out(_own_words(m["name"][a:b])))
             for pattern in (LABEL, TABLE_ROW, FOR_TARGET, SUBJECT_TARGET, SIDE_TARGET, AWAY_TARGET, DOER_TARGET, ORDINAL_TARGET,
                             CLAUSE_SUBJECT, _noun_target())
             for m in pattern.finditer(masked[start:end]) for a, b in _listed_in_a_heading(m, pattern)]
    kept = [(a, b, name) for a, b, name in found if _says_more_than_generic(name) and name.split()[0].lower() not in EVERY_WORDS
            and masked[a:b].split()[0].lower() not in EVERY_WORDS - BOTH_WORDS]  # "for all of it": every step; "both the X and the Y": two
    return sorted(kept)


class _Targets:
    """The steps that the names of targets in a span of the request name."""

    def __init__(self, masked: str, tasks: list[Mention], detector: TaskDetector, rules: RuleUnderstander) -> None:
        self.masked, self.tasks, self.detector, self.rules = masked, tasks, detector, rules

    def names(self, start: int, end: int) -> list[str]:
        """The names of targets in a span, each its own words, acronyms spelt out ('QA model' -> 'question
        answering model'); a name of generic words only ('the model', 'every one') or of every step ('anything
        we run') is none."""
        return [name for _start, _end, name in _placed_names(self.masked, start, end)]


    def named(self, start: int, end: int, at: int | None = None) -> list[Mention]:
        """The steps the span's names name; with `at` (where a constraint stands), when they name different
        steps, those of the subject nearest before it ("the sentiment model needs 500k+ downloads and the speech
        recogniser has to be an English model"), with names listed beside it ("the captioner and the translator
        must be MIT"), else of the first name after it ("only MIT for the captioner, ...")."""
        placed = [(a, b, steps) for a, b, name in _placed_names(self.masked, start, end) if (steps := self._steps_named(name))]
        if at is not None and len({m.task for _a, _b, steps in placed for m in steps}) > 1:
            before = [p for p in placed if p[1] <= at]
            if before:
                group = [before[-1]]
                for earlier in reversed(before[:-1]):  # names listed together: nothing but "and", "or", commas between
                    if earlier[1] > group[0][0]:
                        continue  # a longer reading of a name in the group ("summariser but the speech recogniser")
                    own_start = group[0][0] + _own_start(self.masked[group[0][0]:group[0][1]])
                    if not LISTED_BETWEEN.fullmatch(self.masked[earlier[1]:own_start]):
                        break
                    group.insert(0, earlier)
                placed = group
            else:
                placed = placed[:1]
        found: list[Mention] = []
        for _a, _b, steps in placed:
            found += [m for m in steps if m not in found]
        return found

    def _steps_named(self, name: str) -> list[Mention]:
        """The steps whose task the name's cue phrases name ('the OCR step', 'the translator'), else the step whose
        task the name is clearly closest to in meaning ('the question answering', 'the image generator'); a name
        saying a step's place ('the middle bit', 'step two', a table row's number) names the step asked in that place."""
        if (place := ORDINAL_TARGET.fullmatch(name)) is not None:
            return _step_in_place(place, self.tasks)
        if name.isdigit():  # a table row's number ("| 1 | clean up the audio | ... |"): the step asked in that place
            return [self.tasks[int(name) - 1]] if 1 <= int(name) <= len(self.tasks) else []
        if converting := _task_by_conversion(name, self.detector):  # 'the part that turns the audio into words'; none: one the planner may add
            return [m for m in self.tasks if converting in (m.task, family_of(m.task)) or family_of(converting) == m.task]
        cued = {task for task, _start, _end in cue_spans(self.rules, name)}
        kin = cued | {family_of(task) for task in cued}
        named = [m for m in self.tasks if m.task in kin or family_of(m.task) in cued]  # a meta step ("answer") by a member's name
        if cued and not any({m.task, family_of(m.task)} & kin for m in self.tasks) and _task_named(name, self.rules, self.detector) in cued:
            return self._steps_making(name)  # 'the captioner' when no step asked for captions: a step the planner may add
        if doers := self._steps_done_as_named(name):
            return doers
        if named:
            return named
        if touching := self._steps_of_kind_named(name):
            return touching
        if asking := self._steps_asked_with(name):
            return asking
        tasks, _meanings = _task_meanings()
        similarity = dict(zip(tasks, _similarity_to_tasks(name).tolist()))
        scores = list(similarity.values())
        mean, spread = float(np.mean(scores)), float(np.std(scores)) or 1.0

        def closeness(mention: Mention) -> float:  # a meta step ("answer") by its closest member
            return max(v for t, v in similarity.items() if mention.task in (t, family_of(t)))

        by_task = sorted({m.task: closeness(m) for m in self.tasks}.items(), key=lambda kv: -kv[1])
        best = by_task[0][1] if by_task else 0.0
        if (best - mean) / spread >= DISTINCT and (len(by_task) == 1 or best - by_task[1][1] >= MARGIN):
            return [m for m in self.tasks if m.task == by_task[0][0]]
        return self._steps_read(name)

    def _steps_making(self, name: str) -> list[Mention]:
        """The one step asked to make a thing the name's first word of its own names ('the caption writer' of "write
        a cheerful Instagram caption"; not of "translate the caption", which reads one), else none."""
        own = [word for word in re.findall(r"[a-z]+", name.lower()) if word not in GENERIC]
        if len(own) < 2:
            return []
        made = [m for m in self.tasks if any(word in (own[0], own[0] + "s") and before not in DETERMINERS
                                             for before, word in _words_with_the_one_before(self.masked[m.start:m.end].lower()))]
        return made if len({m.task for m in made}) == 1 else []

    def _steps_asked_with(self, name: str) -> list[Mention]:
        """The one step whose asking words hold the name itself ('LM' of "have an LM write a blurb ... LM: under
        400M params"), when the name is a model's (a model noun heads it) and says more than a generic noun; else none
        ("For finding it, ..." or "the crowd favourite" name no model: a step read in that clause is no target)."""
        if not _says_more_than_generic(name) or not _noun_target().search(name):
            return []
        said = re.compile(rf"\b{re.escape(name)}\b", re.I)
        words = [self.masked[m.start:m.end].split(BLANK, 1)[0] for m in self.tasks]  # up to a limit: a long step's span may reach the name's own
        asking = [m for m, asked in zip(self.tasks, words) if said.search(spelt_out(asked))]
        return asking if len({m.task for m in asking}) == 1 else []

    def _steps_done_as_named(self, name: str) -> list[Mention]:
        """The one step asked for with the verb the name's doer-noun comes from ('the reader' of "read the
        Japanese text on sign.jpg, ..., say it out loud"; 'the enhancer' of "enhance the audio"; 'the fact-writer'
        of "write three fun facts"; 'the boxing model' of "box each animal"), else the one step
        whose task's name has it and the name's other words ('the classifier' of a text classification; 'the video
        generator' names no text generation), else the one step whose task's
        description uses that verb ('the generator' of a picture made, then upscaled; a name with
        words of its own, 'the story generator', is read by them instead)."""
        words = name.lower().split()
        head = words[-1].split("-")[-1]  # 'the fact-writer' writes
        if len(words) > 1 and head in GENERIC and len(words[-2]) >= 6 and words[-2].endswith("ing") and not cue_spans(self.rules, name):
            head, stem = words[-2], words[-2][:-3]  # 'the boxing model' boxes ('the captioning model' is read by its cue)
        else:
            stem = re.sub(r"(?:er|or|r)$", "", head)
            if stem == head or len(stem) < 4:
                return []
        if stem[-1] == stem[-2]:  # 'the tagger' tags, 'the planner' plans
            stem = stem[:-1]
        own = [word for word in words[:-1] if word not in GENERIC]  # 'video' of 'the video generator'

        def task_name(m: Mention) -> str:  # 'the classifier': ...-classification; 'the video generator': not text-generation
            name_words = m.task.replace("-", " ")
            return name_words if all(word in name_words.split() for word in own) else ""

        sources = [lambda m: self.masked[m.start:m.end], task_name]
        if not _says_more_than_generic(" ".join(name.split()[:-1])):  # 'the generator', not 'the story generator'
            sources.append(lambda m: _task_description(m.task))
        for words_of in sources:
            doing = {m.task for m in self.tasks if any(word.startswith(stem) and word not in (head, head + "s")  # the noun itself is no doing
                                                       and before not in DETERMINERS  # "translate that caption": a thing, no doing
                                                       for before, word in _words_with_the_one_before(words_of(m).lower()))}
            if doing:
                return [m for m in self.tasks if m.task in doing] if len(doing) == 1 else []
        return []

    def _steps_of_kind_named(self, name: str) -> list[Mention]:
        """The one step that reads or makes the kind of data a word of the name names ('the speech one' of a
        transcription and a translation; 'the image part'); of several, when the name says no more than the kind, the
        one that only reads and makes it ('the text model' of a text written, then drawn), or the ones that make it
        when the name is plural ('both image models' of a picture drawn, then restyled)."""
        kinds = {kind for word in re.findall(r"[^\W\d_]+", name.lower()) for kind in kinds_named_by(word)}
        if len(kinds) != 1:
            return []
        kind = kinds.pop()
        touching = {m.task for m in self.tasks if kind in _kinds_handled(m.task)}
        words = name.lower().split()
        if len(touching) > 1 and all(word in GENERIC or kinds_named_by(word) for word in words):  # a kind's model, no more
            if re.search(r"[^s]s$", words[-1]):  # 'both image models': the steps that make it
                touching = {task for task in touching if kind in _data_kinds(task)[1]}
                return [m for m in self.tasks if m.task in touching] if len(touching) > 1 else []
            touching = {task for task in touching if _kinds_handled(task) == {kind}}  # 'the text model': the one that only handles it
        return [m for m in self.tasks if m.task in touching] if len(touching) == 1 else []

    def _steps_read(self, name: str) -> list[Mention]:
        """The step the detector reads 'I need a <name> for this.' as most, clearly ('the picture generation'
        after a caption: text-to-image, though a step read as image-to-image may become it)."""
        reading = _read_as_needed(name, self.detector)

        def likelihood(mention: Mention) -> float:
            own = max((p for t, p in reading.probabilities.items() if mention.task in (t, family_of(t))), default=0.0)
            return max([own, *(reading.probabilities.get(t, 0.0) * q for t, q in mention.readings if t != NONE)])

        by_task = sorted({m.task: likelihood(m) for m in self.tasks}.items(), key=lambda kv: -kv[1])
        if not by_task or by_task[0][1] < NAMES_A_STEP or (len(by_task) > 1 and by_task[0][1] < CLEAR_MARGIN * by_task[1][1]):
            return []
        return [m for m in self.tasks if m.task == by_task[0][0]]


def _step_in_place(place: re.Match, tasks: list[Mention]) -> list[Mention]:
    """The step asked in the place a name says, counting the steps in the order the request asks them: the middle
    one of three, the last one, step two; none when there is no such place."""
    if (place["place"] or "").lower() == "middle":
        return [tasks[1]] if len(tasks) == 3 else []
    index = PLACES[(place["place"] or place["number"]).lower()]
    return [tasks[index]] if -len(tasks) <= index < len(tasks) else []


def task_of_model_named(clause: str, detector: TaskDetector) -> str | None:
    """The task a model's noun in a clause names clearly ("which speech recognition model has ...", "an image
    generator that ...", "chatbot for my discord server"): the task's own name is in it, or the detector reads "I need a <name> for this." as that
    task surely, and twice as surely as any other; or the name is clearly closest in meaning to a task the
    detector finds at all likely ('speech recogniser', 'chatbot'). None when the clause names no model that way,
    or negates it ("no chatbot")."""
    for match in _noun_target().finditer(clause):
        name = spelt_out(_own_words(match["name"]))
        if not _says_more_than_generic(name) or NEGATION_BEFORE.search(clause, 0, match.start()):
            continue
        if named := task_named_in(name):
            return named
        reading = _read_as_needed(name, detector)
        ranked = reading.ranked(2)
        if ranked[0][0] != NONE and ranked[0][1] >= SURE and ranked[0][1] >= CLEAR_MARGIN * ranked[1][1]:
            return ranked[0][0]
        if (closest := _clearly_closest_in_meaning(name)) and reading.probabilities.get(closest, 0.0) >= CUE_FLOOR:
            return closest
    return None


def _clearly_closest_in_meaning(name: str) -> str | None:
    """The library task whose name and description a name is closest to, when it stands out among all of them
    and clearly ahead of the next ('speech recogniser'; not 'language model', as near classification as translation)."""
    tasks, _meanings = _task_meanings()
    similarity = _similarity_to_tasks(name)
    scores = (similarity - similarity.mean()) / (similarity.std() or 1.0)
    second, best = np.argsort(scores)[-2:]
    return tasks[best] if scores[best] >= DISTINCT and scores[best] - scores[second] >= CLEAR_LEAD else None


# Names recur from clause to clause and request to request ('speech recogniser'): each is read once per process.
NAMES_REMEMBERED = 4096


@lru_cache(maxsize=NAMES_REMEMBERED)
def _similarity_to_tasks(name: str) -> np.ndarray:
    """A name's cosine similarity to every library task's meaning (in `_task_meanings` order); read-only."""
    similarity = _task_meanings()[1] @ shared_encoder().encode([name])[0]
    similarity.flags.writeable = False
    return similarity


@lru_cache(maxsize=NAMES_REMEMBERED)
def _read_as_needed(name: str, detector: TaskDetector) -> PartReading:
    """The detector's reading of "I need a <name> for this."."""
    parsed, located = parse_request(NAME_READ_AS.format(name))
    return detector.score_parts([whole_request(located)], parsed, [])[0]


@lru_cache(maxsize=None)
def _kinds_handled(task: str) -> set[str]:
    """The kinds of data a library task reads or makes (none for a meta task such as 'answer')."""
    reads, makes = _data_kinds(task)
    return set(reads | makes)


def _task_description(task: str) -> str:
    """A library task's one-line description ('' for a meta task such as 'answer')."""
    action = load_library().actions.get(task)
    return action.description if action else ""


@lru_cache(maxsize=1)
def _task_meanings() -> tuple[list[str], np.ndarray]:
    """Every library task and the sentence vector of its name and one-line description: the shipped vectors while
    they were made from the same texts, else encoded now (30 encodings: a third of a second, seconds on a busy machine)."""
    tasks = sorted(load_library().actions)
    texts = task_meaning_texts(tasks)
    if TASK_MEANINGS.is_file():
        with np.load(TASK_MEANINGS, allow_pickle=False) as shipped:
            if [str(t) for t in shipped["texts"]] == texts:
                return tasks, shipped["vectors"]
    return tasks, shared_encoder().encode(texts)


def task_meaning_texts(tasks: list[str]) -> list[str]:
    return [f"{t.replace('-', ' ')}: {_task_description(t)}" for t in tasks]


def write_task_meanings() -> int:
    """Encode every library task's meaning and ship the vectors (`training examples` calls it); how many."""
    texts = task_meaning_texts(sorted(load_library().actions))
    tmp = TASK_MEANINGS.with_suffix(".tmp.npz")
    np.savez(tmp, texts=np.array(texts), vectors=shared_encoder().encode(texts))
    tmp.replace(TASK_MEANINGS)
    _task_meanings.cache_clear()
    return len(texts)
