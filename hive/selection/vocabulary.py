"""What a constraint's names mean in one graph: licence ids and families, benchmarks, languages -> IRIs.

Unknown names are errors with a suggestion; everything a query needs becomes an RDF term here, so
no user text is ever pasted into SPARQL."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property

from pyoxigraph import NamedNode

from hive.errors import HiveError
from hive.kg.access import GraphAccess
from hive.kg.licenses import ID_MARKS, known_ids, normalise
from hive.kg.schema import DATA, PREFIX, node
from hive.selection.constraints import FAMILIES, LANGUAGE_NAMES, METRIC_FAMILIES, Benchmark

FAMILY_ALIASES = {"permissive": ("permissive", "public-domain")}  # ("creative-commons" is every CC licence)


LANGUAGE_CODES = {code: name for name, code in LANGUAGE_NAMES.items()}


class Unresolved(HiveError):
    """A constraint names something the graph does not have (a benchmark, a model to compare sizes with): no model
    of the step it binds can satisfy it. `label` names the constraint ("best on FooBench")."""

    def __init__(self, message: str, label: str) -> None:
        super().__init__(message)
        self.label = label


def _dataset_id(row: dict[str, object]) -> str:
    """'librispeech_asr', 'mozilla-foundation/common_voice_8_0': the result's dataset as the cards name it."""
    return str(row["dataset"]).removeprefix(DATA + "dataset/")


def _id_words(row: dict[str, object]) -> list[str]:
    return _words(_dataset_id(row))


def _dataset_words(row: dict[str, object]) -> list[str]:
    return _id_words(row) + _words(str(row.get("name") or ""))


def _row_words(row: dict[str, object]) -> list[str]:
    """Words naming a result's dataset, config (a language code also by its name) and split (also by its other names)."""
    return _dataset_words(row) + _words(str(row.get("config") or "")) + _split_words(row) + _language_name(row)


def _split_words(row: dict[str, object]) -> list[str]:
    """A result's split, by its own words and their other names ('validation' is also 'dev')."""
    split = _words(str(row.get("split") or ""))
    return split + [name for word in split for name in HELD_OUT_NAMES.get(word, ())]


RUN_TOGETHER = re.compile(r"([a-z]{3,})(\d+)")  # 'squad2', 'conll03'
FIRST_VERSION = {"v1", "1"}  # words of 'v1', 'v1.1', '1.0': the first release, which dataset ids leave unversioned
SPLITS = {"test", "validation", "valid", "val", "dev", "train", "eval", "evaluation"}
HELD_OUT_NAMES = {"validation": ("dev", "val", "valid"), "dev": ("validation", "val", "valid")}  # a split's other names
# Words of a dataset name as people write it that name nothing ("the PubMed configuration of scientific_papers").
DATASET_FILLER = {"the", "set", "split", "dataset", "data", "benchmark", "corpus", "on", "of", "configuration", "config",
                  "version", "subset", "from", "s"}


def _wanted_words(dataset: str, id_words: Collection[str] = ()) -> list[str]:
    """'CNN/DailyMail version 3.0.0 (test)' -> cnn, dailymail, 3, 0, 0, test ('3.0' is written '3' in ids); two words
    that a dataset id writes as one are one ('STS Benchmark' -> stsbenchmark), though one of them names nothing; one
    that no id writes as one is two ('squad2' -> squad, 2)."""
    words = _words(re.sub(r"(\d)\.0\b", r"\1", dataset.replace("'s ", " ")))
    words = [part for word in words for part in _name_and_version(word, id_words)]
    joined: list[str] = []
    for word in words:
        if joined and joined[-1] + word in id_words:
            joined[-1] += word
        else:
            joined.append(word)
    return [w for w in joined if w not in DATASET_FILLER]


def _name_and_version(word: str, id_words: Collection[str]) -> tuple[str, ...]:
    """A name run together with its version that no id writes so ('squad2' of squad_v2) is the name and the version."""
    run_together = RUN_TOGETHER.fullmatch(word)
    return run_together.groups() if run_together and word not in id_words else (word,)


def _language_name(row: dict[str, object]) -> list[str]:
    config = str(row.get("config") or "").lower()
    return [LANGUAGE_CODES[config]] if config in LANGUAGE_CODES else []


