"""The embedded default understander: the learned task detector decides which tasks a request asks for.

1. Inline values (quotes, pasted text, tables, paths, URLs) are blanked; they stay inputs (`parsing.py`).
2. The masked request is split into clauses; the detector gives each a probability over every task and
   "none" (`detector.py`). The rules' cue phrases are among its features, not a path of their own.
3. A clause read as nothing or weakly joins a neighbour when together they read as one task surely. One
   clause -> at most one step, except where the cue phrases name two tasks in one clause ("the entities
   in a summary of ..."); a clause repeating the task of the clause before it is the same step unless
   both bring their own input ("which people ... and places are mentioned").
4. What each step reads, and the meta tasks (an answer, a label) made concrete from the input they read,
   come from the rules' reference resolution (`rules.py`); the planner adds the conversions.
5. Every step carries the detector's confidence; below `UNCERTAIN` the plan says so. A request in which
   no clause asks for a known task is an error naming the nearest tasks, never a text-generation guess.
"""

from __future__ import annotations

import json
import re
import string
from functools import cached_property
from typing import Callable, Collection

from hive.errors import InputNotGiven, NothingToPlan
from hive.llm.backend import LLMBackend, Usage
from hive.planning.domain import ActionSchema
from hive.planning.library import load_library
from hive.request import GoalSpec, InputResource, ParsedRequest
from hive.selection.constraints import LANGUAGE_NAMES
from hive.selection.phrases import model_nouns
from hive.selection.purposes import purpose_asked
from hive.understanding.arrows import Chain, ChainStep, read_chains
from hive.understanding.base import UNCERTAIN
from hive.understanding.constraint_kinds import shared_constraint_reader
from hive.understanding.detector import CUE_FLOOR, LEANS, MAX_PARTS, NONE, SURE, WEAK, PartReading, TaskDetector, shared_detector
from hive.understanding.fanout import TARGET_LANGUAGES, TRANSLATION
from hive.understanding.families import ANSWER, CLASSIFY, FAMILIES, family_of
from hive.understanding.features import CueSpan
from hive.understanding.inputs import EXAMPLE_FILE, LABELS_ID, modality_of_path
from hive.understanding.language import foreign_language, written_in
from hive.understanding.about_things import ABOUT_THINGS, shared_about_things
from hive.understanding.narration import (ASKING_WORDS, QUESTION_OPENING, asks_a_reason, describes_a_state, holds_an_ask, narrates,
                                         qualifies_the_thing_before, tells_what_happened, ticked_off)
from hive.understanding.no_action import nothing_asked
from hive.understanding.output_language import FOLLOW_THEIR_TEXT, TRANSCRIPTION, asked_languages
from hive.understanding.not_asked import done_clauses, refusing_clauses
from hive.understanding.package_files import package_file
from hive.understanding.parsing import ASK_NOUNS, BLANK, COUNTED_THINGS, QUESTION_MARKER, SENTENCE_END, TITLE_LINE, ClauseReading, RequestText, blanked, parse_request, questions_asked
from hive.understanding.rules import DETERMINER, LABEL_TASKS, Mention, RuleUnderstander, cue_spans, locate_for_tasks
from hive.understanding.scoping import names_only_targets, scope_constraints, speaks_of_a_model, steps_named, task_of_model_named
from hive.understanding.segments import Part, sentence_span, split_parts
from hive.understanding.task_names import (opens_with_task_name, results_of_named_steps, spelt_out, task_acting_in,
                                            task_asked_by_name, task_named_in)

CHOOSE_STAGE = "choose"  # the LLM stage's name in the plan's llm_usage
CHOICES = 3  # how many of the detector's readings the LLM chooses among (plus "none")
PROMPT = package_file("prompts/choose_task.md")
NARRATION_OUTWEIGHS = 0.9  # a task read this surely in a narrating clause is asked all the same
CUE_SUPPORT = 0.25  # ... and one it gives at least this is a task even where "none" scores higher
LABEL_INTRODUCTION_WORDS = 4  # "candidate labels:", "given the options": an introduction, not an ask
LABEL_NOUNS = {"label", "labels", "options", "categories", "classes", "candidates", "choices", "tags"}
POINTING_WORDS = {"for", "about", "regarding", "re", "on", "with", "in", "from", "given", "using", "take", "here", "is",
                  "s", "this", "the", "my", "file", "attached", "see", "and"}
LICENCE_WORD = re.compile(r"\blicen[cs]\w*", re.I)  # "so leave that whole licence family out": a clause of licences, no work
# ... and the words of a label that names what is pasted after it ("Example message: ___", "Customer review: ___")
PASTE_LABEL_WORDS = {"example", "sample", "message", "messages", "email", "mail", "text", "review", "reviews", "comment",
                     "comments", "tweet", "post", "note", "letter", "sentence", "sentences", "paragraph", "passage", "article",
                     "story", "quote", "input", "customer", "customers", "user", "client", "original", "incoming", "ticket",
                     "excerpt", "snippet", "content", "a", "an", "one", "typical", "below", "following"}
# A question that asks someone to do something ("Could an AI write product descriptions from ___?"), not about a text.
REQUESTED = re.compile(r"\b(?:could|can|would|will)\s+(?:you|an?\s+(?:ai|model|bot|tool|program)|someone|somebody)\s+(?:please\s+)?"
                       r"(?!tell|say|explain|answer|find|show|let|check|see|look)[^\W\d_]{3,}", re.I)
# A clause going on with a request in a question's sentence ("Can you tell me if it is positive, | and draft a polite
# reply?"): a conjunction, then a word that opens no question
GOES_ON_ASKING = re.compile(r"\W*(?:and|then|also|plus)\s+(?!(?:what|who|whom|whose|which|when|where|why|how|is|are|was|were|do|does|did|"
                            r"can|could|will|would|should|has|have|had|may|might|shall|if|whether)\b)[^\W\d_]{3,}", re.I)
NEGATED = re.compile(r"\W*(?:not|no|never|nothing|don'?t|do not|without)\b", re.I)
# Asks counted before they are listed ("three things", "two steps", "a couple of jobs"), or titled ("checklist for")
COUNTED_ASKS = re.compile(rf"\b(?:two|three|four|five|six|several|a\s+few|a\s+couple\s+of|\d)\s+(?:\w+\s+)?{ASK_NOUNS}\b"
                          r"|\b(?:checklist|to-?do(?:\s+list)?|workflow|pipeline|runbook|plan|steps)\s+(?:for|on)\b", re.I)  # "Production checklist for x.mp3:"
LANGUAGE_OF_WHAT_FOLLOWS = re.compile(r"\W*(?:written\s+)?in\s+(?P<language>[A-Za-z]+)\s*:\s*", re.I)  # "..., in Italian:"
LATER_SENTENCE = re.compile(r"[.?!]\s+\S")  # a sentence end with more words after it
# a clause that only names what the words after it are about ("As for the voice,", "For the portrait:")
TOPIC_ONLY = re.compile(r"\W*(?:(?:and|but|oh)\s+)?(?:as\s+(?:for|to)|for|regarding|concerning)\s+(?:the|that|this|those|these|my|our|your|its)"
                        r"(?:\s+[\w'-]+){1,3}\s*[,:;]\s*", re.I)
# A question asking the helper for help ("can you help me triage this?", "could someone look at it?"): when the detector
# reads no task in it, it asks no question of the inputs
ASKS_FOR_HELP = re.compile(r"\W*(?:can|could|would|will)\s+(?:you|someone|somebody|anyone|anybody|u)\s+(?:please\s+)?"
                           r"(?:help|assist|look|have\s+a\s+look|take\s+a\s+look|give\s+me\s+a\s+hand)\b", re.I)
# What `warm_up` reads: a language named, a licence, a benchmark, several clauses
WARM_UP_REQUEST = ("Transcribe ./warm-up.wav, which is in German, with the best model on LibriSpeech, then summarise it "
                   "and read the summary aloud with an Apache-2.0 model")
