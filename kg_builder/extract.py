"""Facts from one card: task, licences, languages, datasets, base model, library, popularity, papers,
model-index results, size (with where each number came from) and the card's usage code."""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field
from typing import Any

from hive.kg.licenses import License, normalise
from hive.kg.schema import MANY_LANGUAGES
from hive.selection.constraints import LANGUAGE_NAMES, METRIC_FAMILIES
from kg_builder.cards import Card
from kg_builder.sizes import SizeFact, size_facts

ARXIV = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})|\barxiv:\s?(\d{4}\.\d{4,5})", re.I)
FENCE = re.compile(r"```[ \t]*([\w+.-]*)[^\n]*\n(.*?)```", re.S)
PYTHON_FENCES = {"python", "py", "python3", "ipython", "pycon", ""}
# What makes a code block loading or inference code (the HIVE paper's keyword + regex detection).
LOADING_CODE = re.compile(
    r"from_pretrained\(|\bpipeline\(|SentenceTransformer\(|spacy\.load\(|SequenceTagger\.load\(|"
    r"\.from_hparams\(|DiffusionPipeline|StableDiffusion\w*Pipeline|\.transcribe\(|\.generate\(|\.predict\(|"
    r"hf_hub_download\(|load_model\(|torch\.hub\.load\(|ASRModel\.|WhisperModel\(",
)
KNOWN_LIBRARIES = (
    "transformers", "diffusers", "sentence-transformers", "speechbrain", "espnet", "nemo", "flair", "spacy",
    "timm", "fairseq", "asteroid", "pyannote-audio", "keras", "fastai", "stanza", "adapter-transformers",
    "tensorflowtts", "paddlenlp", "open_clip", "span-marker", "setfit", "allennlp", "sklearn", "ctranslate2",
)
UNSPECIFIED_DATASET = "unspecified"
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})*$")
# Codes cards write for a language that ISO 639-1 spells otherwise: Japan's country code (three Japanese voices
# write "jp"), and the codes ISO withdrew in 1989 (Hebrew "iw", Indonesian "in", Yiddish "ji")
LANGUAGE_RESPELLED = {"jp": "ja", "iw": "he", "in": "id", "ji": "yi"}
# A translation card's statement of its direction: "* source group: English", "* target language(s): spa",
# "- Source Language: Chinese", "source languages: fr", in bold or not (OPUS-MT and Marian cards write these lines)
DIRECTION_LINE = re.compile(r"\b(?P<side>source|target)\s+(?P<kind>group|languages?(?:\(s\))?)\s*\**\s*:\s*\**\s*(?P<value>[^\n*|]+)", re.I)


@dataclass(frozen=True)
class Result:
    """One `model-index` (or Papers-with-Code) result."""

    task: str
    dataset: str
    dataset_name: str
    config: str
    split: str
    metric: str
    value: float
    verified: bool
    source: str
    scope: str = "model"  # "paper": the result of the model's paper, not necessarily this checkpoint


@dataclass
class ModelFacts:
    id: str
    source: str
    pipeline_tag: str | None
    licenses: list[License] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    datasets: list[str] = field(default_factory=list)
    base_models: list[str] = field(default_factory=list)
    library: str | None = None
    downloads: int | None = None
    likes: int | None = None
    arxiv_ids: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    sizes: list[SizeFact] = field(default_factory=list)
    code_blocks: list[str] = field(default_factory=list)
    reads_text: bool = False  # an OCR model: its id or tags say OCR (TrOCR, manga-ocr, RapidOCR)
    translates_from: list[str] = field(default_factory=list)  # a translation model's source languages, as its card states them
    translates_into: list[str] = field(default_factory=list)  # and its target languages
    problems: list[str] = field(default_factory=list)