def _names_any(words: list[str], tokens: list[str]) -> bool:
    return any(_names(w, t) for w in words for t in tokens)


NAMELESS_CONFIGS = {"default", "plain_text", "none"}  # what cards write for a dataset's only config


def _config_name(row: dict[str, object]) -> list[str]:
    """The words of a result's config when they can name its dataset on their own ('pubmed' of scientific_papers):
    none is a language, a number, a split, a generic word ('clean') or a code under three characters."""
    config = str(row.get("config") or "")
    words = _words(config)
    if config.lower() in NAMELESS_CONFIGS or any(len(w) < 3 or w.isdigit() or w in LANGUAGE_CODES or w in LANGUAGE_NAMES
                                                 or w in SPLITS or w in GENERIC_DATASET_WORDS for w in words):
        return []
    return words


def _naming_score(words: list[str], row: dict[str, object], by_config: bool = False) -> int | None:
    """How many of the wanted words name this result (None: it is not the dataset asked for). `by_config`: its
    config, every word of it named, stands for its dataset."""
    tokens = _row_words(row)
    if by_config:
        config = _config_name(row)
        if not config or not all(_names_any([w for w in words if not w.isdigit()], [t]) for t in config):
            return None
    elif not _names_any([w for w in words if not w.isdigit()], _dataset_words(row)):  # a number alone names no dataset
        return None
    named = [w for w in words if any(_names(w, t) for t in tokens)]
    strict = [w for w in words if any(c.isdigit() for c in w) or w in LANGUAGE_NAMES or w in SPLITS]
    if any(w not in named for w in strict):
        return None
    return len(named)


GENERIC_DATASET_WORDS = {"asr", "dataset", "datasets", "data", "corpus", "hf", "benchmark", "clean", "other", "default"}


def _unsaid(words: list[str], row: dict[str, object]) -> int:
    """How many words of the dataset's id or name (the fewer of the two; its organisation, generic words and
    version numbers aside) the request did not say: among equally named results, the dataset it names most
    exactly wins."""
    dataset_id = _dataset_id(row).split("/")[-1]
    names = [_words(dataset_id), _words(str(row.get("name") or dataset_id))]
    return min(sum(1 for t in name if t not in GENERIC_DATASET_WORDS and not t.isdigit() and not any(_names(w, t) for w in words))
               for name in names)  # a version not named is any version: "Common Voice" is every Common Voice


QUALIFIER = re.compile(r"\s*\([^)]*\)")  # '(seqeval)' in 'f1 (seqeval)'


def _metric_key(row: dict[str, object]) -> str:
    """The result's metric name folded for comparison ('ROUGE-2' -> 'rouge2'; cards also write 'rogue')."""
    return _normal(str(row["metricName"])).replace("rogue", "rouge")


def _has_metric(row: dict[str, object], metric: str) -> bool:
    """Whether a result is of the metric; a name with its tool in brackets is the metric ('F1 (Seqeval)' is F1)."""
    name = _metric_key(row)
    if metric in METRIC_FAMILIES:
        return name.startswith(metric)
    return _same_metric(name, metric) or _same_metric(QUALIFIER.sub("", str(row["metricName"])), metric)


def _names(wanted: str, token: str) -> bool:
    """'conll' names 'conll2003', 'sst' names 'sst2', '2' names 'v2' and '03' names '2003' (but '3' not '93'),
    'english' names 'english'."""
    if wanted.isdigit():
        return token.endswith(wanted) and (len(wanted) >= 2 or not token[:-1][-1:].isdigit())  # 'v2' is 2, '93' is not 3
    # 'sst' of 'SST-2' names 'sst2' (a short name run together with its number)
    return token == wanted or (len(wanted) >= 4 and wanted in token) or (token.startswith(wanted) and token[len(wanted):].isdigit())