ZERO_SHOT = {"text-classification": "zero-shot-classification", "image-classification": "zero-shot-image-classification"}
WITH_FIXED_LABELS = {zero_shot: fixed for fixed, zero_shot in ZERO_SHOT.items()}
# what a label may be asked of when no text is given: sounds, pictures, or texts after all (phrases, unlike the folder
# words of `inputs`, where "voice" and "note" are each a kind: "voice notes" are sounds, "the call centre" is none)
SOUNDS_NAMED = re.compile(r"\b(?:voice[\s-]*(?:notes?|messages?|memos?|mails?|recordings?|clips?)|voicemails?|recordings?|phone\s+calls?"
                          r"|audio(?:\s+(?:clips?|files?|notes?))?|podcasts?|sound\s+clips?)\b", re.I)
PICTURES_NAMED = re.compile(r"\b(?:photos?|photographs?|pictures?|images?|scans?|screenshots?|snapshots?)\b", re.I)
TEXTS_NAMED = re.compile(r"\b(?:texts?|transcripts?|emails?|e-mails?|messages?|reviews?|comments?|tweets?|posts?|articles?|"
                         r"sentences?|notes?|letters?|captions?|descriptions?|tickets?|feedback|chats?|replies|documents?)\b", re.I)
FAMILY_TASK = {ANSWER: "question-answering", CLASSIFY: "text-classification"}  # a member, for its input kind
PUNCTUATION = " ,.;:!?\n\t"
SPEECH = "text-to-speech"
CAPTIONING = "image-to-text"
FREE_WRITING = "text-generation"
SUMMARY = "summarization"
REWRITING = "text2text-generation"
PLAIN_LANGUAGE = re.compile(r"\b(?:plain|simple|simpler|easy|proper|good|better|formal|casual)\s+(?=\w+\s*$)", re.I)  # "into plain English": a rewriting
ANSWERS_OR_WRITING = (ANSWER, "question-answering", FREE_WRITING)
OF_AN_INPUT = re.compile(rf"\s+of\s+(?:[\w'-]+\s+){{0,3}}?(?:{BLANK}{{3}}|(?:text|article|passage|recording|audio|clip|file|document|"
                         r"call|e-?mail|message|video|speech|talk|lecture|meeting|interview|podcast|letter|report)\b)", re.I)
AGAIN = ("again", "twice", "another", "second", "as well")
TRANSLATE_WORD = re.compile(r"\btranslat", re.I)
# a clause opening by choosing a model ("Choose the audio model by ___", "and pick the captioner with ___")
CHOOSING_OPENING = re.compile(r"\W*(?:(?:and|then|also|so)\s+)?(?:choose|pick|select|take|use|go\s+with|rank|sort)\b", re.I)
# the joining words before a clause's first word of work: "then", "-> ", "| ", "and after that run"
# a clause opening with a word used as a verb on what follows ("voice this paragraph"): a model's noun there names no model
OPENING_VERB = re.compile(r"^\W*[^\W\d_]+\s+(?:this|that|these|those|the|my|our|your|it|them)\b", re.I)


