"""Tiny random-weight transformers models, built from configs into a folder, for testing real
loading and inference code without downloading weights (their outputs are noise, their shapes real)."""

from __future__ import annotations

import json
from pathlib import Path

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "cat", "sat", "on", "mat", "apple", "paris", "hello", "good", "bad"]


def _bert_tokenizer(folder: Path, **settings):
    from transformers import BertTokenizerFast

    (folder / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    tokenizer = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), **settings)
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


def question_answering(folder: Path) -> Path:
    from transformers import BertForQuestionAnswering

    _bert_tokenizer(folder)
    BertForQuestionAnswering(_bert_config()).save_pretrained(folder)
    return folder


def zero_shot_classification(folder: Path) -> Path:
    from transformers import BertForSequenceClassification

    _bert_tokenizer(folder)
    labels = {0: "contradiction", 1: "neutral", 2: "entailment"}
    BertForSequenceClassification(_bert_config(num_labels=3, id2label=labels, label2id={v: k for k, v in labels.items()})).save_pretrained(folder)
    return folder


def fill_mask(folder: Path) -> Path:
    from transformers import BertForMaskedLM

    _bert_tokenizer(folder)
    BertForMaskedLM(_bert_config()).save_pretrained(folder)
    return folder


def _byte_level_bpe(folder: Path, special: list[str]) -> int:
    from transformers.models.gpt2.tokenization_gpt2 import bytes_to_unicode

    vocab = {token: index for index, token in enumerate(special)}
    for char in bytes_to_unicode().values():
        vocab.setdefault(char, len(vocab))
    (folder / "vocab.json").write_text(json.dumps(vocab))
    (folder / "merges.txt").write_text("#version: 0.2\n")
    return len(vocab)


def seq2seq(folder: Path) -> Path:
    """A tiny BART: summarisation and translation pipelines both run on it."""
    from transformers import BartConfig, BartForConditionalGeneration, BartTokenizerFast

    size = _byte_level_bpe(folder, ["<s>", "<pad>", "</s>", "<unk>", "<mask>"])
    BartTokenizerFast(vocab_file=str(folder / "vocab.json"), merges_file=str(folder / "merges.txt")).save_pretrained(folder)
    config = BartConfig(vocab_size=size, d_model=16, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
                        decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32, max_position_embeddings=128,
                        max_length=12, min_length=1, forced_bos_token_id=0)
    BartForConditionalGeneration(config).save_pretrained(folder)
    return folder


def audio_classification(folder: Path) -> Path:
    from transformers import Wav2Vec2Config, Wav2Vec2FeatureExtractor, Wav2Vec2ForSequenceClassification

    Wav2Vec2FeatureExtractor().save_pretrained(folder)
    labels = {0: "yes", 1: "no"}
    config = Wav2Vec2Config(hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32, conv_dim=(16, 16),
                            conv_kernel=(10, 3), conv_stride=(5, 2), num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2,
                            classifier_proj_size=8, num_labels=2, id2label=labels, label2id={v: k for k, v in labels.items()})
    Wav2Vec2ForSequenceClassification(config).save_pretrained(folder)
    return folder


def image_segmentation(folder: Path) -> Path:
    from transformers import SegformerConfig, SegformerForSemanticSegmentation, SegformerImageProcessor

    SegformerImageProcessor(size={"height": 32, "width": 32}).save_pretrained(folder)
    labels = {0: "background", 1: "desk"}
    config = SegformerConfig(num_encoder_blocks=1, depths=[1], sr_ratios=[1], hidden_sizes=[16], num_attention_heads=[1],
                             patch_sizes=[7], strides=[4], mlp_ratios=[2], decoder_hidden_size=16, num_labels=2,
                             id2label=labels, label2id={v: k for k, v in labels.items()})
    SegformerForSemanticSegmentation(config).save_pretrained(folder)
    return folder


def depth_estimation(folder: Path) -> Path:
    from transformers import GLPNConfig, GLPNForDepthEstimation, GLPNImageProcessor

    GLPNImageProcessor().save_pretrained(folder)
    config = GLPNConfig(num_encoder_blocks=1, depths=[1], sr_ratios=[1], hidden_sizes=[16], num_attention_heads=[1],
                        patch_sizes=[7], strides=[4], mlp_ratios=[2], decoder_hidden_size=16, head_in_index=-1)
    GLPNForDepthEstimation(config).save_pretrained(folder)
    return folder


def visual_question_answering(folder: Path) -> Path:
    from transformers import BertTokenizerFast, ViltConfig, ViltForQuestionAnswering, ViltImageProcessor, ViltProcessor

    (folder / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    processor = ViltProcessor(ViltImageProcessor(size={"shortest_edge": 32}), BertTokenizerFast(vocab_file=str(folder / "vocab.txt")))
    processor.save_pretrained(folder)
    labels = {0: "yes", 1: "no", 2: "red"}
    config = ViltConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
                        image_size=32, patch_size=8, max_position_embeddings=40, num_labels=3, id2label=labels,
                        label2id={v: k for k, v in labels.items()})
    ViltForQuestionAnswering(config).save_pretrained(folder)
    return folder