def _normal(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _same_metric(name: str, wanted: str) -> bool:
    """'exact_match' is 'exact-match' is 'Exact Match'."""
    return _normal(name) == _normal(wanted)


# Fields a trainer logs beside the scores, none a measure of quality: generation length, loss, an example count, runtime,
# throughput, epochs (the shipped graph holds gen_len, gen-length, loss, validation loss and total).
NOT_QUALITY = re.compile(r"loss|genlen|runtime|persecond|epoch|^total$")


def _quality(row: dict[str, object]) -> bool:
    """Whether the result's metric measures quality (not a field of NOT_QUALITY)."""
    return not NOT_QUALITY.search(_normal(str(row["metricName"])))


def _reports(rows: list[dict[str, object]]) -> Counter[str]:
    """Metric -> how many models report it, over the results."""
    counts: Counter[str] = Counter()
    for row in rows:
        counts[str(row["metricName"]).lower()] += int(row["models"])
    return counts


def _usual_metric(rows: list[dict[str, object]], task_rows: list[dict[str, object]]) -> str:
    """The metric most models report among the results, counting only quality metrics when there is one
    (CNN/DailyMail's cards report gen_len as often as each ROUGE variant); a tie goes to the one the task's
    results on every dataset report most (PubMed's METEOR and ROUGE-1: ROUGE-1)."""
    counts, overall = _reports([r for r in rows if _quality(r)] or rows), _reports(task_rows)
    return min(sorted(counts), key=lambda m: (-counts[m], -overall[m])) if counts else ""


KNOWN_DATASETS, KNOWN_METRICS = 15, 4  # how many a message lists


def _known(rows: list[dict[str, object]]) -> str:
    """The task's benchmarks for a message: the datasets most models report first, each with its metrics, quality
    ones first ('cnn_dailymail (rouge-1, rouge-2, rouge-l, rouge-lsum, …)')."""
    datasets: dict[str, list[dict[str, object]]] = {}
    for row in rows:
        datasets.setdefault(_dataset_id(row), []).append(row)
    ordered = sorted(datasets, key=lambda d: (-max(int(r["models"]) for r in datasets[d]), d))
    overall, listed = _reports(rows), []
    for dataset in ordered[:KNOWN_DATASETS]:
        counts = _reports(datasets[dataset])
        quality = {str(r["metricName"]).lower() for r in datasets[dataset] if _quality(r)}
        metrics = sorted(counts, key=lambda m: (m not in quality, -counts[m], -overall[m], m))
        listed.append(f"{dataset} ({', '.join(metrics[:KNOWN_METRICS])}{', …' if len(metrics) > KNOWN_METRICS else ''})")
    more = len(ordered) - KNOWN_DATASETS
    return ", ".join(listed) + (f" and {more} more" if more > 0 else "") or "none"


def _in_family(licence: dict[str, object], family: str) -> bool:
    spdx = str(licence.get("spdx") or licence.get("hub") or "").upper()
    if family == "creative-commons":
        return spdx.startswith("CC")
    return licence["family"] in FAMILY_ALIASES.get(family, (family,)) or (family in ID_MARKS and ID_MARKS[family] in spdx)


@dataclass(frozen=True)
class ResolvedBenchmark:
    datasets: tuple[NamedNode, ...]
    configs: tuple[str, ...]
    splits: tuple[str, ...]  # the splits the name asks for (none: every split)
    metrics: tuple[NamedNode, ...]  # one, or a family's variants ("ROUGE" = ROUGE-1, -2, -L, ...)
    lower_is_better: bool
    label: str
    evaluated_first: bool = False  # no split asked, and some results are train-split scores, some not


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", text.lower().replace("mozilla-foundation/", "")) if w]


class Vocabulary:
    """Names -> graph terms for one graph (queried once, then cached)."""

    def __init__(self, graph: GraphAccess) -> None:
        self.graph = graph
        self._benchmarks: dict[str, list[dict[str, object]]] = {}
        self._resolved: dict[tuple[str, str], ResolvedBenchmark] = {}

    @cached_property
    def licences(self) -> list[dict[str, object]]:
        return self.graph.select(PREFIX + "SELECT ?licence ?spdx ?hub ?family WHERE { ?licence a hive:License ; hive:family ?family . "
                                 "OPTIONAL { ?licence hive:spdxId ?spdx } OPTIONAL { ?licence hive:hubId ?hub } }")

    def licence_terms(self, names: list[str]) -> tuple[list[NamedNode], list[str]]:
        """Licence IRIs for ids and families, and readable labels; an unknown name is an error with a suggestion."""
        terms, labels = [], []
        for name in names:
            key = name.strip().lower()
            if key in FAMILIES:
                terms += [NamedNode(str(r["licence"])) for r in self.licences if _in_family(r, key)]
                labels.append(f"{key} family")
                continue
            matches = [r for r in self.licences if key in (str(r.get("spdx") or "").lower(), str(r.get("hub") or "").lower())]
            if not matches and key not in known_ids():
                raise HiveError(f"unknown licence '{name}'; did you mean {self._closest_licence(key)}?")
            if matches:
                terms += [NamedNode(str(r["licence"])) for r in matches]
            else:
                terms.append(node("license", normalise(key)[0].key))
            labels.append(str(matches[0].get("spdx") or key) if matches else normalise(key)[0].key)
        return sorted(set(terms), key=str), labels

    def _closest_licence(self, key: str) -> str:
        names = sorted(set(known_ids()) | {str(r.get("spdx") or "").lower() for r in self.licences} | set(FAMILIES))
        close = difflib.get_close_matches(key, names, n=2, cutoff=0.4)
        return " or ".join(f"'{c}'" for c in close) if close else "an SPDX id such as 'apache-2.0' or a family such as 'permissive'"

    def benchmarks(self, task: str) -> list[dict[str, object]]:
        """(dataset, name, config, split, metric) that the task's models have results for, each with how many models
        (queried once per task)."""
        if task not in self._benchmarks:
            self._benchmarks[task] = self._query_benchmarks(task)
        return self._benchmarks[task]

    def _query_benchmarks(self, task: str) -> list[dict[str, object]]:
        return self.graph.select(PREFIX + f"""
            SELECT ?dataset ?name ?config ?split ?metric ?metricName ?lower (COUNT(DISTINCT ?model) AS ?models) WHERE {{
              ?model hive:task {node('task', task)} ; hive:result ?result .
              ?result hive:onDataset ?dataset ; hive:metric ?metric .
              ?metric schema:name ?metricName ; hive:lowerIsBetter ?lower .
              OPTIONAL {{ ?dataset schema:name ?name }}
              OPTIONAL {{ ?result hive:datasetConfig ?config }}
              OPTIONAL {{ ?result hive:datasetSplit ?split }}
            }} GROUP BY ?dataset ?name ?config ?split ?metric ?metricName ?lower""")

    def benchmark(self, task: str, wanted: Benchmark) -> ResolvedBenchmark:
        """`_resolve`, once per task and benchmark (selection asks for it to check that a step has it, to
        build its query and to explain the winner)."""
        key = (task, wanted.model_dump_json())
        if key not in self._resolved:
            self._resolved[key] = self._resolve(task, wanted)
        return self._resolved[key]

    def _resolve(self, task: str, wanted: Benchmark) -> ResolvedBenchmark:
        """The task's results on the dataset `wanted.dataset` names best, with the wanted metric (a family such
        as ROUGE takes every variant), or the metric those results use most when none is named. When no dataset is
        named, a config named alone ('PubMed') stands for its dataset, restricted to that config.

        Each word of the name may name the dataset (id or display name), its config (a language also by its
        name) or its split. A result qualifies when a word names its dataset and every word that is a
        number, a language or a split names something of it ('Common Voice 11' is not Common Voice 8);
        other words ('Mozilla', 'version') may name nothing; when no result qualifies, a first version ('SQuAD
        v1.1', '1.0') names the dataset whose id carries none. The results naming the most words win; ties
        all count, and their datasets and splits are shown in the label."""
        rows = self.benchmarks(task)
        words = _wanted_words(wanted.dataset, {t for r in rows for t in _id_words(r)})
        metric = (wanted.metric or "").lower()
        if not metric:  # 'BookSum (ROUGE, test split)': a word naming one of the task's metrics is the metric
            metrics = {_metric_key(r) for r in rows} | set(METRIC_FAMILIES)
            metric = next((w for w in words if w in metrics), "")
            words = [w for w in words if w != metric]

        def qualifying(words: list[str], by_config: bool = False) -> list[tuple[int, dict[str, object]]]:
            return [(score, r) for r in rows if (score := _naming_score(words, r, by_config)) is not None
                    and (not metric or _has_metric(r, metric))]

        scored = qualifying(words)
        if not scored and FIRST_VERSION & set(words):  # 'SQuAD v1.1' is squad: a first version names the unversioned
            words = [w for w in words if w not in FIRST_VERSION]
            scored = qualifying(words)
        by_config = not scored
        if by_config:  # 'PubMed' names no dataset, but scientific_papers' config
            scored = qualifying(words, by_config=True)
        top = max((score for score, _r in scored), default=0)
        matching = [r for score, r in scored if score == top]
        unsaid = [_unsaid(words, r) for r in matching]
        fewest = min(unsaid, default=0)
        matching = [r for r, n in zip(matching, unsaid) if n == fewest]  # "LibriSpeech" is librispeech_asr, not Multilingual LibriSpeech
        metric = metric or _usual_metric(matching, rows)
        with_metric = [r for r in matching if _has_metric(r, metric)]
        if not with_metric:
            what = f"no {task} model has a {metric or 'recorded'} result on '{wanted.dataset}'"
            raise Unresolved(f"{what}; known benchmarks for {task}: {_known(rows)}", f"best on {wanted.dataset}")
        configs = tuple(sorted({str(r["config"]) for r in with_metric if r.get("config")})) if wanted.config else ()
        if wanted.config:
            configs = tuple(c for c in configs if c.lower() == wanted.config.lower() or c.lower().startswith(wanted.config.lower() + "-"))
            if not configs:
                raise Unresolved(f"no {task} result on '{wanted.dataset}' has config '{wanted.config}'", f"best on {wanted.dataset}")
        ids = {t for r in with_metric for t in _id_words(r)}
        own = [w for w in words if not any(_names(w, t) for t in ids)]  # "samsum" names the dataset, "clean" a config
        named_configs = {str(r["config"]) for r in with_metric
                         if r.get("config") and (by_config or _names_any(own, _words(str(r["config"])) + _language_name(r)))}
        splits = {str(r["split"]) for r in with_metric if r.get("split") and _names_any(own, _split_words(r))}
        datasets = sorted({_dataset_id(r) + (f" config {r['config']}" if by_config else "") for r in with_metric})
        config = f" ({wanted.config})" if wanted.config else ""
        trains = {str(r.get("split") or "").lower() == "train" for r in with_metric}  # which are scores on training data
        return ResolvedBenchmark(
            datasets=tuple(sorted({NamedNode(str(r["dataset"])) for r in with_metric}, key=str)),
            configs=configs or tuple(sorted(named_configs)),
            splits=tuple(sorted(splits)),
            metrics=tuple(sorted({NamedNode(str(r["metric"])) for r in with_metric}, key=str)),
            lower_is_better=bool(with_metric[0]["lower"]),
            label=f"{metric.upper()} on {wanted.dataset}{config} (= {', '.join(datasets)}{''.join(f' {s}' for s in sorted(splits))}"
                  f"{', train split' if not splits and trains == {True} else ''})",
            evaluated_first=not splits and trains == {True, False},
        )

    @cached_property
    def sizes(self) -> dict[str, int]:
        """Every model id with a recorded parameter count -> the count."""
        rows = self.graph.select(PREFIX + "SELECT ?id ?params WHERE { ?model dcterms:identifier ?id ; hive:parameterCount ?params }")
        return {str(r["id"]): int(r["params"]) for r in rows}

    def model_size(self, name: str) -> tuple[str, int]:
        """The model a size comparison names ("t5-base", "Whisper-small", "openai/whisper-small") and its size.

        Names are compared without case or punctuation, with the whole id or its part after the '/'. When no id
        is the name, the ids that begin with it count ("GPT-J" is EleutherAI/gpt-j-6B). Of several, the smallest
        size is the cap, so that no reading of the name admits a model bigger than it names."""
        key = _normal(name)
        matches = [(size, model) for model, size in self.sizes.items() if key in (_normal(model), _normal(model.split("/")[-1]))]
        if not matches:
            matches = [(size, model) for model, size in self.sizes.items() if _normal(model.split("/")[-1]).startswith(key)]
        if not matches:
            raise Unresolved(f"no model named '{name}' has a recorded size in the graph; give the size itself "
                             "(e.g. 'under 300M parameters')", f"no bigger than {name}")
        size, model = min(matches)
        return model, size

    @staticmethod
    def language_terms(codes: list[str]) -> list[NamedNode]:
        return [node("language", code) for code in codes]