class LearnedUnderstander(RuleUnderstander):
    """Rules for inputs and data flow, the learned detector for which tasks are asked for; with an LLM
    back-end (`chooser`), the LLM decides the clauses the detector is unsure of."""

    name = "learned"
    fallback_reading = "the detector's reading"  # what stands when the LLM gives no valid choice

    def __init__(self, detector: TaskDetector | None = None, chooser: LLMBackend | None = None, ask_below: float = UNCERTAIN) -> None:
        super().__init__()
        self._detector = detector
        self.chooser = chooser
        self.ask_below = ask_below  # the confidence under which the chooser decides a clause
        self.usage: dict[str, Usage] = {}
        if chooser is not None:
            self.name = f"learned + {chooser.name} for uncertain parts"

    @property
    def detector(self) -> TaskDetector:
        if self._detector is None:
            self._detector = shared_detector()
        return self._detector

    def locate(self, query: str) -> RequestText:
        """As the rules locate it, with the constraints the learned constraint reader adds."""
        return locate_for_tasks(query, shared_constraint_reader(), self)

    @property
    def clause_reading(self) -> ClauseReading:
        return self

    def asks(self, text: str) -> bool:
        """Whether the detector reads a clause of a text as asking for a task surely (its constraint phrases
        and values blanked, as a request's clauses are read)."""
        return any(label != NONE and p >= SURE for label, p in self._best_readings(text))

    def chooses_among_listed(self, sentence: str) -> bool:
        """Whether the detector reads a clause of a sentence as choosing among given labels, surely."""
        return any(label in WITH_FIXED_LABELS and p >= SURE for label, p in self._best_readings(sentence))

    def _best_readings(self, text: str) -> list[tuple[str, float]]:
        parsed, _located = parse_request(text)
        located = locate_for_tasks(text)
        parts = split_parts(located)[:MAX_PARTS]
        cues = detector_cues(self, located, self.all_mentions(located.masked, {}))
        return [r.best for r in self.detector.score_parts(parts, parsed, cues)] if parts else []

    def warm_up(self) -> None:
        """The detector's and the constraint reader's weights, the sentence encoder and the patterns compiled on
        first use (the language names' take a tenth of a second), loaded by reading a fixed request; no LLM is asked."""
        self.locate(WARM_UP_REQUEST)
        self._best_readings(WARM_UP_REQUEST)

    def parse(self, query: str) -> ParsedRequest:
        self.usage = {CHOOSE_STAGE: Usage()} if self.chooser is not None else {}
        parsed = super().parse(query)
        language = foreign_language(parsed.own_words)  # a pasted text may be in any language, the person's words not
        if language:
            raise NothingToPlan(f"this request looks written in {language}; HIVE understands requests in English: please rephrase it in English")
        if said := nothing_asked(query, self.asks):
            raise NothingToPlan(f"nothing to plan: the request says '{said}' and asks for no task; say what to do to plan it")
        return parsed

    def _task_mentions(self, located: RequestText, parsed: ParsedRequest, mentions: list[Mention]) -> list[Mention]:
        cued = [m for m in mentions if m.refers_to is None]
        cues = detector_cues(self, located, mentions)
        readings = self.detector.read(located, parsed, cues)
        chains = read_chains(located, parsed, cues, self.detector)
        chained = [mention for chain in chains for mention in _mentions_of_chain(chain)]
        in_chain = [r for r in readings if any(r.part.start < c.end and c.start < r.part.end for c in chains)]
        has_inputs = bool(parsed.files or parsed.input_texts or parsed.data)
        if not chains and _mentions_models_or_tasks(located, mentions) and _asks_about_things(readings, located, parsed, has_inputs):
            raise NothingToPlan("nothing to plan: the request asks about models or tasks rather than for work on something; "
                                "say what to run and on what (e.g. 'summarise ./notes.txt') to plan it")
        has_context = bool(parsed.input_texts) or any(modality_of_path(f) == "text" for f in parsed.files)
        tasks: list[Mention] = list(chained)
        unclaimed_questions = []
        not_asked: list[Mention] = []  # work done already or by someone else, or taken back
        judged: set[int] = set()  # the mentions whose parts were judged for that as they were read
        last_part = None
        constraint_spans = [(c.start, c.end) for c in located.constraints]
        # a part that states a constraint and names no input — weakly ("just give me the smallest embedding model
        # you have") or as a relative clause (", which cap us at ___"), or opening with the model it speaks of
        # ("- translator must list German", "QA: best F1 on SQuAD") — constrains a step rather than asking for one:
        # it is read only when no other part asks
        stating = [r for r in readings if r not in in_chain and not _has_input(r.part) and any(r.part.start <= s < r.part.end for s, _e in constraint_spans)
                   and (((r.best[1] < WEAK or RELATIVE_CLAUSE.match(located.masked, r.part.start))
                         and not any(r.part.start <= m.start < r.part.end for m in cued))
                        or speaks_of_a_model(located.masked[r.part.start:r.part.end]))]
        asking = [r for r in readings if r not in stating and r not in in_chain]
        narrating = [r for r in asking if _narrates(r, located, cued)]
        idle = narrating + [r for i, r in enumerate(asking) if _only_offers_labels(r.part, located) or _asks_nothing(r.part, located)
                            or _goes_on_weakly(r, located)
                            or _introduces_asks(r, asking[i + 1:], located) or _titles_asks_below(r, asking, located)]
        # "Candidate labels: a, b, c. Which fits ./x.jpg?" (but a request that only narrates asks nothing)
        asking = [r for r in asking if r not in idle] or [r for r in asking if r not in narrating]
        asking = _counted_deliverables(_listed_deliverables(asking, located), located)
        for reading in asking + (stating if not chained and not any(_reads_a_task(r) for r in asking) else []):
            inside = [m for m in cued if reading.part.start <= m.start < reading.part.end]
            found = self._mentions_of_part(reading, inside, located, tasks, last_part, has_context)
            done = [m for m in found if not self._asked_beyond(m, done_clauses, located)]  # (before a later part says it on)
            not_asked += done
            judged.update(id(m) for m in found)
            found = [m for m in found if m not in done]
            if not found and reading.part.question and has_inputs and not _reads_a_task(reading) \
                    and not ASKS_FOR_HELP.match(located.masked, reading.part.start):
                unclaimed_questions.append(reading)  # (a question read surely as a task repeats its step: "... Could you score it?")
            tasks += found
            last_part = reading.part if found else last_part
        for reading in unclaimed_questions:  # a question about the inputs that no task in its sentence claims
            start, end = sentence_span(located.masked, reading.part.start)
            offers_labels = _labels_within(located, reading.part.start, reading.part.end)
            if not any(m.start < end and start < m.end for m in tasks) and not (offers_labels and tasks) \
                    and not (tasks and _question_about_things(located, start, end, mentions)) \
                    and not _answer_asked_without_a_question(tasks, located):  # a task whose part began in an earlier sentence claims it too
                # "none" was the detector's other reading of a question nothing else claims
                leaning, leaning_p = next((t, p) for t, p in reading.ranked(2) if t != NONE)
                if _asked_about_its_language(located.masked, reading.part):
                    task = _task_of(CLASSIFY, located, reading.part)
                elif leaning_p >= LEANS and leaning not in ANSWERS_OR_WRITING:  # "are these two bug reports the same issue?": the task it leans to
                    task = leaning
                else:
                    task = ANSWER
                tasks.append(_mention_of_part(task, reading, located, _probability(reading, task) + reading.probabilities[NONE]))
        if not tasks:  # a model of a clear task named outweighs the likeliest unsure reading of a clause; a component
            # described by what goes in and comes out, read unsurely ("article body in, ~3 sentence abstract out"), more
            described = read_chains(located, parsed, cues, self.detector, described_floor=CUE_FLOOR)
            tasks = [m for chain in described for m in _mentions_of_chain(chain)] \
                or _modelled_ask(readings, located, self.detector) or (_likeliest_ask(readings, located) if has_inputs else []) \
                or _the_question_given(parsed, readings, located)
        tasks = _without_announcements(tasks, located)
        refused = {m.task for m in mentions + tasks if not self._asked_beyond(m, refusing_clauses, located)}
        if refused:  # "write it down in Korean, don't translate": no translation, the clause's next reading instead
            tasks = [m for m in tasks if m.task not in refused] or _likeliest_ask(readings, located, refused)
        tasks = self._without_work_done_or_taken_back(tasks, located, not_asked, judged)
        tasks.sort(key=lambda m: m.start)
        required = [p for p in located.constraints if not p.wish]
        parsed.constraints, parsed.unplaced_constraints, parsed.unplaced_scoped = scope_constraints(
            parsed.query, located.masked, required, readings, tasks, self.detector, self)
        parsed.unread_constraints = located.unread_constraints
        parsed.wished_constraints = [f"'{parsed.query[p.start:p.end]}'" for p in located.constraints if p.wish and not p.concession]
        parsed.instruction = _without_constraint_clauses(located, tasks)
        if not tasks:
            raise NothingToPlan(f"nothing to plan: no part of the request asks for a task HIVE knows (nearest: {_nearest(readings)})")
        return tasks

    def _mentions_of_part(self, reading: PartReading, inside: list[Mention], located: RequestText,
                          earlier: list[Mention], earlier_part: Part | None, has_context: bool) -> list[Mention]:
        part = reading.part
        inside = [m for m in _without_late_references(inside, located, earlier) if not _model_of_a_step_asked(m, located, earlier)]
        named = [m for m in inside if m.kind == "verb" or _probability(reading, m.task) >= CUE_FLOOR]  # verbs name a task outright
        inside = [m for m in inside if _probability(reading, m.task) >= CUE_FLOOR or _made_of_an_input(m, located)]
        if len({family_of(m.task) for m in inside}) >= 2:  # two cued tasks in one clause: keep the rules' reading (not "answer ... the QA model")
            for mention in inside:
                mention.confidence = _probability(reading, mention.task)
                mention.readings = reading.ranked()
            return inside + self._spoken(inside[-1], inside, located, part) if SPEECH not in {m.task for m in inside} else inside
        label, _p = reading.best
        named_outright = False
        supported = [m for m in inside if _probability(reading, m.task) >= CUE_SUPPORT]
        if label == NONE and supported:
            label = supported[0].task  # a cue phrase the detector also finds likely outweighs a short clause's "none"
        clause = located.masked[part.start:part.end]
        by_name, alone = task_named_in(spelt_out(clause)), task_asked_by_name(clause, located.masked[part.end:part.end + 60])
        if by_name and (label == NONE and _has_input(part) or label != NONE and family_of(by_name) != family_of(label) and opens_with_task_name(clause)):
            label, named_outright = by_name, True  # "tableqa on sales_q3.csv", "then text-to-image from the caption": the task named outright
        elif alone and family_of(alone) != family_of(label):
            label, named_outright = alone, True  # "TTS it.", "then STT.": the step asked by its name alone
        elif (acting := task_acting_in(clause)) and family_of(acting) != family_of(label):
            label, named_outright = acting, True  # "LM writes a prompt from the user's theme": the model named as doing the step
        modelled = task_of_model_named(clause, self.detector)
        if modelled and family_of(modelled) != family_of(label) and _probability(reading, modelled) >= CUE_FLOOR \
                and not any(family_of(e.task) == family_of(modelled) for e in earlier):
            label, named_outright = modelled, True  # "which speech recognition model has the lowest WER ...": the model's noun names the task
        named_outright = named_outright or (modelled is not None and family_of(modelled) == family_of(label))
        label = self._readable(self._named_rather_than_conversion(label, reading, named), reading)
        label = _result_asked_in_a_language(label, reading, inside, located)
        if self.chooser is not None and _probability(reading, family_of(label)) < self.ask_below:
            chosen = self._choose(reading, located) or label
            if chosen != label:
                clause = " ".join(located.query[part.start:part.end].split())[:60]
                self.usage[CHOOSE_STAGE].changes.append(f"'{clause}': {chosen} rather than {label}")
            label = chosen
        if label == NONE:
            return []
        if label == FREE_WRITING and part.question and has_context and not REQUESTED.search(located.masked, part.start, part.end) \
                and not GOES_ON_ASKING.match(located.masked, part.start):
            label = "question-answering"  # a question asked beside a given text is answered from it
        if label == FREE_WRITING and earlier and not _has_input(part) and _probability(reading, TRANSLATION) >= CUE_FLOOR \
                and TARGET_LANGUAGES.search(located.masked, part.start, part.end):
            label = TRANSLATION  # "... write the answer in French": an earlier step's text, wanted in another language
        if label == REWRITING and _probability(reading, TRANSLATION) >= CUE_SUPPORT and (into := TARGET_LANGUAGES.search(located.masked, part.start, part.end)) \
                and not PLAIN_LANGUAGE.search(located.masked, part.start, into.end()) \
                and not any(written_in(body) == into.group().split()[-1].capitalize() for _start, _end, body in located.texts):
            label = TRANSLATION  # "read the writing off it and turn it into English": rewritten in another language
        if label == FREE_WRITING and (earlier or _has_input(part) or has_context) \
                and any(m.task == SUMMARY and m.kind == "verb" for m in named):
            label = SUMMARY  # "... and write a short English summary for the catalogue card": of the text at hand
        if label in ANSWERS_OR_WRITING + (TRANSLATION,) and _asked_about_its_language(located.masked, part):
            label = CLASSIFY  # "which language is this tweet written in?": a language identifier's label, not an answer
        labels_taken = any(e.task in LABEL_TASKS for e in earlier) and bool(located.labels) and located.labels[-1][1] <= part.start
        task = _task_of(label, located, part, labels_taken)
        if task in ("text-classification", "zero-shot-classification") and not earlier and not has_context and not _has_input(part):
            task = _labels_of_sound_or_picture(task, located.masked[part.start:part.end])
        if earlier and earlier[-1].task == task and not (_has_input(part) and _has_input(earlier_part)) \
                and not any(word in located.masked[part.start:part.end].lower() for word in AGAIN) \
                and not _into_another_language(task, located.masked, part, earlier_part) \
                and not (family_of(task) == ANSWER and _asks_another_question(located, part, earlier_part)):
            return []  # the same step, said on ("Translate this into French. 'Bonjour ...'")
        if self._constrains_a_step_asked(task, inside, located, part, earlier):
            return []
        same = [m for m in inside if family_of(m.task) == family_of(task)]
        mention = same[0] if same else Mention(task, *_words_span(located.masked, part.start, part.end), "verb")
        mention.task = task
        probability = _probability(reading, family_of(task))
        mention.confidence = max(probability, SURE) if alone == task else \
            _as_named(probability, located.masked[part.start:part.end]) if named_outright else probability
        mention.readings = reading.ranked()
        return [mention] + self._spoken(mention, inside, located, part)

    def _without_work_done_or_taken_back(self, tasks: list[Mention], located: RequestText, not_asked: list[Mention],
                                         judged: set[int]) -> list[Mention]:
        """Without the mentions of work done already or by someone else ("our phone system already transcribed it"), or
        taken back ("Summarise this -- no, scrap that, a summary loses too much": the summary named after it too);
        `not_asked` holds the ones found as their parts were read, `judged` the ids of every mention judged then."""
        dropped = not_asked + [m for m in tasks if id(m) not in judged and not self._asked_beyond(m, done_clauses, located)]
        for mention in list(dropped):
            sentence_end = SENTENCE_END.search(located.masked, mention.end)
            dropped += [m for m in tasks if m.task == mention.task and m.kind == "noun" and mention.end <= m.start
                        and (sentence_end is None or m.start < sentence_end.start())]
        return [m for m in tasks if m not in dropped]

    def _asked_beyond(self, mention: Mention, not_asking: Callable[[str, int, int], list[tuple[int, int]]], located: RequestText) -> bool:
        """Whether a mention asks for its task outside the clauses of its span that do not ask (`not_asking`): a mention
        within one such clause does not; one the detector read over several clauses does if the rest still reads so
        ("Copy's done and signed off -- zero writing needed from you. Generate a five-second clip of ...")."""
        start, end = _words_span(located.masked, mention.start, mention.end)
        clauses = not_asking(located.masked, start, end)
        if not clauses:
            return True
        if clauses[0][0] <= start and end <= clauses[0][1]:
            return False
        rest = located.query
        for clause_start, clause_end in clauses:  # the clauses that do not ask left out, the offsets kept
            rest = rest[:clause_start] + " " * (clause_end - clause_start) + rest[clause_end:]
        return any(family_of(label) == family_of(mention.task) for label, _p in self._best_readings(rest[start:end]))

    def _constrains_a_step_asked(self, task: str, inside: list[Mention], located: RequestText, part: Part,
                                 earlier: list[Mention]) -> bool:
        """A clause that only names the model of a step already asked for, to constrain it ("... and read it out
        loud. The speech recogniser must list French"): no input, no cue asking for the task (a cue inside a
        target's name, "For picking out people and places, ...", names the step), a constraint phrase; or, however
        the detector reads it, only earlier steps' names, words of choosing and limits ("Choose the audio model by ___.")."""
        family = family_of(task)
        start, end = part.start, part.end
        widened = not any(start <= c.start < end for c in located.constraints)
        if widened:  # a piece of a sentence that only names targets and states limits ("For picking out people | and places, ___ is fine."),
            start, end = sentence_span(located.masked, part.start)  # or of its half after a semicolon ("Any tool can ...; for the English version, ___")
            start = max(start, located.masked.rfind(";", start, part.start) + 1)
            end = semicolon if (semicolon := located.masked.find(";", part.end, end)) >= 0 else end
        names = names_only_targets(located.masked, start, end)
        if widened and not names:
            return False
        if _has_input(part) or not any(start <= c.start < end for c in located.constraints):
            return False
        named = steps_named(located.masked, start, end, earlier, self.detector, self)
        if names and named and all(m in earlier for m in named) and CHOOSING_OPENING.match(located.masked, start):
            return True  # "Choose the audio model by ___.": only an earlier step's name, choosing words and limits, however read
        return any(family_of(e.task) == family for e in earlier) \
            and not any(family_of(m.task) == family and not any(a <= m.start < b for a, b in names) for m in inside) \
            and any(family_of(m.task) == family for m in named)

    def _spoken(self, mention: Mention, cued: list[Mention], located: RequestText, part: Part) -> list[Mention]:
        """'Read out loud which product sold most in ./sales.csv', 'describe ./a.jpg in French, out loud': the
        clause asks for a text answer and to hear it. A speech cue (that the detector does not rule out), or
        words asking for the answer spoken, beside another task that gives text is a second step, reading
        the first's output."""
        action = self._actions.get(FAMILY_TASK.get(mention.task, mention.task))
        if mention.task == SPEECH or action is None or "text" not in action.output_modalities:
            return []
        spoken = next((m for m in cued if m.task == SPEECH and m.kind == "verb" and m is not mention), None)
        said = self.spoken_answer.search(located.masked, part.start, part.end)
        if spoken is None and said is not None:
            spoken = Mention(SPEECH, said.start(), said.end(), "verb")
        if spoken is None:
            return []
        spoken.feeds, spoken.confidence, spoken.readings = mention, mention.confidence, mention.readings
        return [spoken]

    def _refine_goals(self, goals: list[GoalSpec], actions: dict[str, ActionSchema], inputs: dict[str, InputResource]) -> list[GoalSpec]:
        """A conversion asked of an input that already has the converted form ('a pencil-sketch version of
        ./house.jpg' read as text-to-image) takes the detector's next reading that can read that input; a
        step that reads another's output takes a reading that can read it; one given labels is zero-shot."""
        for goal in goals:
            have = _already_converted(goal, actions, inputs)
            if have is None:
                continue
            direct = [t for t in _readings_that_read(goal, actions, have) if goal.readings[t] >= CUE_SUPPORT]
            # else any likely reading that a conversion in front makes possible ("an image from the description
            # spoken in ./desc.wav" read as speech synthesis): the one certain failure is to keep the no-op
            reachable = [t for t in goal.readings if t in actions and goal.readings[t] >= CUE_FLOOR and t != goal.task
                         and self._reaches(t, have) and not set(actions[t].output_modalities) <= have]
            _take_reading(goal, direct or reachable)
        goals = _without_no_op_conversions(goals, actions, inputs)
        for goal in goals:
            self._read_what_it_is_given(goal, goals, actions)
        _labels_read(goals, inputs)
        for goal in goals:
            if goal.task in ZERO_SHOT and LABELS_ID in goal.uses:
                goal.task = ZERO_SHOT[goal.task]  # a step given candidate labels chooses among them, whatever it reads
        return goals

    @staticmethod
    def _read_what_it_is_given(goal: GoalSpec, goals: list[GoalSpec], actions: dict[str, ActionSchema]) -> None:
        """'Caption ./a.jpg, then turn the caption into a picture' read as image-to-image: the step reads an
        earlier step's text. A reading that makes the same kind of output from what the step is given wins
        over one that needs a conversion first (text-to-image here); failing that, a likely reading that
        reads it ('write a story, turn it into an audiobook-style recording': text-to-speech)."""
        action = actions.get(goal.task)
        earlier = actions.get(goals[goal.source].task) if isinstance(goal.source, int) and goal.source < len(goals) else None
        if action is None or earlier is None:
            return
        if _reads(action, earlier.output_modalities):
            return
        reads_it = _readings_that_read(goal, actions, earlier.output_modalities)
        same_output = [t for t in reads_it if goal.readings[t] >= CUE_FLOOR and set(actions[t].output_modalities) == set(action.output_modalities)]
        # a member of the step's own family that reads it ('say whether it reads more like A or B' after a blurb,
        # read as choosing among labels for a picture): the same ask, of the text
        kin = sorted((t for t in FAMILIES.get(family_of(goal.task), ()) if t in actions and _reads(actions[t], earlier.output_modalities)
                      and set(actions[t].output_modalities) == set(action.output_modalities)), key=lambda t: -goal.readings.get(t, 0.0))
        likely = [t for t in reads_it if goal.readings[t] >= CUE_SUPPORT]  # 'turn it into an audiobook-style recording'
        nothing_to_convert = action.bridge and set(action.output_modalities) <= set(earlier.output_modalities)
        as_earlier = goal.readings.get(goals[goal.source].task, 0.0)
        if not (same_output or likely) and as_earlier >= (CUE_FLOOR if nothing_to_convert else CUE_SUPPORT):
            # the step it reads, said again ("read the text on ./sign.jpg? I mean just type out what it says"):
            # the same goal, which merges with it, rather than a round trip through speech
            goal.task, goal.source, goal.uses = goals[goal.source].task, goals[goal.source].source, list(goals[goal.source].uses)
            return
        if not (same_output or likely) and kin:
            goal.task = kin[0]
            return
        _take_reading(goal, same_output or likely)

    def _readable(self, label: str, reading: PartReading) -> str:
        """A clause naming a file asks for a task that can read it, directly or after one conversion; when
        the best reading cannot ('find the entities in ./speech.mp3' read as object detection), the next
        reading that can; a caption asked of a recording is its transcript."""
        have = reading.part.modalities
        if not have or self._reaches(label, have):
            return label
        if label == CAPTIONING and have & {"audio", "video"}:
            return TRANSCRIPTION  # "caption tutorial.mp4": the captions of a recording are its words
        for other, p in reading.ranked(CHOICES + 1):
            if other != NONE and p >= CUE_SUPPORT and self._reaches(other, have):
                return other
        return label

    def _reaches(self, label: str, have: set[str]) -> bool:
        action = self._actions.get(FAMILY_TASK.get(label, label))
        if action is None or label in FAMILIES:
            return True  # meta tasks take their concrete form from what they read
        needed = action.input_modality(action.main_input)
        return needed in have or any(_reads(b, have) and needed in b.output_modalities for b in self._actions.values() if b.bridge)

    def _named_rather_than_conversion(self, label: str, reading: PartReading, inside: list[Mention]) -> str:
        """'Summarise ./talk.wav': the clause names summarisation and holds audio, so the detector may read
        it as transcription. The planner adds that conversion by itself; the clause asks for what it names."""
        conversion = self._actions.get(label)
        if conversion is None or not conversion.bridge or not _reads(conversion, reading.part.modalities):
            return label
        for mention in inside:
            named = self._actions.get(mention.task)
            if named is not None and named.name != label and _reads(named, conversion.output_modalities) \
                    and _probability(reading, mention.task) >= CUE_FLOOR:  # not a cue the clause rules out ("read the text on")
                return mention.task
        return label

    def _choose(self, reading: PartReading, located: RequestText) -> str | None:
        """The LLM's choice among the detector's best readings of a clause (None: no valid answer)."""
        options = [label for label, _p in reading.ranked(CHOICES)]
        if NONE not in options:
            options.append(NONE)
        listing = "\n".join(f"- {o}: {self._task_descriptions.get(o, 'the part asks for no task')}" for o in options)
        prompt = string.Template(PROMPT.read_text(encoding="utf-8")).substitute(
            request=located.query, part=located.query[reading.part.start:reading.part.end].strip(), options=listing)
        schema = {"type": "object", "properties": {"task": {"type": "string", "enum": options}}, "required": ["task"]}
        usage = self.usage.setdefault(CHOOSE_STAGE, Usage())
        completion = self.chooser.complete([{"role": "user", "content": prompt}], schema)  # LLMUnavailable: the user's to fix
        usage.add(completion)
        try:
            chosen = json.loads(completion.text[completion.text.find("{"): completion.text.rfind("}") + 1])["task"]
        except (ValueError, KeyError, TypeError):
            chosen = None
        if chosen not in options:
            usage.errors.append(f"the answer {completion.text[:80]!r} names none of {options}")
            usage.invalid += 1
            usage.fallback = True
            return None
        return chosen

    @cached_property
    def _actions(self) -> dict[str, ActionSchema]:
        return load_library().actions

    @cached_property
    def _task_descriptions(self) -> dict[str, str]:
        return {name: action.description for name, action in self._actions.items()}

    def _without_unread(self, parsed: ParsedRequest, kept: list[Mention], unread: list[tuple[Mention, str | None]]) -> list[Mention]:
        """A task read surely that needs a picture, sound or video the request does not name ("caption a photo
        with an MIT model") is planned on an input to name when running (`InputNotGiven`); an unsure one is a
        false alarm ('describe the weather'), and a request left with no task is an error."""
        missing = sorted({modality for mention, modality in unread if modality and (mention.confidence or 0.0) >= SURE})
        if missing:
            asked = ", ".join(sorted({m.task for m, modality in unread if modality in missing}))
            raise InputNotGiven(f"the request asks for {asked} on {' and '.join(_with_article(m) for m in missing)} it does not "
                                "name: name the file (e.g. " + ", ".join(EXAMPLE_FILE[m] for m in missing) + ")", missing)
        if not kept:
            asked = ", ".join(sorted({m.task for m, _modality in unread}))
            raise NothingToPlan(f"the request asks for {asked}, which needs a picture or sound the request does not give: name the file")
        return kept


