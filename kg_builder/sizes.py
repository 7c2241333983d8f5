"""Model size facts with their source: hub metadata, the card's text, or an estimate from the name."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg_builder.cards import Card

HUB, CARD, NAME_ESTIMATE, FROM_PARAMETERS = "hub", "card", "name-estimate", "estimate-from-parameters"
BYTES_PER_PARAMETER = 4  # float32 weights, the usual published checkpoint format

SIZE_IN_TEXT = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(k|m|b|thousand|million|billion)\b[^.\n]{0,20}?\b(?:trainable\s+)?param(?:eter)?s\b", re.I
)
SIZE_IN_NAME = re.compile(r"(?:^|[-_/.])(\d+(?:\.\d+)?)([mb])(?=$|[-_.])", re.I)
SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}
WEIGHT_FILES = (
    re.compile(r"\.safetensors$"),
    re.compile(r"(?:^|/)pytorch_model[\w.-]*\.bin$"),
    re.compile(r"\.(?:bin|pt|pth|ckpt|h5|msgpack|onnx|nemo)$"),
)

# Parameter counts of well-known architectures, from their papers: Whisper (Radford et al. 2022,
# Table 1), BERT (Devlin et al. 2019), DistilBERT (Sanh et al. 2019), RoBERTa (Liu et al. 2019),
# XLM-R (Conneau et al. 2020), T5 (Raffel et al. 2020), wav2vec 2.0 (Baevski et al. 2020),
# GPT-2 (Radford et al. 2019), BART (Lewis et al. 2020), ViT (Dosovitskiy et al. 2021), DETR (Carion et al. 2020).
FAMILY_SIZES: list[tuple[re.Pattern, int]] = [
    (re.compile(p, re.I), n)
    for p, n in [
        (r"whisper-tiny", 39_000_000), (r"whisper-base", 74_000_000), (r"whisper-small", 244_000_000),
        (r"whisper-medium", 769_000_000), (r"whisper-large", 1_550_000_000),
        (r"distil\w*bert", 66_000_000), (r"xlm-roberta-base", 270_000_000), (r"xlm-roberta-large", 550_000_000),
        (r"roberta-base", 125_000_000), (r"roberta-large", 355_000_000),
        (r"bert-base", 110_000_000), (r"bert-large", 340_000_000),
        (r"t5-small", 60_000_000), (r"t5-base", 220_000_000), (r"t5-large", 770_000_000),
        (r"wav2vec2-base", 95_000_000), (r"wav2vec2-large", 317_000_000), (r"hubert-large", 317_000_000),
        (r"gpt2-xl", 1_500_000_000), (r"gpt2-large", 774_000_000), (r"gpt2-medium", 355_000_000), (r"(?:^|/)gpt2$", 124_000_000),
        (r"bart-large", 400_000_000), (r"bart-base", 140_000_000),
        (r"vit-base", 86_000_000), (r"vit-large", 307_000_000),
        (r"detr-resnet-50", 41_000_000), (r"detr-resnet-101", 60_000_000),
    ]
]


@dataclass(frozen=True)
class SizeFact:
    kind: str  # "parameters" | "bytes"
    value: int
    source: str


def size_facts(card: Card) -> list[SizeFact]:
    """Parameters and bytes on disk, each from the best source available (hub > card > estimate)."""
    facts: list[SizeFact] = []
    parameters = _parameters(card)
    if parameters:
        facts.append(parameters)
    weight_bytes = _weight_bytes(card.file_sizes)
    if weight_bytes:
        facts.append(SizeFact("bytes", weight_bytes, HUB))
    elif parameters:
        facts.append(SizeFact("bytes", parameters.value * BYTES_PER_PARAMETER, FROM_PARAMETERS))
    return facts


def _parameters(card: Card) -> SizeFact | None:
    if card.safetensors_parameters:
        return SizeFact("parameters", int(card.safetensors_parameters), HUB)
    match = SIZE_IN_TEXT.search(card.body)
    if match:
        return SizeFact("parameters", int(float(match.group(1).replace(",", ".")) * SCALE[match.group(2).lower()]), CARD)
    name = card.id.lower()
    match = SIZE_IN_NAME.search(name.split("/")[-1])
    if match:
        return SizeFact("parameters", int(float(match.group(1)) * SCALE[match.group(2).lower()]), NAME_ESTIMATE)
    for pattern, count in FAMILY_SIZES:
        if pattern.search(name):
            return SizeFact("parameters", count, NAME_ESTIMATE)
    return None


def _weight_bytes(file_sizes: dict[str, int]) -> int | None:
    """Bytes of one weight format (safetensors first), so formats published side by side are not summed."""
    for pattern in WEIGHT_FILES:
        sizes = [size for name, size in file_sizes.items() if pattern.search(name)]
        if sizes:
            return sum(sizes)
    return None