def image_to_text(folder: Path) -> Path:
    """A tiny ViT encoder with a GPT-2 decoder, as the captioning models of the graph are built."""
    from transformers import (GPT2Config, GPT2TokenizerFast, ViTConfig, ViTImageProcessor, VisionEncoderDecoderConfig,
                              VisionEncoderDecoderModel)

    size = _byte_level_bpe(folder, ["<|endoftext|>"])
    tokenizer = GPT2TokenizerFast(vocab_file=str(folder / "vocab.json"), merges_file=str(folder / "merges.txt"))
    tokenizer.save_pretrained(folder)
    ViTImageProcessor(size={"height": 32, "width": 32}).save_pretrained(folder)
    encoder = ViTConfig(image_size=32, patch_size=8, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32)
    decoder = GPT2Config(vocab_size=size, n_positions=64, n_embd=16, n_layer=1, n_head=2, add_cross_attention=True, is_decoder=True)
    config = VisionEncoderDecoderConfig.from_encoder_decoder_configs(encoder, decoder)
    config.decoder_start_token_id = config.pad_token_id = config.eos_token_id = 0
    model = VisionEncoderDecoderModel(config=config)
    model.generation_config.max_length = 8
    model.generation_config.decoder_start_token_id = 0
    model.generation_config.pad_token_id = 0
    model.save_pretrained(folder)
    return folder


def table_question_answering(folder: Path) -> Path:
    """A tiny TAPAS with an aggregation head (the pipeline needs pandas)."""
    from transformers import TapasConfig, TapasForQuestionAnswering, TapasTokenizer

    (folder / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    TapasTokenizer(vocab_file=str(folder / "vocab.txt")).save_pretrained(folder)
    config = TapasConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
                         max_position_embeddings=64, num_aggregation_labels=4,
                         aggregation_labels={0: "NONE", 1: "SUM", 2: "AVERAGE", 3: "COUNT"})
    TapasForQuestionAnswering(config).save_pretrained(folder)
    return folder


def document_question_answering(folder: Path) -> Path:
    """A tiny LayoutLM for extractive QA over the words an OCR engine (tesseract) finds on the page."""
    from transformers import LayoutLMConfig, LayoutLMForQuestionAnswering

    _bert_tokenizer(folder, model_max_length=64)  # the pipeline truncates pages to the model's length
    LayoutLMForQuestionAnswering(LayoutLMConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                                intermediate_size=32, max_position_embeddings=64)).save_pretrained(folder)
    return folder


def text_to_speech(folder: Path) -> Path:
    """A tiny VITS (the MMS-TTS architecture) with a character vocabulary."""
    from transformers import VitsConfig, VitsModel, VitsTokenizer

    characters = ["<pad>", " ", *"abcdefghijklmnopqrstuvwxyz"]
    (folder / "vocab.json").write_text(json.dumps({c: i for i, c in enumerate(characters)}))
    VitsTokenizer(vocab_file=str(folder / "vocab.json"), add_blank=True, normalize=True, phonemize=False).save_pretrained(folder)
    config = VitsConfig(vocab_size=len(characters), hidden_size=16, num_hidden_layers=1, num_attention_heads=2, ffn_dim=32,
                        flow_size=8, spectrogram_bins=17, upsample_initial_channel=16, upsample_rates=[4, 4],
                        upsample_kernel_sizes=[8, 8], resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3]],
                        prior_encoder_num_flows=1, posterior_encoder_num_wavenet_layers=1, duration_predictor_filter_channels=16,
                        duration_predictor_num_flows=1, sampling_rate=16000)
    VitsModel(config).save_pretrained(folder)
    return folder


def text_to_image(folder: Path) -> Path:
    """A tiny Stable Diffusion (CLIP text encoder, conditional UNet, VAE, PNDM scheduler) for 16x16 images."""
    from diffusers import AutoencoderKL, PNDMScheduler, StableDiffusionPipeline, UNet2DConditionModel
    from transformers import CLIPTextConfig, CLIPTextModel, CLIPTokenizer

    size = _byte_level_bpe(folder, ["<|startoftext|>", "<|endoftext|>"])
    tokenizer = CLIPTokenizer(vocab_file=str(folder / "vocab.json"), merges_file=str(folder / "merges.txt"), model_max_length=16)
    encoder = CLIPTextModel(CLIPTextConfig(vocab_size=size, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                           num_attention_heads=2, max_position_embeddings=16, projection_dim=16))
    unet = UNet2DConditionModel(sample_size=8, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(16, 32),
                                down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
                                cross_attention_dim=16, attention_head_dim=2, norm_num_groups=8)
    vae = AutoencoderKL(in_channels=3, out_channels=3, latent_channels=4, block_out_channels=(8, 8), layers_per_block=1,
                        down_block_types=("DownEncoderBlock2D",) * 2, up_block_types=("UpDecoderBlock2D",) * 2, norm_num_groups=4)
    pipeline = StableDiffusionPipeline(vae=vae, text_encoder=encoder, tokenizer=tokenizer, unet=unet, scheduler=PNDMScheduler(skip_prk_steps=True),
                                       safety_checker=None, feature_extractor=None, requires_safety_checker=False)
    pipeline.save_pretrained(folder)
    return folder