def _asked_about_its_language(masked: str, part: Part) -> bool:
    """Whether a clause asks which language its input is in ("What language is this text in?"), not for a text in one."""
    words = masked[part.start:part.end]
    return purpose_asked("text-classification", words) == "language" and not TARGET_LANGUAGES.search(words)


def _into_another_language(task: str, masked: str, part: Part, earlier_part: Part | None) -> bool:
    """Whether a translation asked right after another goes into a language the other does not ("into English,
    then translate the English into German"): a second step, not the first said on."""
    if task != TRANSLATION or earlier_part is None:
        return False

    def targets(start: int, end: int) -> set[str]:  # languages after "into" or "to" ("in Portuguese" may be the source's)
        return {m.group().split()[-1].lower() for m in TARGET_LANGUAGES.finditer(masked, start, end) if not m.group().lower().startswith("in ")}
    now, before = targets(part.start, part.end), targets(earlier_part.start, earlier_part.end)
    return bool(now) and bool(before) and not now & before


def _asks_another_question(located: RequestText, part: Part, earlier_part: Part | None) -> bool:
    """The part asks a question of its own after the part before asked another ("Which truck had the most incidents?
    Which used the most fuel?": one answer each)."""
    if earlier_part is None:
        return False
    questions = questions_asked(located)

    def asked(of: Part) -> list[str]:
        return [text for start, end, text in questions if start < of.end and of.start < end]
    return len(mine := asked(part)) == 1 and len(theirs := asked(earlier_part)) == 1 and mine != theirs


