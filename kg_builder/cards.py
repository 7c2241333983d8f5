"""A model card as every source delivers it: front matter, body, and hub metadata when there is some."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import yaml


class CardError(ValueError):
    """A card that cannot be read; the builder skips it and counts the reason."""


@dataclass
class Card:
    id: str
    meta: dict[str, Any]
    body: str
    source: str  # e.g. "jsonl:p0_models.jsonl#12", "dir:cards/org/name/README.md", "hub"
    pipeline_tag: str | None = None
    downloads: int | None = None
    likes: int | None = None
    library: str | None = None
    file_sizes: dict[str, int] = field(default_factory=dict)
    safetensors_parameters: int | None = None
    version: str | None = None  # what tells a changed card: the hub's lastModified, a dump line's digest, ...


def card_version(card: Card) -> str:
    """The card's version from its source, else a digest of everything it says (a changed card changes it)."""
    if card.version:
        return card.version
    fields = {**vars(card), "source": card.source.split("#")[0], "version": None}  # a dump's line number is no content
    return "sha256:" + hashlib.sha256(json.dumps(fields, sort_keys=True, default=str).encode()).hexdigest()[:32]


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """YAML front matter (between `---` lines) and the Markdown body; broken YAML raises `CardError`."""
    if not text.startswith("---"):
        return {}, text
    end = text.find("\n---", 3)
    if end < 0:
        raise CardError("front matter opens with --- but never closes")
    try:
        meta = yaml.safe_load(text[3:end]) or {}
    except yaml.YAMLError as exc:
        raise CardError(f"broken YAML front matter: {str(exc).splitlines()[0]}") from exc
    if not isinstance(meta, dict):
        raise CardError("front matter is not a mapping")
    body_start = text.find("\n", end + 4)
    return meta, text[body_start + 1 :] if body_start >= 0 else ""
