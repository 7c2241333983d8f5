"""The selection queries: each constraint a SPARQL boolean over a candidate, and the queries built from them.

Every query judges candidates with the same checks (`?ok_<name>`, funnel order) and ranks them with the
same ORDER BY; they differ in where the candidates come from:
- the explanation: every model of the task, admissible or not, with its verdicts;
- the funnel: a task's profiles (or some of their models), summed per prefix of the checks (funnel.py);
- the ranking: the admissible models of one bucket of a ranked list, of some profiles, or given by id (ranking.py).
Every value is an RDF term serialised by pyoxigraph: no user text is pasted into SPARQL.

Each OPTIONAL holds one triple pattern: oxigraph turns a two-pattern OPTIONAL into a hash join over
the whole predicate tables (20x slower at 100,000 models).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from pyoxigraph import Literal, NamedNode

from hive.contracts import Constraints, Direction
from hive.kg.schema import BYTES_PER_PARAMETER, MANY_LANGUAGES, PREFIX, XSD, model_node, node
from hive.selection.purposes import offered_test
from hive.selection.vocabulary import ResolvedBenchmark, Vocabulary


@dataclass(frozen=True)
class Check:
    """One constraint as a SPARQL boolean expression over `?model`."""

    name: str
    label: str
    expression: str
    reads: tuple[str, ...] = ()  # the facts (FACTS) it reads as variables
    per_model: bool = False  # reads a fact the models of one profile do not share (downloads)


@dataclass(frozen=True)
class Spec:
    """What selecting a model for `task` under some constraints asks of the graph."""

    task: str
    checks: list[Check]
    order: str  # the ORDER BY keys among admissible candidates
    ordering: str | None  # the builder's ranked list in that order ('results': the benchmark's); None: no list
    benchmark: ResolvedBenchmark | None = None

    @property
    def task_node(self) -> str:
        return str(node("task", self.task))


def _in(terms: list[NamedNode]) -> str:
    return ", ".join(str(t) for t in terms)


def _integer(value: int) -> str:
    return str(Literal(str(int(value)), datatype=NamedNode(XSD + "integer")))


def double(value: float) -> str:
    return str(Literal(repr(float(value)), datatype=NamedNode(XSD + "double")))


# A model's parameter count, capped and ranked on: the recorded one, else its bytes at float32 (only offline packages
# record bytes alone: the Piper voice, spaCy, RapidOCR)
PARAMETERS = f"COALESCE(?params, ?bytes / {BYTES_PER_PARAMETER})"


def selection_spec(task: str, constraints: Constraints, vocabulary: Vocabulary) -> Spec:
    """The constraint checks in funnel order, the ranking and its list."""
    checks: list[Check] = []
    if constraints.licences:
        terms, labels = vocabulary.licence_terms(constraints.licences)
        expression = f"EXISTS {{ ?model dcterms:license ?allowed . FILTER(?allowed IN ({_in(terms)})) }}" if terms else "false"
        checks.append(Check("licence", f"licence in {', '.join(labels)}", expression))
    if constraints.deny_licences:
        terms, labels = vocabulary.licence_terms(constraints.deny_licences)
        expression = f"NOT EXISTS {{ ?model dcterms:license ?refused . FILTER(?refused IN ({_in(terms)})) }}" if terms else "true"
        checks.append(Check("deny_licence", f"licence not in {', '.join(labels)}", expression))
    capped = constraints.max_parameters is not None or constraints.max_parameters_of is not None or constraints.max_bytes is not None
    size_known = Check("size_known", "a recorded size", "(BOUND(?params) || BOUND(?bytes))", ("params", "bytes"))
    if capped:  # first, so that a cap is said to remove only models known to be bigger (unknown sizes are named apart)
        checks.append(size_known)
    if constraints.max_parameters is not None:
        checks.append(Check("parameters", f"at most {constraints.max_parameters:,} parameters",
                            f"COALESCE({PARAMETERS} <= {_integer(constraints.max_parameters)}, false)", ("params", "bytes")))
    if constraints.max_parameters_of is not None:
        model, size = vocabulary.model_size(constraints.max_parameters_of)
        checks.append(Check("parameters_of", f"at most the size of {model} ({size:,} parameters)",
                            f"COALESCE({PARAMETERS} <= {_integer(size)}, false)", ("params", "bytes")))
    if constraints.max_bytes is not None:
        checks.append(Check("bytes", f"at most {constraints.max_bytes:,} bytes", f"COALESCE(?bytes <= {_integer(constraints.max_bytes)}, false)", ("bytes",)))
    if constraints.languages:
        terms = vocabulary.language_terms(constraints.languages)
        checks.append(Check("language", f"language in {', '.join(constraints.languages)}",
                            f"EXISTS {{ ?model hive:language ?lang . FILTER(?lang IN ({_in(terms)})) }}"))
    if constraints.listed_or_unsaid:
        term = vocabulary.language_terms([constraints.listed_or_unsaid])[0]
        checks.append(Check("listed_or_unsaid", f"language in {constraints.listed_or_unsaid} or none listed", _lists(term)))
    if task == "translation" and constraints.translation is not None:
        checks += _direction_checks(constraints.translation, vocabulary, constraints.local_only)
    if constraints.min_downloads is not None:
        checks.append(Check("downloads", f"at least {constraints.min_downloads:,} downloads",
                            f"COALESCE(?downloads >= {_integer(constraints.min_downloads)}, false)", ("downloads",), per_model=True))
    if task == "image-to-text" and constraints.reads_text is not None:
        wanted = "reads the text in the image" if constraints.reads_text else "describes the picture"
        checks.append(Check("reads_text", wanted, ("" if constraints.reads_text else "!") + "EXISTS { ?model hive:readsText true }"))
    if constraints.purpose is not None and (offered := offered_test(task, constraints.purpose)) is not None:
        article = "an" if constraints.purpose[0] in "aeiou" else "a"
        checks.append(Check("purpose", f"{article} {constraints.purpose} classifier (by its name)", offered))
    if constraints.local_only:
        checks.append(Check("local", "weights available offline", "COALESCE(?offline, false)", ("offline",)))
    order: list[str] = []
    benchmark = None
    if constraints.best_on is not None:
        benchmark = vocabulary.benchmark(task, constraints.best_on)
        checks.append(Check("benchmark", f"a recorded {benchmark.label}", _has_result(benchmark)))
        order.append("?value" if benchmark.lower_is_better else "DESC(?value)")
    if constraints.smallest and not capped:  # last: what "smallest" alone needs removes only what the rest admit
        checks.append(size_known)
    if constraints.smallest:
        order.append(PARAMETERS)
    if constraints.rank_by == "likes":
        order.append("DESC(COALESCE(?likes, 0))")
    elif constraints.rank_by == "downloads":
        order.append("DESC(COALESCE(?downloads, 0))")
    order += ["DESC(COALESCE(?offline, false))", "DESC(COALESCE(?downloads, 0))", "DESC(COALESCE(?likes, 0))", "?id"]
    return Spec(task, checks, " ".join(order), _ordering(constraints), benchmark)


def _direction_checks(direction: Direction, vocabulary: Vocabulary, documented: bool) -> list[Check]:
    """A translation model writes the step's language and reads its text's (any, when that is not known): as its
    card states its direction (a stated "multiple languages" source reads the ones its card lists), or, unless
    `stated`, as it lists the languages (or none) when its card states none. A general LLM prompted to translate is judged by its card like any model, and also by the languages its
    documentation names when the person asks for local models (`documented`: the offline Qwen's card lists English
    only; its output's language is checked when it runs) (docs/constraints.md, "Translation direction")."""
    language = vocabulary.language_terms([direction.into])[0]
    prompted = f"EXISTS {{ ?model hive:promptedFor {node('task', 'translation')} }}"
    into = f"EXISTS {{ ?model hive:translatesInto {language} }}"
    if not direction.stated:
        by_documentation = f" || ({prompted} && {_prompted_in(language)})" if documented else ""
        into = f"({into}{by_documentation} || (NOT EXISTS {{ ?model hive:translatesInto ?into }} && {_lists(language)}))"
    reads_many = f"EXISTS {{ ?model hive:translatesFrom {vocabulary.language_terms([MANY_LANGUAGES])[0]} }}"
    text = vocabulary.language_terms([direction.source])[0] if direction.source else None
    # a model reading "multiple languages" reads a known one when its card lists it (opus-mt-mul-en lists no Korean)
    source = f"(EXISTS {{ ?model hive:translatesFrom {text} }} || ({reads_many} && {_lists(text)}))" if text else reads_many
    if not direction.stated:
        listed = f" && {_lists(text)}" if text else ""
        prompted_from = f" || ({prompted} && {_prompted_in(text)})" if text and documented else ""
        source = f"({source}{prompted_from} || (NOT EXISTS {{ ?model hive:translatesFrom ?stated }}{listed}))"
    said = "its card says it " if direction.stated else ""
    guessed = " (taken as the request's language)" if direction.assumed else ""
    reads = f"{said}translates from {direction.source}{guessed}" if direction.source else f"{said}reads any language"
    return [Check("translates_into", f"{said}translates into {direction.into}", into), Check("translates_from", reads, source)]


def _prompted_in(language: NamedNode) -> str:
    """A general LLM's documentation names the language."""
    return f"EXISTS {{ ?model hive:promptLanguage {language} }}"


def _lists(language: NamedNode) -> str:
    """The model's card lists the language, or lists none (a general model such as the offline LLM)."""
    return f"(EXISTS {{ ?model hive:language {language} }} || NOT EXISTS {{ ?model hive:language ?listed }})"


def _ordering(constraints: Constraints) -> str | None:
    """The ranked list (kg_builder/indexes.py, ORDERINGS) whose order is the ORDER BY of these constraints."""
    if constraints.best_on is not None:
        return "results"
    if constraints.smallest:
        return None if constraints.rank_by else "smallest"
    return constraints.rank_by or "popular"


def _result_facts(benchmark: ResolvedBenchmark) -> list[tuple[str, str, list[str]]]:
    """(property, variable, allowed values) that a result on the benchmark has: a dataset, a metric and, when
    the name asks for them, a config and a split."""
    facts = [("hive:onDataset", "d", [str(d) for d in benchmark.datasets]), ("hive:metric", "metric", [str(m) for m in benchmark.metrics])]
    if benchmark.configs:
        facts.append(("hive:datasetConfig", "config", [str(Literal(c)) for c in benchmark.configs]))
    if benchmark.splits:
        facts.append(("hive:datasetSplit", "split", [str(Literal(c)) for c in benchmark.splits]))
    return facts


def result_pattern(benchmark: ResolvedBenchmark) -> str:
    """`?v` is the value of `?result` (bound before this pattern), a result on the benchmark that scores `?model`."""
    return "?result hive:value ?v ." + "".join(f" ?result {p} ?{v} . FILTER(?{v} IN ({', '.join(allowed)}))"
                                               for p, v, allowed in _result_facts(benchmark)) + _evaluated(benchmark)


TRAIN = Literal("train")


def _evaluated(benchmark: ResolvedBenchmark) -> str:
    """With no split asked, a train-split result scores only a model with no other result on the benchmark: a model
    is scored by its evaluation (bart-large-xsum's samsum loss is its test 3.775, not its train 3.747)."""
    if not benchmark.evaluated_first:
        return ""
    other = " && ".join(f"EXISTS {{ ?other {p} ?other_{v} . FILTER(?other_{v} IN ({', '.join(allowed)})) }}"
                        for p, v, allowed in _result_facts(benchmark))
    return (f" FILTER(NOT EXISTS {{ ?result hive:datasetSplit {TRAIN} }} || NOT EXISTS {{ ?model hive:result ?other ."
            f" FILTER({other} && EXISTS {{ ?other hive:value ?other_v }} && NOT EXISTS {{ ?other hive:datasetSplit {TRAIN} }}) }})")


def _has_result(benchmark: ResolvedBenchmark) -> str:
    """`?model` has a result on the benchmark. Each inner EXISTS holds one pattern: oxigraph evaluates a
    several-pattern EXISTS by joining whole predicate tables, each time (thousands of times slower)."""
    tests = " && ".join(f"EXISTS {{ ?result {p} ?{v} . FILTER(?{v} IN ({', '.join(allowed)})) }}" for p, v, allowed in _result_facts(benchmark))
    return f"EXISTS {{ ?model hive:result ?result . FILTER({tests} && EXISTS {{ ?result hive:value ?v }}) }}"


def _best(benchmark: ResolvedBenchmark) -> str:
    return "MIN" if benchmark.lower_is_better else "MAX"


# The facts of a candidate, each bound by an OPTIONAL of one pattern: those checks read as variables, then
# those it is shown and ranked with.
FACTS = {"downloads": "hive:downloads", "params": "hive:parameterCount", "bytes": "hive:sizeBytes", "offline": "hive:availableOffline",
         "likes": "hive:likes", "paramsSource": "hive:parameterCountSource", "bytesSource": "hive:sizeBytesSource"}
COLUMNS = "?model ?id ?downloads ?likes ?params ?paramsSource ?bytes ?bytesSource ?offline ?prompted ?value"


def facts(names: Iterable[str]) -> str:
    """OPTIONAL patterns binding the named facts of `?model`."""
    wanted = set(names)
    return "".join(f"\n  OPTIONAL {{ ?model {FACTS[name]} ?{name} }}" for name in FACTS if name in wanted)


def read_facts(checks: list[Check]) -> str:
    """The facts `checks` read."""
    return facts(name for check in checks for name in check.reads)


def verdicts(checks: list[Check]) -> str:
    """`?ok_<name>`: whether a candidate passes that check and every check before it, and `?ok` for all of them.
    A check is not evaluated for a candidate that failed an earlier one (oxigraph's `&&` stops at a false):
    every reader wants only the first check a candidate fails, and the later ones can be the dearest
    (a benchmark's nested EXISTS)."""
    binds, passed = "", ""
    for check in checks:
        binds += f"\n  BIND(({passed}({check.expression})) AS ?ok_{check.name})"
        passed = f"?ok_{check.name} && "
    return binds + f"\n  BIND(({passed}true) AS ?ok)"


def candidates_query(spec: Spec, source: str, admissible_only: bool, limit: int | None = None, value: str = "") -> str:
    """Candidates bound to `?model` by `source` (and `?value` by `value`, when ranking on a benchmark), each with
    the facts it is shown with and its verdicts, in the ranking's order."""
    columns = COLUMNS + " ?ok" + "".join(f" ?ok_{c.name}" for c in spec.checks)
    return PREFIX + f"""SELECT {columns} WHERE {{
  {source}
  ?model dcterms:identifier ?id .{facts(FACTS)}
  BIND(EXISTS {{ ?model hive:promptedFor {spec.task_node} }} AS ?prompted){value}{verdicts(spec.checks)}
  {"FILTER(?ok)" if admissible_only else ""}
}}
ORDER BY DESC(?ok) {spec.order}{f" LIMIT {limit}" if limit is not None else ""}"""


def every_candidate(spec: Spec) -> str:
    """The explanation: every model of the task with its verdicts, admissible ones first and ranked."""
    return candidates_query(spec, f"?model hive:task {spec.task_node} .", admissible_only=False, value=benchmark_values(spec))


# Rejected models come back as one row per profile and verdicts, their ids joined by spaces (hub ids have
# none): a row per model costs more in Python than the query itself. An id is read off the model's IRI
# (hive.kg.schema.model_node), which halves the time a lookup of dcterms:identifier takes.
IDS = f"(GROUP_CONCAT(STRAFTER(STR(?model), {Literal(model_node('').value)}); separator=' ') AS ?ids)"


def rejected_profiles_query(spec: Spec, shared: list[Check]) -> str:
    """The models of the task's profiles that fail `shared` (judged on each representative), with the verdicts."""
    columns = "".join(f" ?ok_{c.name}" for c in shared)
    return PREFIX + f"""SELECT ?ok{columns} {IDS} WHERE {{
  {{ SELECT ?profile ?ok{columns} WHERE {{ {task_profiles(spec)}{read_facts(shared)}{verdicts(shared)} FILTER(!?ok) }} }}
  ?model hive:profile ?profile .
}} GROUP BY ?profile ?ok{columns}"""


def rejected_members_query(spec: Spec, shared: list[Check]) -> str:
    """The models of the profiles that pass `shared` but fail a check of their own, with the verdicts."""
    columns = "".join(f" ?ok_{c.name}" for c in spec.checks)
    return PREFIX + f"""SELECT ?ok{columns} {IDS} WHERE {{
  {profiles_passing(spec, shared)}
  ?model hive:profile ?profile .{read_facts(spec.checks)}{verdicts(spec.checks)}
  FILTER(!?ok)
}} GROUP BY ?profile ?ok{columns}"""


def benchmark_values(spec: Spec) -> str:
    """`?value`: each candidate's best result on the requested benchmark (unbound without one), from the
    benchmark's results looked up by dataset (a scan of every result's metric took 0.3 s at a million models)."""
    if spec.benchmark is None:
        return ""
    return f"""
  OPTIONAL {{ SELECT ?model ({_best(spec.benchmark)}(?v) AS ?value) WHERE {{
      VALUES ?dataset {{ {' '.join(str(d) for d in spec.benchmark.datasets)} }} ?result hive:onDataset ?dataset .
      {result_pattern(spec.benchmark)}
      ?model hive:result ?result ; hive:task {spec.task_node} .
  }} GROUP BY ?model }}"""


def task_profiles(spec: Spec, base: bool = False) -> str:
    """Binds `?profile` to each profile of the task (each base profile: the coarser grouping that ignores
    benchmark keys), `?members` to its size and `?model` to its representative."""
    return f"?profile hive:{'baseProfileOf' if base else 'profileOf'} {spec.task_node} ; hive:members ?members ; hive:representative ?model ."


def profiles_passing(spec: Spec, checks: list[Check]) -> str:
    """A subquery binding `?profile` to each profile of the task whose models pass `checks` (none per model)."""
    return f"{{ SELECT ?profile WHERE {{ {task_profiles(spec)}{read_facts(checks)}{verdicts(checks)} FILTER(?ok) }} }}"


def best_values_query(spec: Spec, source: str) -> str:
    """Each model's best value among the benchmark results `source` binds to `?result` (`?model` their model)."""
    assert spec.benchmark is not None
    return PREFIX + f"""SELECT ?model ({_best(spec.benchmark)}(?v) AS ?value) WHERE {{
  {source}
  {result_pattern(spec.benchmark)}
}} GROUP BY ?model"""