def _strings(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [str(v).strip() for v in items if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(v).strip()]


OCR_NAME = re.compile(r"(?:^|[^a-z])(?:tr)?ocr(?:[^a-z]|$)", re.I)  # 'trocr-base-printed', 'manga-ocr-base', 'RapidOCR'


def extract(card: Card) -> ModelFacts:
    """All facts a card states; what cannot be used is listed in `problems`, never raised."""
    meta = card.meta
    tags = _strings(meta.get("tags"))
    facts = ModelFacts(
        id=card.id,
        source=card.source,
        pipeline_tag=card.pipeline_tag or (meta.get("pipeline_tag") if isinstance(meta.get("pipeline_tag"), str) else None),
        licenses=normalise(meta.get("license")),
        languages=_languages(meta),
        datasets=sorted(set(_strings(meta.get("datasets")))),
        base_models=sorted(set(_strings(meta.get("base_model")))),
        library=card.library or _library(meta, tags, card.body),
        downloads=card.downloads,
        likes=card.likes,
        arxiv_ids=_arxiv_ids(tags, card.body),
        reads_text=bool(OCR_NAME.search(card.id)) or "ocr" in (t.lower() for t in tags),
    )
    if facts.pipeline_tag == "translation" or "translation" in tags:
        facts.translates_from, facts.translates_into = (_direction(card.body, side) for side in ("source", "target"))
    facts.results = _model_index(meta.get("model-index"), card.source, facts.problems)
    facts.sizes = size_facts(card)
    facts.code_blocks = _code_blocks(card.body, facts.problems)
    return facts


def _languages(meta: dict) -> list[str]:
    found = set()
    for key in ("language", "languages"):
        for code in _strings(meta.get(key)):
            code = code.lower().replace("_", "-")
            code = LANGUAGE_RESPELLED.get(code, code)
            if LANGUAGE_CODE.match(code) and code not in ("multilingual",):
                found.add(code)
    return sorted(found)


def _direction(body: str, side: str) -> list[str]:
    """The languages a translation card names on one side of its direction: a group's name ("English",
    "Multiple languages" -> mul) before a list of codes, of which two-letter ones are read (ISO 639-3 codes
    such as "spa" are not); [] when the card states none."""
    lines = sorted((m for m in DIRECTION_LINE.finditer(body) if m["side"].lower() == side), key=lambda m: m["kind"].lower() != "group")
    for line in lines:
        value = line["value"].strip().lower()
        if value.startswith("multiple"):
            return [MANY_LANGUAGES]
        if value in LANGUAGE_NAMES:
            return [LANGUAGE_NAMES[value]]
        codes = [LANGUAGE_RESPELLED.get(code, code) for code in re.split(r"[\s,]+", value) if re.fullmatch(r"[a-z]{2}", code)]
        if codes:
            return sorted(set(codes))
    return []


def _library(meta: dict, tags: list[str], body: str) -> str | None:
    declared = meta.get("library_name")
    if isinstance(declared, str) and declared.strip():
        return declared.strip().lower()
    for library in KNOWN_LIBRARIES:
        if library in tags:
            return library
    if re.search(r"^\s*(?:from|import) transformers\b", body, re.M):
        return "transformers"
    return None


def _arxiv_ids(tags: list[str], body: str) -> list[str]:
    found = {t.split(":", 1)[1].strip() for t in tags if t.lower().startswith("arxiv:")}
    found |= {a or b for a, b in ARXIV.findall(body)}
    return sorted(i for i in found if re.fullmatch(r"\d{4}\.\d{4,5}", i))


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        match = re.fullmatch(r"\s*([-+]?\d+(?:\.\d+)?)\s*%?\s*", value)
        return float(match.group(1)) if match else None
    return None


def _model_index(index: Any, source: str, problems: list[str]) -> list[Result]:
    results = []
    for entry in index if isinstance(index, list) else []:
        for item in (entry.get("results") if isinstance(entry, dict) else None) or []:
            if not isinstance(item, dict):
                problems.append("a model-index result is not a mapping")
                continue
            task = item.get("task") if isinstance(item.get("task"), dict) else {}
            dataset = item.get("dataset") if isinstance(item.get("dataset"), dict) else {}
            dataset_id = str(dataset.get("type") or dataset.get("name") or UNSPECIFIED_DATASET).strip()
            for metric in item.get("metrics") or []:
                if not isinstance(metric, dict) or not metric.get("type"):
                    problems.append(f"a metric on {dataset_id} has no type")
                    continue
                value = _number(metric.get("value"))
                if value is None:
                    problems.append(f"metric {metric.get('type')} on {dataset_id} is not a number: {metric.get('value')!r}")
                    continue
                results.append(Result(
                    task=str(task.get("type") or "").strip(),
                    dataset=dataset_id,
                    dataset_name=str(dataset.get("name") or dataset_id).strip(),
                    config=_dataset_config(dataset),
                    split=str(dataset.get("split") or "").strip() or _split_in_name(metric),
                    metric=_metric_id(metric),
                    value=value,
                    verified=bool(metric.get("verified")),
                    source=source,
                ))
    return results


def _metric_id(metric: dict) -> str:
    """The metric's type; for a family type its variant when the name gives one ({type: rouge, name: ROUGE-2}
    is rouge-2: several variants on one dataset are different results, not one)."""
    kind = str(metric["type"]).strip().lower()
    name = re.sub(r"\s+", "-", str(metric.get("name") or "").strip().lower())
    if kind in METRIC_FAMILIES and re.fullmatch(rf"{kind}-?(?:[0-9]|l|lsum)", name):
        return name if "-" in name else f"{kind}-{name.removeprefix(kind)}"
    return kind


def _split_in_name(metric: dict) -> str:
    """Cards that leave the dataset's split out often name it in the metric ("Validation ROUGE-1", "Test WER")."""
    match = re.match(r"\s*(validation|test|eval|dev)\b", str(metric.get("name") or ""), re.I)
    return match.group(1).lower() if match else ""


def _dataset_config(dataset: dict) -> str:
    """The dataset's config (subset); older cards put it in `args` as a plain string."""
    config = dataset.get("config") or (dataset.get("args") if isinstance(dataset.get("args"), str) else "")
    return str(config or "").strip()


def _code_blocks(body: str, problems: list[str]) -> list[str]:
    """Fenced Python blocks that load or run a model; other code is skipped with a reason."""
    blocks = []
    for match in FENCE.finditer(body):
        language, code = match.group(1).lower(), match.group(2)
        if language not in PYTHON_FENCES:
            continue
        if not LOADING_CODE.search(code):
            continue
        cleaned = "\n".join(line[4:] if line.startswith(">>> ") or line.startswith("... ") else line for line in code.splitlines())
        try:
            ast.parse(cleaned)
        except SyntaxError:
            problems.append("a code block is not valid Python")
            continue
        blocks.append(cleaned)
    return blocks