def detector_cues(rules: RuleUnderstander, located: RequestText, mentions: list[Mention]) -> list[CueSpan]:
    """Prepare a located request for the detector: references to earlier outputs read as "it"; and give
    the cue phrases that ask for a task (training reads its examples through this too)."""
    located.references = [(_with_determiner(located.masked, m.start), m.end) for m in mentions if m.refers_to is not None] \
        + [(start, end) for start, end, _task in results_of_named_steps(located.masked)]
    return cue_spans(rules, located.masked)


def _result_asked_in_a_language(label: str, reading: PartReading, inside: list[Mention], located: RequestText) -> str:
    """'a quick summary of this in Vietnamese', 'an English summary of it', 'read it out in Spanish': the clause
    names the result it wants and the language it wants it in, which the detector reads as a translation. The
    result is the step; the language it is asked in brings the translation (`output_language`)."""
    words = located.masked[reading.part.start:reading.part.end]
    if label != TRANSLATION or TRANSLATE_WORD.search(words) or not asked_languages(words):
        return label
    return next((m.task for m in inside if m.task in FOLLOW_THEIR_TEXT and _probability(reading, m.task) >= CUE_FLOOR), label)


MODEL_NOUN = re.compile(r"\b(?:models?|checkpoints?|l?lms?|weights)\b", re.I)  # not a tool or a system: "which planets in our solar system ..."
MODEL_AFTER = re.compile(rf"\s+(?:{model_nouns()})\b", re.I)


