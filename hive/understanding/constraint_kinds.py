"""The learned constraint reader: which kinds of constraint each clause of a request states.

The vocabulary reader (`hive.selection.phrases`) finds the values people name (licences, counts, metrics,
languages) and reads their role from the few words around them; a constraint said in words it has no
pattern for is lost ("Offline.", "nothing too big, it runs on my old laptop", "the speech model must do
Cantonese", "fits in 250M"). This reader scores every clause for each kind of constraint — a one-vs-rest
logistic regression over the clause's sentence vector and word n-grams (with a network beside it, `hidden_layer.py`,
when trained with `--network`: then the mean of the two), trained on requests whose writers marked the words that
state each constraint (`python -m hive.understanding.constraint_training`).

Where it reads a kind surely in a clause in which the vocabulary reader found none of that kind, the value is
taken from the clause: a language name, a count (a size cap, a download floor); kinds without a value
(offline, smallest, most downloaded, most liked) need none. A licence word that is an ordinary word too
("both apache.") is a licence in a clause read surely as stating one. A kind read surely whose value the clause
does not give (a licence or benchmark the vocabulary does not know) is reported back, never applied as a guess.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from hive.selection.constraints import LANGUAGE_MENTION, LANGUAGE_NAMES, parse_bytes, parse_count
from hive.selection.phrases import REFUSED_LANGUAGE, Phrase, licence_words_unread, quantities, value_kinds
from hive.understanding.encoder import SentenceEncoder, shared_encoder
from hive.understanding.features import hashed_ngrams
from hive.understanding.hidden_layer import Network, load_network, output_logits
from hive.understanding.language import pairs_from
from hive.understanding.package_files import package_file
from hive.understanding.parsing import PARAGRAPH_BREAK, RequestText
from hive.understanding.segments import Part, split_parts

# a labelled kind -> the constraint field the vocabulary reader sets for it (and the value, for fixed ones)
FIELD_OF_KIND: dict[str, tuple[str, object]] = {
    "licence_allow": ("licences", None), "licence_deny": ("deny_licences", None), "max_params": ("max_parameters", None),
    "smallest": ("smallest", True), "best_on": ("best_on", None), "most_downloaded": ("rank_by", "downloads"),
    "most_liked": ("rank_by", "likes"), "min_downloads": ("min_downloads", None), "language": ("languages", None),
    "offline": ("local_only", True),
}
# fields that carry a kind as well as its own: a size cap is said in parameters, in bytes on disk ("under 800 MB") or
# as another model's size ("no bigger than t5-base")
ALSO_CARRIED_BY: dict[str, tuple[str, ...]] = {"max_params": ("max_bytes", "max_parameters_of")}
FIELDS_OF_KIND = {kind: (field,) + ALSO_CARRIED_BY.get(kind, ()) for kind, (field, _value) in FIELD_OF_KIND.items()}
# a licence the vocabulary reader found in a clause has the role its words give ("the Apache licence, not MIT"): a
# clause the learned reader reads in the other role is read already, not a constraint left unapplied; a clause
# whose size cap the vocabulary read ("params: <500M") states the cap, not a ranking by size as well, and one whose
# ranking by popularity it read ("the one with the biggest like count") ranks by that, not by size
READ_ALREADY_BY = FIELDS_OF_KIND | {"licence_allow": ("licences", "deny_licences"), "licence_deny": ("deny_licences", "licences"),
                                    "smallest": ("smallest", "rank_by") + FIELDS_OF_KIND["max_params"]}
# A licence named by its name's capitalised words beside the word "licence" ("licensed under the Frobnicate Public
# License 7.0", "a Foo licence"): when the vocabulary knows no licence in its clause, the user hears of it.
NAMED_LICENCE = re.compile(r"\blicen[cs]ed\s+(?:under|as|with)\s+(?:the\s+|an?\s+)?[A-Z][\w.+-]*"
                           r"|\b(?!(?:The|This|That|Its|Their|Our|My|Your|Any|Which|What|Whose|No|Each|Every|Some)\b)"
                           r"[A-Z][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*){0,3}\s+[Ll]icen[cs]e\b")
# A language said of people, not of a model: people named after it ("Portuguese speakers", "French-speaking staff") ...
PEOPLE_AFTER = re.compile(r"[\s-]*(?:speaking\s+)?(?:speakers?|people|persons?|colleagues|customers|clients|users|staff|team|crew|"
                          r"family|parents|students|kids|children|friends|relatives|audience|readers|listeners|viewers|natives?|"
                          r"citizens|nationals|guests|visitors|tourists|patients)\b", re.I)
# ... or a text in it ("every name in the English version", "the German transcript"): what a step reads or makes
TEXT_AFTER = re.compile(r"[ \t]+(?:version|text|transcript|translation|summary|original|copy|document|article|output|answer|"
                        r"reply|subtitles?|captions?)\b(?![ \t]*-|[ \t]+(?:models?|ones?|voices?)\b)", re.I)
SERVED = re.compile(r"\b(?:for|to|with)\s+(?:(?:our|my|the|your|their|all|those|these|its)\s+)?$", re.I)  # ... unless the model serves them
# ... or a person as the subject that is it, speaks, reads or knows it ("My boss is French", "she reads English")
PERSON_BEFORE = re.compile(r"\b(?:i|we|he|she|they|(?:my|our|his|her|their)\s+[\w-]+)\s+(?:is|are|am|was|were|(?:only\s+)?"
                           r"(?:speaks?|reads?|writes?|understands?|knows?))\s+(?:(?:fluent|native|perfect|good|some|basic|"
                           r"only|mostly|a\s+bit\s+of)\s+)?$", re.I)
KINDS = tuple(FIELD_OF_KIND)
VALUELESS = {kind for kind, (_field, value) in FIELD_OF_KIND.items() if value is not None}
SURE = 0.3  # a clause states a kind when the reader's probability reaches this (chosen in constraint_training)


def default_weights_path() -> Path:
    return package_file("data/constraint_kinds.npz")


VALUE_KINDS = ("licence", "metric", "parameters", "bytes", "downloads", "millions", "number", "language", "target language")


def value_flags(reading: str) -> np.ndarray:
    """Which kinds of value the clause names (found from vocabularies; their role is what the reader learns)."""
    kinds = value_kinds(reading)
    for match in LANGUAGE_MENTION.finditer(reading):
        kinds.add("target language" if match["before"] else "language")
    return np.asarray([kind in kinds for kind in VALUE_KINDS], dtype=np.float32)


def clause_features(readings: list[str], encoder: SentenceEncoder) -> np.ndarray:
    """One row per clause: its sentence vector, its hashed word n-grams, the kinds of value it names (the order
    is part of a trained model)."""
    if not readings:
        return np.zeros((0, 0), dtype=np.float32)
    embeddings = encoder.encode(readings)
    return np.stack([np.concatenate([e, hashed_ngrams(r), value_flags(r)]) for e, r in zip(embeddings, readings)])


class ConstraintKindReader:
    """Scores clauses for each constraint kind with the shipped weights (or the ones given)."""

    def __init__(self, weights_path: Path | None = None, encoder: SentenceEncoder | None = None) -> None:
        path = Path(weights_path or default_weights_path())
        if not path.is_file():
            raise HiveError(f"the constraint reader's weights are missing ({path}): run 'python -m hive.understanding.constraint_training'")
        with np.load(path, allow_pickle=False) as data:
            self.weights, self.bias = data["weights"], data["bias"]
            self.shift, self.scale = data["shift"], data["scale"]
            self.kinds = [str(k) for k in data["kinds"]]
            self.network = load_network(data)
        self.encoder = encoder or shared_encoder()

    def probabilities(self, parts: list[Part]) -> list[dict[str, float]]:
        """For each clause, the probability that it states each kind."""
        if not parts:
            return []
        rows = (clause_features([p.reading for p in parts], self.encoder) - self.shift) * self.scale
        odds = kind_probabilities(rows, self.weights, self.bias, self.network)
        return [dict(zip(self.kinds, map(float, row))) for row in odds]

    def phrases(self, located: RequestText, found: list[Phrase]) -> tuple[list[Phrase], list[str]]:
        """Constraint phrases the vocabulary reader missed (`found` are its own), and the clauses read as stating
        a constraint whose value they do not give, each as "'clause' (kind)"."""
        added: list[Phrase] = []
        valueless: list[tuple[Part, str | None, str]] = []  # a clause stating a kind (None: a licence name) with no value, as reported
        taken = [(p.start, p.end) for p in found]
        parts = split_parts(located)  # inline values masked, constraint words kept
        for part, probabilities in zip(parts, self.probabilities(parts)):
            for kind, probability in probabilities.items():
                if probability < SURE or _read_already(kind, part, found + added) or (kind == "offline" and _offline_unsaid(part, located)) \
                        or (kind == "smallest" and not SIZE_SAID.search(located.masked, part.start, part.end)):
                    continue
                phrases = phrases_of(kind, part, located, taken)
                added += phrases
                if not phrases and kind != "min_downloads" and not (kind == "language" and _names_no_model_s_language(part, located)):
                    # (a popularity floor is also said in words: "a well-used one")
                    valueless.append((part, kind, kind.replace("_", " ")))
            reported = any(p is part and kind == "licence_allow" for p, kind, _label in valueless)
            if NAMED_LICENCE.search(located.masked, part.start, part.end) and not reported and not _read_already("licence_allow", part, found + added):
                valueless.append((part, None, "licence: a name HIVE does not know"))
        unread = [f"'{located.query[part.start:part.end].strip()}' ({label})" for part, kind, label in valueless
                  if kind is None or not _heading_of_values(kind, part, located.query, found + added)]
        return added, unread


def kind_probabilities(standard: np.ndarray, weights: np.ndarray, bias: np.ndarray, network: Network | None) -> np.ndarray:
    """Clause x kind probabilities: the regression's, or its mean with the network's when there is one."""
    regression = _sigmoid(standard @ weights.T + bias)
    return regression if network is None else (regression + _sigmoid(output_logits(standard, network))) / 2


def _sigmoid(logits: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-logits))


def _read_already(kind: str, part: Part, phrases: list[Phrase]) -> bool:
    """Whether a phrase already gives the clause a value of the kind (or of the kind's other role, for licences)."""
    return any(p.key in READ_ALREADY_BY[kind] and p.start < part.end and part.start < p.end for p in phrases)  # "rank_by: | ROUGE-L on X"


ONLINE = re.compile(r"\bonline\b", re.I)
IN_THE_CLOUD = re.compile(r"\bcloud\b", re.I)
NEGATION = re.compile(r"\b(?:no|not|cannot|never|without|nothing|none|avoid)\b|n't\b", re.I)
OFFLINE = re.compile(r"\boff-?line\b", re.I)
# Words that say where a model may run or what it may reach: the network, the cloud, the premises, the data leaving.
# A machine named alone ("it runs on our old laptop", "on a Raspberry Pi") says how small the model must be, not that
# its weights must already be here, nor does a server ("it has to run on our forum server": hosted there, from any
# download); "leave ... out" refuses, and says nothing of data leaving.
WHERE_IT_RUNS = re.compile(r"internet|off-?line|cloud|network|connect|signal|wi-?fi|\bdata\b|reception|\blocal|prem|"
                           r"device|air-?gap|upload|\bleaves?\b(?!(?:\s+\w+){0,4}\s+out\b)|third[- ]party|\bapi\b|\bsen[dt]\b|install|remote|"
                           r"hosted|outside|external|in-?house|on-?site|\bvpc\b|off-?grid", re.I)


# Words that speak of a model's size or of the machine it must fit: a clause the reader reads as asking for the
# smallest model says one of them ("nothing too heavy, it runs on my old laptop"); "fewer surprises that way" does not.
SIZE_SAID = re.compile(r"small|tin(?:y|iest)|little|light|lean|compact|slim|mini|nano|micro|\bbig|large|heavy|huge|bulk|"
                       r"\bsize|\bfit|memory|\bram\b|disk|space|room|storage|footprint|\b[kmg]b\b|byte|gig|\bmeg|param|weigh|"
                       r"fewest|least|laptop|phone|mobile|\bpi\b|raspberry|device|cpu|gpu|hardware|machine|box|server|edge|embedded|"
                       r"budget|cheap|slow|fast|quick|speed|load|run|chok|modest|old", re.I)


def _offline_unsaid(part: Part, located: RequestText) -> bool:
    """Whether a clause the reader reads as asking for offline models says nothing of where they run: it names no
    network, cloud or premises ("it's going to run on our ancient family laptop"), or it says "online" and not
    "offline" ("I sell them at markets and online": the word is the opposite of running offline, though the
    reader's features sit close to it), and so does a cloud named without a negation ("it will run on our cheap
    cloud server"; but "nothing goes to the cloud" asks for offline models)."""
    clause = located.masked[part.start:part.end]
    if OFFLINE.search(clause):
        return False
    in_the_cloud = IN_THE_CLOUD.search(clause) and not NEGATION.search(clause)
    return bool(ONLINE.search(clause) or in_the_cloud) or not WHERE_IT_RUNS.search(clause)


def _heading_of_values(kind: str, part: Part, query: str, phrases: list[Phrase]) -> bool:
    """Whether the clause is a heading ("Approved licences:", "* licence:") whose values follow it: a phrase of
    its kind after the colon, before the paragraph ends."""
    if not query[part.start:part.end].rstrip().endswith(":"):
        return False
    paragraph_end = PARAGRAPH_BREAK.search(query, part.end)
    stop = len(query) if paragraph_end is None else paragraph_end.start()
    return any(p.key in READ_ALREADY_BY[kind] and part.end <= p.start < stop for p in phrases)


def phrases_of(kind: str, part: Part, located: RequestText, taken: list[tuple[int, int]]) -> list[Phrase]:
    """The constraint a clause states, with the values its words give (none: []). A value inside `taken` (the
    vocabulary reader's phrases) already has a role: "English" in "on the English test set of ..." names data."""
    field, fixed = FIELD_OF_KIND[kind]
    start, end = _trimmed(located.query, part.start, part.end)
    if kind in VALUELESS:
        return [Phrase(start, end, field, fixed, clause=True)]

    def free(at: int) -> bool:
        return not any(s <= at < e for s, e in taken)

    if kind == "language":  # every language the clause names, but not a target ("into English") nor a pair's ("English
        # to Romanian"), nor a person's ("mostly Portuguese speakers", "she reads English perfectly well"), nor one refused
        return [Phrase(m.start("name"), m.end("name"), field, [LANGUAGE_NAMES[m["name"].lower()]])
                for m in LANGUAGE_MENTION.finditer(located.masked, start, end)
                if not m["before"] and free(m.start("name")) and not pairs_from(located.masked, m.end()) and not _no_model_s(m, located.masked, start)]
    counts = [q for q in quantities(located.masked, start, end) if free(q.start)]
    if kind == "max_params":
        for q in counts:
            if q.unit == "byte":
                return [Phrase(q.start, q.end, "max_bytes", parse_bytes(q.number))]
            if q.unit == "parameter" or (q.unit is None and q.scaled and q.number[-1] in "mb"):
                return [Phrase(q.start, q.end, field, parse_count(q.number))]
    if kind == "min_downloads":
        for q in counts:
            if q.unit in ("download", None):
                return [Phrase(q.start, q.end, field, parse_count(q.number))]
    if kind in ("licence_allow", "licence_deny"):  # "both apache.": a word the vocabulary reads as a licence only beside licence talk
        return [Phrase(a, b, field, named if isinstance(named, list) else [named])
                for a, b, named in licence_words_unread(located.masked, start, end) if free(a)]
    return []  # benchmarks, and other licences, are named from the vocabulary only


def _no_model_s(language: re.Match, text: str, clause_start: int) -> bool:
    """Whether a language named in a clause is people's, a text's ("named in the English version") or refused ("not
    English with an accent"), not a model's; people the model serves speak for it ("a chat assistant for our
    Russian-speaking customers")."""
    people = PEOPLE_AFTER.match(text, language.end()) and not SERVED.search(text, clause_start, language.start())
    return bool(people or TEXT_AFTER.match(text, language.end()) or PERSON_BEFORE.search(text, clause_start, language.start()) or REFUSED_LANGUAGE.search(text, clause_start, language.start()))


def _names_no_model_s_language(part: Part, located: RequestText) -> bool:
    """Whether a clause names languages and none is a model's ("the survey crew are mostly Portuguese speakers"):
    it states no limit, so there is nothing to warn of."""
    start, end = _trimmed(located.query, part.start, part.end)
    named = list(LANGUAGE_MENTION.finditer(located.masked, start, end))
    return bool(named) and all(_no_model_s(m, located.masked, start) for m in named)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


@lru_cache(maxsize=1)
def shared_constraint_reader() -> ConstraintKindReader:
    """The process-wide reader with the shipped weights."""
    return ConstraintKindReader()
