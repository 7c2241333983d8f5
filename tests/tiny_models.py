"""Tiny random-weight transformers models, built from configs into a folder, for testing real
loading and inference code without downloading weights (their outputs are noise, their shapes real)."""

from __future__ import annotations

import json
from pathlib import Path

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "cat", "sat", "on", "mat", "apple", "paris", "hello", "good", "bad"]


def _bert_tokenizer(folder: Path):
    from transformers import BertTokenizerFast

    (folder / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    tokenizer = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"))
    tokenizer.save_pretrained(folder)
    return tokenizer


def _bert_config(**extra):
    from transformers import BertConfig

    return BertConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                      intermediate_size=32, max_position_embeddings=64, **extra)


def text_classification(folder: Path) -> Path:
    from transformers import BertForSequenceClassification

    _bert_tokenizer(folder)
    BertForSequenceClassification(_bert_config(num_labels=2, id2label={0: "NEGATIVE", 1: "POSITIVE"},
                                               label2id={"NEGATIVE": 0, "POSITIVE": 1})).save_pretrained(folder)
    return folder


def token_classification(folder: Path) -> Path:
    from transformers import BertForTokenClassification

    _bert_tokenizer(folder)
    labels = {0: "O", 1: "B-PER", 2: "I-PER", 3: "B-LOC"}
    BertForTokenClassification(_bert_config(num_labels=4, id2label=labels, label2id={v: k for k, v in labels.items()})).save_pretrained(folder)
    return folder


def text_generation(folder: Path) -> Path:
    from transformers import GPT2Config, GPT2LMHeadModel, GPT2TokenizerFast
    from transformers.models.gpt2.tokenization_gpt2 import bytes_to_unicode

    vocab = {char: index for index, char in enumerate(bytes_to_unicode().values())}
    vocab["<|endoftext|>"] = len(vocab)
    (folder / "vocab.json").write_text(json.dumps(vocab))
    (folder / "merges.txt").write_text("#version: 0.2\n")
    GPT2TokenizerFast(vocab_file=str(folder / "vocab.json"), merges_file=str(folder / "merges.txt")).save_pretrained(folder)
    GPT2LMHeadModel(GPT2Config(vocab_size=len(vocab), n_positions=1024, n_embd=16, n_layer=1, n_head=2)).save_pretrained(folder)
    return folder


def image_classification(folder: Path) -> Path:
    from transformers import ViTConfig, ViTForImageClassification, ViTImageProcessor

    ViTImageProcessor(size={"height": 32, "width": 32}).save_pretrained(folder)
    config = ViTConfig(image_size=32, patch_size=8, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                       intermediate_size=32, num_labels=3, id2label={0: "cat", 1: "dog", 2: "bird"}, label2id={"cat": 0, "dog": 1, "bird": 2})
    ViTForImageClassification(config).save_pretrained(folder)
    return folder


def speech_recognition(folder: Path) -> Path:
    from transformers import (Wav2Vec2Config, Wav2Vec2CTCTokenizer, Wav2Vec2FeatureExtractor, Wav2Vec2ForCTC,
                              Wav2Vec2Processor)

    letters = ["<pad>", "<s>", "</s>", "<unk>", "|"] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ'")
    (folder / "vocab.json").write_text(json.dumps({c: i for i, c in enumerate(letters)}))
    tokenizer = Wav2Vec2CTCTokenizer(str(folder / "vocab.json"))
    Wav2Vec2Processor(feature_extractor=Wav2Vec2FeatureExtractor(), tokenizer=tokenizer).save_pretrained(folder)
    config = Wav2Vec2Config(vocab_size=len(letters), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                            intermediate_size=32, conv_dim=(16, 16), conv_kernel=(10, 3), conv_stride=(5, 2),
                            num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2, pad_token_id=0)
    Wav2Vec2ForCTC(config).save_pretrained(folder)
    return folder


def object_detection(folder: Path) -> Path:
    from transformers import YolosConfig, YolosForObjectDetection, YolosImageProcessor

    YolosImageProcessor(size={"shortest_edge": 32, "longest_edge": 64}).save_pretrained(folder)
    config = YolosConfig(image_size=[32, 32], patch_size=8, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=32, num_detection_tokens=5, num_labels=2, id2label={0: "chair", 1: "table"},
                         label2id={"chair": 0, "table": 1})
    YolosForObjectDetection(config).save_pretrained(folder)
    return folder