def _model_of_a_step_asked(mention: Mention, located: RequestText, earlier: list[Mention]) -> bool:
    """A task's word that names the model of a step already asked for, in a sentence stating a limit ("Use the
    smallest summarising model you have"): it constrains that step, asking for none."""
    if not any(family_of(e.task) == family_of(mention.task) for e in earlier) or not MODEL_AFTER.match(located.masked, mention.end):
        return False
    start, end = sentence_span(located.masked, mention.start)
    return any(start <= c.start < end for c in located.constraints)


def _without_late_references(inside: list[Mention], located: RequestText, earlier: list[Mention]) -> list[Mention]:
    """'Say the answer aloud' after a question: 'the answer' names the output of a step the detector found
    (the rules could not know of it), so it becomes a reference to that step."""
    kept = []
    for mention in inside:
        named = [e for e in earlier if e.task == mention.task]
        if mention.kind == "noun" and named and DETERMINER.search(located.masked[: mention.start]):
            mention.refers_to = named[-1]
        else:
            kept.append(mention)
    return kept


def _labels_read(goals: list[GoalSpec], inputs: dict[str, InputResource]) -> None:
    """Candidate labels the request offers are read by a step: when no step reads them and one step
    classifies with a fixed label set, that step chooses among them instead."""
    if LABELS_ID not in inputs or any(LABELS_ID in goal.uses or goal.task in LABEL_TASKS for goal in goals):
        return
    fixed = [goal for goal in goals if goal.task in ZERO_SHOT]
    if len(fixed) == 1:
        fixed[0].uses.append(LABELS_ID)


def _made_of_an_input(mention: Mention, located: RequestText) -> bool:
    """A task noun followed by the input it is made of ("from a summary of this text: ...", "the transcription
    of ./call.wav") asks for that step, however the clause reads as a whole."""
    return mention.kind == "noun" and mention.refers_to is None and OF_AN_INPUT.match(located.masked, mention.end) is not None


def _reads(action: ActionSchema, modalities: Collection[str]) -> bool:
    """Whether the action reads one of these modalities directly (no conversion in front)."""
    return action.input_modality(action.main_input) in modalities


def _already_converted(goal: GoalSpec, actions: dict[str, ActionSchema], inputs: dict[str, InputResource]) -> set[str] | None:
    """The kinds of data of the input a conversion step reads when that input already has the form the step makes
    (a text-to-image step of ./house.jpg), else None."""
    action, source = actions.get(goal.task), inputs.get(goal.source) if isinstance(goal.source, str) else None
    if action is None or source is None or not action.bridge or _reads(action, source.modalities):
        return None
    have = set(source.modalities)
    return have if set(action.output_modalities) <= have else None


def _without_no_op_conversions(goals: list[GoalSpec], actions: dict[str, ActionSchema], inputs: dict[str, InputResource]) -> list[GoalSpec]:
    """A conversion still asked of an input that already has the converted form, beside other steps, names that
    input rather than asking for a step ("For the photo of the horse (./horse.jpg) I want: a description ..."
    read as making the photo): it is left out, and the steps reading it read the input. Alone, it stays (the
    planner says there is nothing to convert)."""
    replaced = {position: goal.source for position, goal in enumerate(goals) if _already_converted(goal, actions, inputs) is not None}
    if not replaced or len(replaced) == len(goals):
        return goals
    kept = [position for position in range(len(goals)) if position not in replaced]
    new_index = {old: new for new, old in enumerate(kept)}

    def moved(source: int | str | None) -> int | str | None:
        source = replaced.get(source, source) if isinstance(source, int) else source
        return new_index[source] if isinstance(source, int) else source

    return [goals[position].model_copy(update={"source": moved(goals[position].source), "uses": [moved(u) for u in goals[position].uses]})
            for position in kept]


def _readings_that_read(goal: GoalSpec, actions: dict[str, ActionSchema], modalities: Collection[str]) -> list[str]:
    """The tasks the goal's clause was also read as that read one of these modalities directly, likeliest first."""
    return [t for t in goal.readings if t in actions and _reads(actions[t], modalities)]


def _take_reading(goal: GoalSpec, fitting: list[str]) -> None:
    """The goal becomes the first fitting reading of its clause, if there is one."""
    if fitting:
        goal.task, goal.confidence = fitting[0], goal.readings[fitting[0]]


def _task_of(label: str, located: RequestText, part: Part, labels_taken: bool = False) -> str:
    """The step a clause's reading asks for: a label task as `_labelled` reads it, any other by its family."""
    return _labelled(label, located, part, labels_taken) if family_of(label) == CLASSIFY else family_of(label)


def _labels_of_sound_or_picture(task: str, clause: str) -> str:
    """A text label asked, with no text given, of sounds or pictures the clause names ("labels the emotion in short
    customer voice notes", "which of my photos show a cat"): the label of that kind of data (sounds have no
    zero-shot task: their labels are the classifier's own)."""
    sounds = SOUNDS_NAMED.findall(clause)
    rest = SOUNDS_NAMED.sub(" ", clause)
    if TEXTS_NAMED.search(rest):
        return task
    if sounds:
        return "audio-classification"
    if PICTURES_NAMED.search(rest):
        return ZERO_SHOT["image-classification"] if task in WITH_FIXED_LABELS else "image-classification"
    return task


def _labelled(label: str, located: RequestText, part: Part, labels_taken: bool = False) -> str:
    """A label task as the detector read it (text, image or audio: the planner converts a screenshot to read
    its text); zero-shot when its sentence offers the candidate labels, or when the detector read it so and
    the request offers some; with fixed labels when the request offers none, or when an earlier step took
    them ("decide whether it is about A, B or C, and also give me the sentiment")."""
    if not located.labels or labels_taken:
        return WITH_FIXED_LABELS.get(label, label)
    return ZERO_SHOT.get(label, label) if _labels_within(located, *sentence_span(located.masked, part.start)) else label


def _without_constraint_clauses(located: RequestText, tasks: list[Mention]) -> str:
    """The request as a step's prompt: without the clauses that only state a constraint ("make sure the model is
    well-liked", "Model must be Korean and under 100M parameters."); the models are not told of them."""
    text = located.query
    for part in reversed(split_parts(located)):
        phrases = [c for c in located.constraints if part.start <= c.start < part.end]
        if not phrases or any(part.start <= m.start < part.end for m in tasks):
            continue
        clause = located.masked
        for c in phrases:
            clause = blanked(clause, c.start, c.end)
        if speaks_of_a_model(clause[part.start:part.end].replace(BLANK, " ")):
            text = text[:part.start].rstrip(" ,;-\u2013\u2014") + " " + text[part.end:]
    return " ".join(text.split())


def _introduces_asks(reading: PartReading, following: list[PartReading], located: RequestText) -> bool:
    """A clause that ends in a colon, followed by one that asks surely, introduces the asks when it names no input and
    asks for nothing surely ("need two things on each incoming user message: a chatbot reply, and ...") or only for what
    a step after it asks again ("I'd like to know how much the answers overlap: transcribe ..., then score how similar
    the transcripts are"), or when it counts them ("I need three things for the CRM:", "Three steps on the abstract below. Step one:") or titles them
    ("Production checklist for interview.mp3 (...):")."""
    text = located.masked[reading.part.start:reading.part.end].rstrip()
    first, _break, rest = text.partition("\n")
    if rest and all(line.lstrip().startswith("|") for line in rest.split("\n") if line.strip()):
        text = first.rstrip()  # the line above a table's header row
    if not (following and text.endswith(":") and following[0].best[0] != NONE and following[0].best[1] >= SURE):
        return False
    asked_again = any(f.best[0] == reading.best[0] and f.best[1] >= SURE for f in following)  # the goal the steps reach
    return ((reading.best[1] < SURE or asked_again) and not _has_input(reading.part)) or COUNTED_ASKS.search(text) is not None


def _without_announcements(tasks: list[Mention], located: RequestText) -> list[Mention]:
    """Without an unsure mention that names no input of its own when a later one asks for the same task surely: the
    backstory announced what the request then asks ("the reception kiosk needs a welcome announcement. Please
    translate this ... and turn it into a spoken audio file")."""
    named = [s for s, _e, _p in located.files] + [s for s, _e, _t in located.texts]

    def announces(mention: Mention) -> bool:
        return (mention.confidence is not None and mention.confidence < UNCERTAIN
                and not any(mention.start <= at < mention.end for at in named)
                and any(m.task == mention.task and m.start > mention.end and (m.confidence or 0.0) >= SURE for m in tasks))
    return [m for m in tasks if not announces(m)]


def _titles_asks_below(reading: PartReading, asking: list[PartReading], located: RequestText) -> bool:
    """A ticket's or an e-mail's title line ("Summary: Depth + segmentation for warehouse photos", "Subject: ...")
    names what the lines below it ask, when one of them asks surely: it asks for nothing of its own."""
    line_start = located.query.rfind("\n", 0, reading.part.start) + 1
    line_end = located.query.find("\n", line_start)
    if not TITLE_LINE.match(located.query, line_start) or (line_end >= 0 and located.query[line_end:reading.part.end].strip()):
        return False  # (a part joined to the letter below its title line asks what the letter asks)
    return any(r.part.start > reading.part.end and r.best[0] != NONE and r.best[1] >= SURE for r in asking)


def _labels_within(located: RequestText, start: int, end: int) -> bool:
    """Whether the request's candidate labels stand inside a span."""
    return bool(located.labels) and start <= located.labels[0][0] < end


def _only_offers_labels(part: Part, located: RequestText) -> bool:
    """A clause that holds the candidate labels and only introduces them ('Given the options: a, b')."""
    introduces = bool(located.labels) and not located.masked[part.end:located.labels[0][0]].strip(" :([{")
    if not (introduces or _labels_within(located, part.start, part.end)) or _has_input(part):
        return False
    words = re.findall(r"[^\W_]+", located.masked[part.start:part.end].lower())
    return len(words) <= LABEL_INTRODUCTION_WORDS and bool(LABEL_NOUNS & set(words))


def _asks_nothing(part: Part, located: RequestText) -> bool:
    """A clause that only points at an input ('For ./a.jpg:', 'Regarding ./b.wav', 'Example message: ___'), that
    only names what the words after it are about ('As for the voice,'), that speaks only of the models' licences
    ('so leave that whole licence family out'), or that says what is not wanted ('Not a transcript', 'no summary
    needed'; a negation opening the first of several sentences joined into one part refuses no more than that
    sentence: "Nothing under that RAIL licence, ok? Anyway: write a tagline")."""
    text = located.masked[part.start:part.end]
    words = re.findall(r"[^\W_]+", text.lower())
    pointing = BLANK * 3 in text and set(words) <= POINTING_WORDS | PASTE_LABEL_WORDS and not part.question
    refusing = NEGATED.match(text) is not None and not LATER_SENTENCE.search(text.rstrip())
    of_licences = not _has_input(part) and LICENCE_WORD.search(text) is not None and speaks_of_a_model(text)
    topic = TOPIC_ONLY.fullmatch(text) is not None
    return refusing or of_licences or topic or (pointing and not _labels_within(located, part.start, part.end)) \
        or _language_of_the_paste_below(part, located)


def _narrates(reading: PartReading, located: RequestText, cued: list[Mention]) -> bool:
    """A clause that only tells what happened ("Spoke to the council press office; they sent the statement below",
    "Someone photographed the whiteboard before it was wiped: ./wb.jpg"), or that gives no input, tells it and is read
    as asking for an answer or a text, the readings a statement leans to ("good attendance, the Q&A ran over, and the
    CEO confirmed the office move is postponed") and names no work by its verb ("Draft an email to my landlord ..., it
    has been broken for a week"). A task read very surely outweighs a narrating opening ("driver left a voicemail
    (___) its super noisy clean it up first", where a sentence's end is missing)."""
    clause = located.masked[reading.part.start:reading.part.end]
    sentence_start, sentence_end = sentence_span(located.masked, reading.part.start)
    sentence = located.masked[sentence_start:sentence_end]
    if qualifies_the_thing_before(located.masked[sentence_start:reading.part.start], clause):
        return False
    verbs = any(m.kind == "verb" and reading.part.start <= m.start < reading.part.end for m in cued)
    answering = reading.best[0] in ANSWERS_OR_WRITING
    told = ticked_off(clause) or (narrates(clause) and (answering or reading.best[1] < NARRATION_OUTWEIGHS)) \
        or (answering and tells_what_happened(clause) and not _has_input(reading.part) and not verbs)
    return told and not holds_an_ask(sentence)


def _asks_about_things(readings: list[PartReading], located: RequestText, parsed: ParsedRequest, has_inputs: bool) -> bool:
    """The message asks about models or tasks, not for work: nothing is given to work on (no file, table, pasted or
    quoted text), no limit on a model is required, no clause asks surely outside a question, and the whole message
    reads so (`about_things`)."""
    if has_inputs or located.texts or any(not c.wish for c in located.constraints) or any(_asks_outright(r, located) for r in readings):
        return False
    return shared_about_things().probability(parsed.query) >= ABOUT_THINGS


def _mentions_models_or_tasks(located: RequestText, mentions: list[Mention], start: int = 0, end: int | None = None) -> bool:
    """The message names a task or a model ("zero-shot classification", "summaries", "the intent model", "LLMs"):
    what a question about HIVE's world speaks of; "which planets in our solar system have rings?" asks a model for
    an answer."""
    named = [m for m in mentions if not QUESTION_OPENING.match(located.masked[m.start:m.end])]  # not "how many" (counting)
    return bool(named) or MODEL_NOUN.search(located.masked, start, len(located.masked) if end is None else end) is not None


def _answer_asked_without_a_question(tasks: list[Mention], located: RequestText) -> bool:
    """A sentence that opens by asking to answer and holds no question ("Which language should I learn next? Answer
    from this text: ..."): the question asked elsewhere is the one it answers, no second step ("Use those answers
    to write ..." asks nothing of the kind)."""
    def opens_an_answer(mention: Mention) -> bool:
        start, end = sentence_span(located.masked, mention.start)
        sentence = located.masked[start:end]
        return "?" not in sentence and not located.masked[start:mention.start].strip(" \t\n-*:") \
            and located.masked[mention.start:mention.end].lower().startswith("answer")

    return any(m.task == ANSWER and opens_an_answer(m) for m in tasks)


def _question_about_things(located: RequestText, start: int, end: int, mentions: list[Mention]) -> bool:
    """A question beside the asks that is put to the people who run the service ("How well do LLMs handle accents these
    days? Transcribe ./a.wav ..."): it names a task or a model and reads, on its own, as asking about things."""
    inside = [m for m in mentions if start <= m.start < end]
    return _mentions_models_or_tasks(located, inside, start, end) \
        and shared_about_things().probability(located.query[start:end]) >= ABOUT_THINGS


def _asks_outright(reading: PartReading, located: RequestText) -> bool:
    """A clause read surely as a task, said as a statement or as a question that asks ("could you ...?", "please")."""
    label, probability = reading.best
    if label == NONE or probability < SURE:
        return False
    return not reading.part.question or ASKING_WORDS.search(located.masked, reading.part.start, reading.part.end) is not None


def _goes_on_weakly(reading: PartReading, located: RequestText) -> bool:
    """A relative clause read unsurely, no question and no input, goes on with the clause before it rather than asking
    ("everything is accepted except clause 9, which we'll revisit at renewal")."""
    return RELATIVE_CLAUSE.match(located.masked, reading.part.start) is not None and not reading.part.question \
        and reading.best[1] < SURE and not _has_input(reading.part)


def _language_of_the_paste_below(part: Part, located: RequestText) -> bool:
    """A clause that only says the language of the text pasted right below it ("Customer's message, in Italian:")."""
    said = LANGUAGE_OF_WHAT_FOLLOWS.fullmatch(located.masked, part.start, part.end)
    return said is not None and said["language"].lower() in LANGUAGE_NAMES \
        and located.masked[part.end:].lstrip().startswith(BLANK * 3)


def _reads_a_task(reading: PartReading) -> bool:
    return reading.best[0] != NONE and reading.best[1] >= WEAK


# "(3) ", "3. " anywhere ("need: (1) a tagline"), "- " at the start: a part that is an item of a list
LIST_LABEL = re.compile(r"^\s*[-*\u2022]\s|(?:^|[\s:])(?:\(\d{1,2}\)|\d{1,2}[.)])\s")
LISTED_TASK = 0.25  # an item read as none, in a list whose other items ask, asks for its likeliest task if it scores this


def _listed_deliverables(readings: list[PartReading], located: RequestText) -> list[PartReading]:
    """The readings with each item of a list of wanted things that the detector reads as none taken as its likeliest
    task, when every other item of the list asks surely ("need: (1) a punchy tagline, (2) a hero image based on the
    tagline, (3) the tagline as a voiceover clip": the third is the voiceover's speech synthesis). An item stating a
    limit on the models is left alone."""
    items = [r for r in readings if LIST_LABEL.search(located.masked[r.part.start:r.part.end])]
    if len(items) < 3:
        return readings
    unsure = [r for r in items if r.best[0] == NONE]
    if len(unsure) != 1 or any(r.best[1] < SURE for r in items if r is not unsure[0]):
        return readings
    item = unsure[0]
    task, probability = next((t, v) for t, v in item.ranked() if t != NONE)
    if probability < LISTED_TASK or any(item.part.start <= c.start < item.part.end for c in located.constraints):
        return readings
    promoted = PartReading(item.part, {**item.probabilities, NONE: 0.0})
    return [promoted if r is item else r for r in readings]


RELATIVE_CLAUSE = re.compile(r"\s*(?:which|who|whose)\b")  # lower case: it goes on with the clause before it
COUNTS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}


def _counted_deliverables(readings: list[PartReading], located: RequestText) -> list[PartReading]:
    """The readings with each item after a colon that counts them ("two things: the caller's emotion and a full
    transcript") taken as its likeliest task when the detector reads it as none: the person said how many things
    they want, and the items of the sentence are that many. An item stating a limit on the models is left alone."""
    masked = located.masked
    for index, intro in enumerate(readings):
        counted = COUNTED_THINGS.search(masked, intro.part.start, intro.part.end)
        if counted is None:
            continue
        sentence_end = sentence_span(masked, intro.part.end)[1]
        items = [r for r in readings[index + 1:] if r.part.start < sentence_end]
        if len(items) != COUNTS[counted["count"].lower()]:
            continue
        promoted = {id(r): PartReading(r.part, {**r.probabilities, NONE: 0.0}) for r in items if r.best[0] == NONE
                    and not any(r.part.start <= c.start < r.part.end for c in located.constraints)}
        return [promoted.get(id(r), r) for r in readings]
    return readings


def _has_input(part: Part | None) -> bool:
    return part is not None and bool(part.modalities or part.inline_text)


def _with_article(modality: str) -> str:
    return f"an {modality}" if modality[0] in "aeiou" else f"a {modality}"


def _with_determiner(text: str, start: int) -> int:
    """Where 'the short summary' begins, given where 'summary' does."""
    match = DETERMINER.search(text[:start])
    return match.start() if match else start


def _probability(reading: PartReading, task: str) -> float:
    """The detector's probability of a task, or of any task of a meta family."""
    return round(sum(reading.probabilities.get(t, 0.0) for t in FAMILIES.get(task, (task,))), 3)


def _words_span(text: str, start: int, end: int) -> tuple[int, int]:
    """A clause's span without the spaces and punctuation around it (they separate it from its neighbours)."""
    clause = text[start:end]
    return start + len(clause) - len(clause.lstrip(PUNCTUATION)), end - len(clause) + len(clause.rstrip(PUNCTUATION))


def _likeliest_ask(readings: list[PartReading], located: RequestText, refused: Collection[str] = ()) -> list[Mention]:
    """A request that gives an input asks something of it: when every clause reads "none", the likeliest task
    a clause reads at least CUE_SUPPORT is the step, kept uncertain ("voice this paragraph: '...'"); never free
    writing, which would ignore the input, nor a task the request refuses."""
    label, p, reading = max(((label, p, r) for r in readings for label, p in r.probabilities.items()
                             if label not in (NONE, FREE_WRITING, *refused)),
                            key=lambda found: found[1], default=("", 0.0, None))
    if reading is None or p < (CUE_FLOOR if refused else CUE_SUPPORT):  # what is left once a task is refused: its next reading
        return []
    return [_mention_of_part(_task_of(label, located, reading.part), reading, located, p)]


def _the_question_given(parsed: ParsedRequest, readings: list[PartReading], located: RequestText) -> list[Mention]:
    """A request that asks nothing but gives an input and a question for it ("- Input: shelf.jpg / - Question: ...")
    asks for the question's answer, from that input; kept uncertain."""
    if parsed.question is None or not (parsed.files or parsed.input_texts) or not readings:
        return []
    marker = QUESTION_MARKER.search(located.masked)
    reading = next((r for r in readings if marker is not None and r.part.start <= marker.start() < r.part.end), readings[0])
    return [_mention_of_part(ANSWER, reading, located, CUE_SUPPORT)]


def _modelled_ask(readings: list[PartReading], located: RequestText, detector: TaskDetector) -> list[Mention]:
    """A request whose clauses all read "none" but name a model of a clear task, or the task itself (in the field's
    shorthand too: "squad2 extractive qa, highest exact match"), asks for that task ("chatbot for my discord server,
    english only ...: 'yo what's the best way to learn guitar'"): as surely as a name says it, unless the clause opens
    with the noun used as a verb ("voice this paragraph")."""
    for reading in readings:
        clause = located.masked[reading.part.start:reading.part.end]
        if narrates(clause) or describes_a_state(clause) or asks_a_reason(clause):  # "we tried the sub-1B captioning models"
            continue
        task = task_of_model_named(clause, detector) or task_named_in(spelt_out(clause))
        if task is not None:
            return [_mention_of_part(_task_of(task, located, reading.part), reading, located, _as_named(_probability(reading, task), clause))]
    return []


def _as_named(probability: float, clause: str) -> float:
    """How sure a step is that a model's noun or the task's own name asks for: at least SURE, unless the clause opens
    with the noun used as a verb ("voice this paragraph: ..."), which stays as unsure as the detector reads it."""
    return probability if OPENING_VERB.match(clause) else max(probability, SURE)


def _mentions_of_chain(chain: Chain) -> list[Mention]:
    """The steps an arrow chain asks for, each reading the one before it ("ASR -> summarize -> TTS for ./a.wav":
    the speech synthesis reads the summary, not the file named beside it)."""
    mentions = [_mention_of_chain_step(step) for step in chain.steps]
    for previous, mention in zip(mentions, mentions[1:]):
        mention.feeds = previous
    return mentions


def _mention_of_chain_step(step: ChainStep) -> Mention:
    """A step an arrow chain asks for ("speech -> text -> english")."""
    mention = Mention(step.task, step.start, step.end, "verb", language=step.language)
    mention.confidence, mention.readings = round(step.confidence, 3), [(step.task, step.confidence)]
    return mention


def _mention_of_part(task: str, reading: PartReading, located: RequestText, confidence: float) -> Mention:
    """A step asked for by a whole clause rather than a cue phrase in it, with the detector's readings."""
    mention = Mention(task, *_words_span(located.masked, reading.part.start, reading.part.end), "verb")
    mention.confidence, mention.readings = round(confidence, 3), reading.ranked()
    return mention


def _nearest(readings: list[PartReading]) -> str:
    best: dict[str, float] = {}
    for reading in readings:
        for label, p in reading.probabilities.items():
            if label != NONE:
                best[label] = max(best.get(label, 0.0), p)
    top = [(task, p) for task, p in sorted(best.items(), key=lambda kv: -kv[1])[:3] if p >= 0.05]
    if not top:
        return "none; ask e.g. 'transcribe ./a.wav', 'summarise ./notes.txt', 'draw a lighthouse'"
    return ", ".join(f"{task} ({p:.2f})" for task, p in top)
