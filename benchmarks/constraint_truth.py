#!/usr/bin/env python3
"""Ground truth for the frozen model-selection constraint set.

Standalone (standard library only).  Reads the raw model-card dump
(`p0_models.jsonl`, 673 Hugging Face cards) plus the four extra offline
models described below, and for every request of
`benchmarks/data/frozen-constraints.jsonl` computes, per step:

  * admissible -- the models serving the step's task that satisfy every
                  constraint applying to that step (sorted ids);
  * optimal    -- for a ranking constraint (smallest, best_on,
                  most_downloaded, most_liked): the best admissible models,
                  ties kept (sorted ids); null when no ranking applies;
  * unsatisfiable -- true when nothing is admissible.

It writes `benchmarks/data/frozen-constraints-truth.jsonl` and prints a
summary.  Nothing here reads the system under test.

Usage:
    python3 benchmarks/constraint_truth.py [path/to/p0_models.jsonl]
            [--requests FILE] [--out FILE]

Semantics (the same text is in benchmarks/data/README.md):

  scope        "all" applies to every step; a task tag applies to the
               step(s) of that task.
  licence      from meta.license (string or list), lower-cased.  A missing
               licence, or the placeholder "unknown", is "no stated licence".
               A list means the card names several licences.
  licence_allow  satisfied when at least one of the model's licences is an
               allowed id or belongs to an allowed family.  No stated
               licence never satisfies an allow-list.
  licence_deny   violated when any of the model's licences is a denied id or
               belongs to a denied family.  A model with no stated licence is
               not excluded by a deny-list (nothing is known to be denied).
  families     permissive     mit, apache-*, bsd-*, cc0-*, unlicense,
                              wtfpl, isc, zlib, cc-by-<version> (plain
                              attribution only; not -sa/-nc/-nd)
               copyleft       gpl-*, lgpl-*, agpl-*, any cc-by*-sa-*
                              (so cc-by-nc-sa-4.0 is copyleft AND
                              non-commercial)
               non-commercial any licence id containing "-nc"
               openrail       any id containing "rail" (openrail,
                              openrail++, creativeml-openrail-m,
                              bigscience-openrail-m, bigscience-bloom-rail-1.0)
  max_params   parameter count known and <= max.  Unknown size never
               satisfies a cap.
  min_downloads  downloads >= min.
  language     the model's meta.language (or meta.languages, which some
               cards write) lists the code (case-insensitive;
               "en-US" counts as "en").  No language listed never satisfies.
  smallest     candidates must have a known size; optimal = minimum size.
  best_on      candidates must report a matching value in meta.model-index;
               optimal = best value in the metric's direction.
               dataset matches results[].dataset.type or .name
               (case-insensitive, exact); config/split must equal
               dataset.config/.split when the constraint names them (a card
               that leaves config empty but writes it into the dataset name,
               e.g. "Common Voice es", matches config "es").
               metric matches metrics[].type after normalisation (lower
               case, "rogue"->"rouge", non-alphanumerics dropped, so
               "exact_match"=="exactmatch", "ROUGE-1"=="rouge1"); a generic
               type "rouge" matches a ROUGE variant through the metric's
               name ("ROUGE-1", "Rouge1").  Several matching values: the best
               one in the metric's direction is the model's value.
  most_downloaded / most_liked   optimal = maximum downloads / likes.
  At most one ranking constraint applies to a step in the frozen set.

Translation direction (added in the twentieth session; before it the truth
was blind to direction):

  labels       a translation step of a request file may carry "source" and
               "target", each an ISO 639-1 code or null (null = the request
               neither says nor implies it).  They are the request's
               meaning, written by hand like the constraints.
  direction    a translation step with a source and/or target admits only
               the models that can translate from that source (when given)
               into that target (when given).  It is one more constraint on
               that step: it narrows admissible before any ranking, exactly
               like the others.  A step with both labels null (or a file
               without labels) is not narrowed.  The "language" constraint
               is unchanged: it stays the person's demand on the model's
               language list.
  which way    TRANSLATION_DIRECTIONS below gives, for every translation
               model of the dump and of EXTRA_MODELS, what it can do and
               why, as one of four rules:
                 pairs        an explicit set of (source, target) pairs;
                              OPUS-MT "Helsinki-NLP/opus-mt-<src>-<tgt>"
                              and the other one-pair Marian models
                              translate src->tgt only; T5 checkpoints
                              en->de/fr/ro only; WMT21 en-x from English
                              only; a model that cannot translate as
                              released has the empty set.
                 many_to_many between any two different languages of the
                              model's language list (NLLB-200, SMaLL-100,
                              the mT5 zh/ja/en model).
                 from_list    from any language of its list other than the
                              target, into one fixed target (opus-mt-mul-en:
                              its list is the card's source languages
                              written as ISO 639-1 codes, plus "en").
                 language_list  direction not established from the card:
                              every labelled language must be on the
                              model's language list; no list passes.
               A translation model missing from the table falls back to
               the OPUS-MT id rule when its id has that shape and to the
               language_list rule otherwise (the script warns).
  --ignore-direction  reproduces the direction-blind truth.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)
DEFAULT_DUMP = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "data", "p0_models.jsonl"))
DEFAULT_REQUESTS = os.path.join(HERE, "data", "frozen-constraints.jsonl")
DEFAULT_OUT = os.path.join(HERE, "data", "frozen-constraints-truth.jsonl")

# ---------------------------------------------------------------------------
# The extra offline models that are in the graph but not in the dump (RapidOCR added 2026-11-25, when the graph
# had carried it for a day: a model the truth did not know made every choice of it count as inadmissible).
# ---------------------------------------------------------------------------
EXTRA_MODELS = [
    {
        "id": "rhasspy/piper-voices",
        "tasks": ["text-to-speech"],
        "licences": ["mit"],
        "languages": ["en"],
        # The card does not state a parameter count (voice file ~63 MB,
        # roughly 15M parameters); kept unknown under the card rule.
        "params": None,
        "params_note": "not stated on card (~63 MB voice file); unknown",
        "downloads": 0,
        "likes": 0,
        "model_index": [],
    },
    {
        "id": "timm/tf_efficientnet_lite0.in1k",
        "tasks": ["image-classification"],
        "licences": ["apache-2.0"],
        "languages": [],
        "params": 4_700_000,
        "params_note": "given: 4.7M",
        "downloads": 0,
        "likes": 0,
        "model_index": [],
    },
    {
        "id": "RapidAI/RapidOCR",
        "tasks": ["image-to-text"],
        "licences": ["apache-2.0"],
        "languages": ["en", "zh"],
        # PP-OCRv4 ONNX models in the rapidocr-onnxruntime wheel (16 MB); no parameter count stated.
        "params": None,
        "params_note": "not stated (16 MB of ONNX models); unknown",
        "downloads": 0,
        "likes": 0,
        "model_index": [],
    },
    {
        "id": "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF",
        "tasks": ["text-generation", "summarization", "question-answering",
                  "zero-shot-classification", "translation", "text-classification",
                  "conversational", "table-question-answering", "text2text-generation",
                  "fill-mask", "document-question-answering"],
        "licences": ["apache-2.0"],
        "languages": ["en"],
        "params": 1_500_000_000,
        "params_note": "given: 1.5B (file 1.06 GB)",
        "downloads": 0,
        "likes": 0,
        "model_index": [],
    },
]

# ---------------------------------------------------------------------------
# Parameter counts for the dump's models, in millions, with the source.
# 'card text'      = the number is stated in the card's Markdown body.
# 'card: X'        = the card names base model X, whose size is well known.
# 'architecture: X'= the id/card names architecture X, whose size is well known.
# None             = could not tell from id/card.
# Models absent from this table are unknown.
# ---------------------------------------------------------------------------
M = 1_000_000
PARAMS_M = {
    # ---- automatic-speech-recognition ----
    "jonatasgrosman/wav2vec2-large-xlsr-53-english": (315, "architecture: wav2vec2 XLSR-53 large"),
    "pyannote/voice-activity-detection": (None, "pipeline; size not stated"),
    "pyannote/speaker-diarization": (None, "pipeline; size not stated"),
    "facebook/wav2vec2-large-960h-lv60-self": (317, "architecture: wav2vec2-large"),
    "facebook/wav2vec2-base-960h": (95, "architecture: wav2vec2-base"),
    "openai/whisper-tiny.en": (39, "architecture: whisper-tiny"),
    "openai/whisper-tiny": (39, "architecture: whisper-tiny"),
    "openai/whisper-large-v2": (1550, "architecture: whisper-large"),
    "openai/whisper-small": (244, "architecture: whisper-small"),
    "jonatasgrosman/wav2vec2-large-xlsr-53-russian": (315, "architecture: wav2vec2 XLSR-53 large"),
    "openai/whisper-base": (74, "architecture: whisper-base"),
    "facebook/hubert-large-ls960-ft": (316, "architecture: hubert-large"),
    "facebook/wav2vec2-large-960h": (317, "architecture: wav2vec2-large"),
    "openai/whisper-medium": (769, "architecture: whisper-medium"),
    "openai/whisper-large": (1550, "architecture: whisper-large"),
    "jonatasgrosman/wav2vec2-large-xlsr-53-chinese-zh-cn": (315, "architecture: wav2vec2 XLSR-53 large"),
    "openai/whisper-medium.en": (769, "architecture: whisper-medium"),
    "kresnik/wav2vec2-large-xlsr-korean": (315, "architecture: wav2vec2 XLSR-53 large"),
    "facebook/s2t-small-librispeech-asr": (31, "architecture: Speech2Text transformer small (S2T-S)"),
    "nvidia/stt_en_conformer_transducer_xlarge": (600, "card text"),
    "jonatasgrosman/wav2vec2-large-xlsr-53-spanish": (315, "architecture: wav2vec2 XLSR-53 large"),
    "nguyenvulebinh/wav2vec2-base-vietnamese-250h": (95, "architecture: wav2vec2-base"),
    "facebook/wav2vec2-large-robust-ft-swbd-300h": (317, "architecture: wav2vec2-large"),
    "nvidia/stt_en_conformer_ctc_large": (120, "card text"),
    "voidful/wav2vec2-xlsr-multilingual-56": (315, "architecture: wav2vec2 XLSR-53 large"),
    "ydshieh/wav2vec2-large-xlsr-53-chinese-zh-cn-gpt": (None, "speech encoder-decoder (XLSR + GPT); total not stated"),
    "speechbrain/m-ctc-t-large": (1000, "card text (1B-param)"),
    "reazon-research/reazonspeech-espnet-v1": (None, "ESPnet model; size not stated"),
    "m3hrdadfi/wav2vec2-large-xlsr-persian-v3": (315, "architecture: wav2vec2 XLSR-53 large"),
    "fxtentacle/wav2vec2-xls-r-1b-tevr": (1000, "architecture: XLS-R 1B"),
    # ---- summarization ----
    "philschmid/bart-large-cnn-samsum": (406, "architecture: bart-large"),
    "facebook/bart-large-cnn": (406, "architecture: bart-large"),
    "sshleifer/distilbart-cnn-12-6": (306, "architecture: distilbart-12-6"),
    "google/pegasus-cnn_dailymail": (568, "architecture: pegasus-large"),
    "google/pegasus-xsum": (568, "architecture: pegasus-large"),
    "lidiya/bart-large-xsum-samsum": (406, "architecture: bart-large"),
    "facebook/bart-large-xsum": (406, "architecture: bart-large"),
    "csebuetnlp/mT5_multilingual_XLSum": (580, "architecture: mt5-base"),
    "plguillou/t5-base-fr-sum-cnndm": (220, "architecture: t5-base"),
    "human-centered-summarization/financial-summarization-pegasus": (568, "card: google/pegasus-xsum"),
    "knkarthick/MEETING_SUMMARY": (406, "card: facebook/bart-large-xsum"),
    "google/pegasus-large": (568, "architecture: pegasus-large"),
    "sshleifer/distilbart-cnn-6-6": (230, "architecture: distilbart-6-6"),
    "google/bigbird-pegasus-large-arxiv": (577, "architecture: bigbird-pegasus-large"),
    "google/bigbird-pegasus-large-bigpatent": (577, "architecture: bigbird-pegasus-large"),
    "pszemraj/long-t5-tglobal-base-16384-book-summary": (248, "architecture: long-t5-tglobal-base"),
    "IDEA-CCNL/Randeng-Pegasus-238M-Summary-Chinese": (238, "model id"),
    "pszemraj/led-large-book-summary": (460, "architecture: led-large"),
    "IlyaGusev/mbart_ru_sum_gazeta": (610, "architecture: mbart-large"),
    "tuner007/pegasus_summarizer": (568, "architecture: pegasus-large"),
    "google/bigbird-pegasus-large-pubmed": (577, "architecture: bigbird-pegasus-large"),
    "IDEA-CCNL/Randeng-Pegasus-523M-Summary-Chinese": (523, "model id"),
    "linydub/bart-large-samsum": (406, "architecture: bart-large"),
    "jordiclive/flan-t5-3b-summarizer": (2850, "architecture: flan-t5-xl"),
    "pszemraj/pegasus-x-large-book-summary": (568, "architecture: pegasus-x-large"),
    "slauw87/bart_summarisation": (406, "card: facebook/bart-large-cnn"),
    "jordiclive/flan-t5-11b-summarizer-filtered": (11300, "architecture: flan-t5-xxl"),
    "phpaiola/ptt5-base-summ-xlsum": (220, "architecture: t5-base (ptt5-base)"),
    "ml6team/mbart-large-cc25-cnn-dailymail-nl-finetune": (610, "architecture: mbart-large-cc25"),
    "ml6team/distilbart-tos-summarizer-tosdr": (230, "card: sshleifer/distilbart-cnn-6-6"),
    # ---- question-answering ----
    "distilbert-base-cased-distilled-squad": (66, "architecture: distilbert-base"),
    "bert-large-uncased-whole-word-masking-finetuned-squad": (336, "card text"),
    "deepset/roberta-base-squad2": (125, "architecture: roberta-base"),
    "deepset/minilm-uncased-squad2": (33, "architecture: MiniLM-L12-H384"),
    "deepset/bert-large-uncased-whole-word-masking-squad2": (336, "architecture: bert-large"),
    "salti/bert-base-multilingual-cased-finetuned-squad": (178, "architecture: bert-base-multilingual-cased"),
    "valhalla/longformer-base-4096-finetuned-squadv1": (149, "architecture: longformer-base-4096"),
    "deepset/tinyroberta-squad2": (82, "architecture: tinyroberta (6-layer roberta-base)"),
    "distilbert-base-uncased-distilled-squad": (66, "architecture: distilbert-base"),
    "deepset/bert-base-cased-squad2": (110, "architecture: bert-base"),
    "deepset/xlm-roberta-large-squad2": (560, "architecture: xlm-roberta-large"),
    "deepset/roberta-large-squad2": (355, "architecture: roberta-large"),
    "deepset/deberta-v3-base-squad2": (184, "architecture: deberta-v3-base"),
    "luhua/chinese_pretrain_mrc_roberta_wwm_ext_large": (325, "architecture: chinese-roberta-wwm-ext-large"),
    "deepset/deberta-v3-large-squad2": (435, "architecture: deberta-v3-large"),
    "deepset/gelectra-base-germanquad": (110, "architecture: electra-base"),
    "etalab-ia/camembert-base-squadFR-fquad-piaf": (110, "architecture: camembert-base"),
    "deepset/gelectra-large-germanquad": (335, "architecture: electra-large"),
    "mrm8488/distill-bert-base-spanish-wwm-cased-finetuned-spa-squad2-es": (None, "distilled BETO; size not stated"),
    "timpal0l/mdeberta-v3-base-squad2": (276, "card text (86M backbone + 190M embedding)"),
    "pierreguillou/bert-base-cased-squad-v1.1-portuguese": (110, "architecture: bert-base (BERTimbau)"),
    "uer/roberta-base-chinese-extractive-qa": (102, "architecture: bert-base with Chinese vocab"),
    "deepset/xlm-roberta-base-squad2": (278, "architecture: xlm-roberta-base"),
    "pierreguillou/bert-large-cased-squad-v1.1-portuguese": (335, "architecture: bert-large (BERTimbau)"),
    "AlexKay/xlm-roberta-large-qa-multilingual-finedtuned-ru": (560, "architecture: xlm-roberta-large"),
    "deutsche-telekom/bert-multi-english-german-squad2": (178, "architecture: bert-base-multilingual-cased"),
    "IDEA-CCNL/Randeng-T5-784M-QA-Chinese": (784, "model id"),
    "Intel/dynamic_tinybert": (67, "architecture: TinyBERT 6-layer/768"),
    "luhua/chinese_pretrain_mrc_macbert_large": (325, "architecture: macbert-large"),
    "hfl/chinese-pert-base-mrc": (102, "architecture: bert-base with Chinese vocab"),
    # ---- token-classification ----
    "Davlan/distilbert-base-multilingual-cased-ner-hrl": (135, "architecture: distilbert-base-multilingual-cased"),
    "Davlan/bert-base-multilingual-cased-ner-hrl": (178, "architecture: bert-base-multilingual-cased"),
    "dslim/bert-base-NER": (110, "architecture: bert-base"),
    "ckiplab/bert-base-chinese-ner": (102, "architecture: bert-base with Chinese vocab"),
    "Jean-Baptiste/camembert-ner": (110, "architecture: camembert-base"),
    "xlm-roberta-large-finetuned-conll03-english": (560, "architecture: xlm-roberta-large"),
    "dslim/bert-large-NER": (335, "architecture: bert-large"),
    "Jean-Baptiste/roberta-large-ner-english": (355, "architecture: roberta-large"),
    "dbmdz/bert-large-cased-finetuned-conll03-english": (335, "architecture: bert-large"),
    "felflare/bert-restore-punctuation": (110, "architecture: bert-base"),
    "flair/ner-english": (None, "Flair sequence tagger; size not stated"),
    "oliverguhr/fullstop-punctuation-multilang-large": (560, "architecture: xlm-roberta-large"),
    "flair/ner-english-ontonotes-fast": (None, "Flair sequence tagger; size not stated"),
    "flair/ner-english-ontonotes-large": (None, "Flair sequence tagger; size not stated"),
    "flair/ner-english-large": (None, "Flair sequence tagger; size not stated"),
    "vblagoje/bert-english-uncased-finetuned-pos": (110, "architecture: bert-base"),
    "StanfordAIMI/stanford-deidentifier-base": (110, "architecture: PubMedBERT base (tags)"),
    "Jean-Baptiste/camembert-ner-with-dates": (110, "architecture: camembert-base"),
    "mrm8488/bert-spanish-cased-finetuned-ner": (110, "architecture: bert-base (BETO)"),
    "flair/ner-german-large": (None, "Flair sequence tagger; size not stated"),
    "d4data/biomedical-ner-all": (66, "card: distilbert-base-uncased"),
    "cmarkea/distilcamembert-base-ner": (68, "architecture: distilcamembert-base"),
    "ml6team/keyphrase-extraction-kbir-inspec": (355, "architecture: KBIR (roberta-large)"),
    "samrawal/bert-base-uncased_clinical-ner": (110, "architecture: bert-base"),
    "Babelscape/wikineural-multilingual-ner": (178, "architecture: bert-base-multilingual-cased"),
    "yanekyuk/bert-uncased-keyword-extractor": (110, "card: bert-base-uncased"),
    "elastic/distilbert-base-uncased-finetuned-conll03-english": (66, "architecture: distilbert-base"),
    "deprem-ml/deprem-ner": (None, "base model not stated"),
    "jplu/tf-xlm-r-ner-40-lang": (278, "architecture: xlm-roberta-base"),
    "spacy/en_core_web_sm": (None, "spaCy pipeline; size not stated on card"),
    # ---- text-classification ----
    "distilbert-base-uncased-finetuned-sst-2-english": (66, "architecture: distilbert-base"),
    "cardiffnlp/twitter-roberta-base-sentiment": (125, "architecture: roberta-base"),
    "ProsusAI/finbert": (110, "architecture: bert-base"),
    "cardiffnlp/twitter-xlm-roberta-base-sentiment": (278, "architecture: xlm-roberta-base"),
    "papluca/xlm-roberta-base-language-detection": (278, "architecture: xlm-roberta-base"),
    "finiteautomata/bertweet-base-sentiment-analysis": (135, "architecture: bertweet-base"),
    "cardiffnlp/twitter-roberta-base-sentiment-latest": (125, "architecture: roberta-base"),
    "yiyanghkust/finbert-tone": (110, "architecture: bert-base"),
    "j-hartmann/emotion-english-distilroberta-base": (82, "architecture: distilroberta-base"),
    "joeddav/distilbert-base-uncased-go-emotions-student": (66, "architecture: distilbert-base"),
    "siebert/sentiment-roberta-large-english": (355, "architecture: roberta-large"),
    "roberta-base-openai-detector": (125, "architecture: roberta-base"),
    "nlptown/bert-base-multilingual-uncased-sentiment": (167, "architecture: bert-base-multilingual-uncased"),
    "finiteautomata/beto-sentiment-analysis": (110, "architecture: bert-base (BETO)"),
    "unitary/toxic-bert": (110, "architecture: bert-base"),
    "roberta-large-mnli": (355, "architecture: roberta-large"),
    "bhadresh-savani/distilbert-base-uncased-emotion": (66, "architecture: distilbert-base"),
    "nbroad/ESG-BERT": (110, "architecture: bert-base"),
    "cardiffnlp/twitter-roberta-base-emotion": (125, "architecture: roberta-base"),
    "bhadresh-savani/bert-base-go-emotion": (110, "architecture: bert-base"),
    "arpanghoshal/EmoRoBERTa": (125, "architecture: roberta-base"),
    "mrm8488/distilroberta-finetuned-financial-news-sentiment-analysis": (82, "architecture: distilroberta-base"),
    "microsoft/MiniLM-L12-H384-uncased": (33, "card text"),
    "IDEA-CCNL/Erlangshen-Roberta-110M-Sentiment": (110, "model id"),
    "microsoft/Multilingual-MiniLM-L12-H384": (117, "card text (21M transformer + 96M embedding)"),
    "michiyasunaga/BioLinkBERT-base": (110, "architecture: bert-base"),
    "OpenAssistant/reward-model-deberta-v3-large-v2": (435, "architecture: deberta-v3-large"),
    "microsoft/xtremedistil-l6-h384-uncased": (22, "card text"),
    "ElKulako/cryptobert": (135, "card: vinai/bertweet-base"),
    "uer/roberta-base-finetuned-chinanews-chinese": (102, "architecture: bert-base with Chinese vocab"),
    # ---- image-classification ----
    "timm/vit_large_patch14_clip_224.openai_ft_in12k_in1k": (304, "architecture: ViT-L/14"),
    "google/vit-base-patch16-224": (86, "architecture: ViT-B/16"),
    "microsoft/resnet-50": (25.6, "architecture: ResNet-50"),
    "microsoft/beit-base-patch16-224-pt22k-ft22k": (103, "architecture: BEiT-base + 21,841-class head"),
    "nateraw/vit-age-classifier": (86, "architecture: ViT-B/16"),
    "nvidia/mit-b0": (3.7, "architecture: MiT-b0"),
    "google/vit-large-patch32-384": (306, "architecture: ViT-L/32"),
    "microsoft/dit-base-finetuned-rvlcdip": (86, "architecture: DiT-base (ViT-B)"),
    "microsoft/swin-tiny-patch4-window7-224": (28, "architecture: Swin-T"),
    "microsoft/swin-base-patch4-window7-224-in22k": (110, "architecture: Swin-B + 21,841-class head"),
    "microsoft/resnet-18": (11.7, "architecture: ResNet-18"),
    "facebook/deit-base-patch16-224": (86, "architecture: DeiT-B"),
    "facebook/convnext-tiny-224": (28.6, "architecture: ConvNeXt-T"),
    "julien-c/hotdog-not-hotdog": (86, "architecture: ViT-B/16 (HuggingPics)"),
    "facebook/deit-base-distilled-patch16-224": (87, "architecture: DeiT-B distilled"),
    "nateraw/food": (86, "card: google/vit-base-patch16-224-in21k"),
    "google/vit-base-patch16-384": (86, "architecture: ViT-B/16"),
    "apple/mobilevit-small": (5.6, "architecture: MobileViT-S"),
    "cafeai/cafe_aesthetic": (86, "card: microsoft/beit-base-patch16-384"),
    "saltacc/anime-ai-detect": (86, "card: microsoft/beit-base-patch16-224"),
    "umm-maybe/AI-image-detector": (None, "AutoTrain; architecture not stated"),
    "google/vit-base-patch32-384": (88, "architecture: ViT-B/32"),
    "nateraw/vit-base-beans": (86, "architecture: ViT-B/16"),
    "google/vit-large-patch16-384": (304, "architecture: ViT-L/16"),
    "deepmind/vision-perceiver-learned": (None, "Perceiver IO; size not stated"),
    "ydshieh/vit-gpt2-coco-en-ckpts": (239, "architecture: ViT-B/16 encoder + GPT-2 decoder"),
    "Rajaram1996/FacialEmoRecog": (None, "architecture not stated"),
    "carbon225/vit-base-patch16-224-hentai": (86, "architecture: ViT-B/16"),
    "Hrishikesh332/autotrain-meme-classification-42897109437": (None, "AutoTrain; architecture not stated"),
    "mindspore-ai/LeNet": (0.062, "architecture: LeNet-5 (card), ~62K"),
    # ---- translation ----
    "t5-base": (220, "card text"),
    "Helsinki-NLP/opus-mt-en-es": (77, "architecture: MarianMT opus-mt transformer-base"),
    "t5-small": (60, "card text"),
    "Helsinki-NLP/opus-mt-es-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-fr-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-en-fr": (77, "architecture: MarianMT opus-mt transformer-base"),
    "t5-large": (770, "card text"),
    "Helsinki-NLP/opus-mt-de-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-en-de": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-ru-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "facebook/nllb-200-distilled-600M": (600, "model id"),
    "t5-11b": (11000, "card text"),
    "Helsinki-NLP/opus-mt-zh-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-en-zh": (77, "architecture: MarianMT opus-mt transformer-base"),
    "t5-3b": (3000, "card text"),
    "Helsinki-NLP/opus-mt-mul-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-en-ru": (77, "architecture: MarianMT opus-mt transformer-base"),
    "facebook/nllb-200-distilled-1.3B": (1300, "model id"),
    "Helsinki-NLP/opus-mt-tr-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "Helsinki-NLP/opus-mt-ja-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "facebook/mbart-large-cc25": (610, "architecture: mbart-large-cc25"),
    "facebook/nllb-200-3.3B": (3300, "model id"),
    "Helsinki-NLP/opus-mt-ko-en": (77, "architecture: MarianMT opus-mt transformer-base"),
    "staka/fugumt-en-ja": (None, "Marian-NMT; configuration not stated"),
    "staka/fugumt-ja-en": (None, "Marian-NMT; configuration not stated"),
    "liam168/trans-opus-mt-en-zh": (77, "architecture: MarianMT opus-mt transformer-base"),
    "alirezamsh/small100": (330, "architecture: SMaLL-100"),
    "K024/mt5-zh-ja-en-trimmed": (None, "mt5-base with trimmed vocabulary; total not stated"),
    "facebook/wmt21-dense-24-wide-en-x": (4700, "architecture: WMT21 dense-24-wide"),
    "raynardj/wenyanwen-chinese-translate-to-ancient": (None, "encoder-decoder; size not stated"),
    # ---- text-generation ----
    "gpt2": (124, "card text"),
    "distilgpt2": (82, "card text"),
    "EleutherAI/gpt-j-6B": (6000, "card text"),
    "EleutherAI/gpt-neo-2.7B": (2700, "card text"),
    "bigscience/bloom-560m": (559, "card text"),
    "EleutherAI/gpt-neo-1.3B": (1300, "card text"),
    "gpt2-xl": (1500, "card text"),
    "decapoda-research/llama-7b-hf": (7000, "model id"),
    "Gustavosta/MagicPrompt-Stable-Diffusion": (124, "card: gpt2"),
    "facebook/opt-66b": (66000, "model id"),
    "bigscience/bloom": (176000, "architecture: BLOOM 176B"),
    "EleutherAI/gpt-neox-20b": (20000, "card text"),
    "facebook/opt-30b": (30000, "model id"),
    "uer/gpt2-chinese-cluecorpussmall": (102, "architecture: GPT-2 small with Chinese BERT vocab"),
    "microsoft/biogpt": (347, "architecture: BioGPT"),
    "togethercomputer/GPT-JT-6B-v1": (6000, "card text"),
    "togethercomputer/GPT-NeoXT-Chat-Base-20B": (20000, "card text"),
    "hivemind/gpt-j-6B-8bit": (6000, "card text"),
    "bigscience/bloomz": (176000, "architecture: BLOOM 176B"),
    "sberbank-ai/mGPT": (1300, "card text"),
    "bigcode/santacoder": (1100, "card text"),
    "OpenAssistant/oasst-sft-1-pythia-12b": (12000, "model id"),
    "succinctly/text2image-prompt-generator": (None, "GPT-2 of unstated size"),
    "chavinlo/alpaca-native": (7000, "architecture: LLaMA-7B (Alpaca)"),
    "decapoda-research/llama-65b-hf": (65000, "model id"),
    "stanford-crfm/BioMedLM": (2700, "architecture: BioMedLM 2.7B"),
    "cerebras/Cerebras-GPT-13B": (13000, "card text"),
    "databricks/dolly-v1-6b": (6000, "card text"),
    "BlinkDL/rwkv-4-pile-14b": (14000, "model id"),
    "BlinkDL/rwkv-4-pile-7b": (7000, "model id"),
    # ---- sentence-similarity ----
    "sentence-transformers/all-MiniLM-L6-v2": (22.7, "architecture: MiniLM-L6-H384"),
    "sentence-transformers/all-mpnet-base-v2": (110, "architecture: mpnet-base"),
    "shibing624/text2vec-base-chinese": (102, "architecture: bert-base with Chinese vocab"),
    "sentence-transformers/multi-qa-mpnet-base-dot-v1": (110, "architecture: mpnet-base"),
    "sentence-transformers/paraphrase-MiniLM-L6-v2": (22.7, "architecture: MiniLM-L6-H384"),
    "sentence-transformers/all-MiniLM-L12-v2": (33.4, "architecture: MiniLM-L12-H384"),
    "sentence-transformers/bert-base-nli-mean-tokens": (110, "architecture: bert-base"),
    "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2": (118, "architecture: multilingual MiniLM-L12-H384"),
    "sentence-transformers/paraphrase-multilingual-mpnet-base-v2": (278, "architecture: xlm-roberta-base"),
    "sentence-transformers/paraphrase-mpnet-base-v2": (110, "architecture: mpnet-base"),
    "sentence-transformers/multi-qa-MiniLM-L6-cos-v1": (22.7, "architecture: MiniLM-L6-H384"),
    "sentence-transformers/distiluse-base-multilingual-cased-v2": (135, "architecture: distilbert-base-multilingual-cased"),
    "sentence-transformers/distiluse-base-multilingual-cased-v1": (135, "architecture: distilbert-base-multilingual-cased"),
    "sentence-transformers/LaBSE": (471, "architecture: LaBSE"),
    "sentence-transformers/paraphrase-xlm-r-multilingual-v1": (278, "architecture: xlm-roberta-base"),
    "sentence-transformers/all-roberta-large-v1": (355, "architecture: roberta-large"),
    "jhgan/ko-sroberta-multitask": (111, "architecture: klue/roberta-base"),
    "sentence-transformers/clip-ViT-B-32-multilingual-v1": (135, "architecture: distilbert-base-multilingual-cased text encoder"),
    "uer/sbert-base-chinese-nli": (102, "card: Chinese roberta-base"),
    "sentence-transformers/sentence-t5-base": (110, "architecture: sentence-t5-base (T5-base encoder)"),
    "symanto/sn-xlm-roberta-base-snli-mnli-anli-xnli": (278, "card: xlm-roberta-base"),
    "pritamdeka/BioBERT-mnli-snli-scinli-scitail-mednli-stsb": (108, "architecture: BioBERT base"),
    "hkunlp/instructor-large": (335, "architecture: INSTRUCTOR-large"),
    "AI-Growth-Lab/PatentSBERTa": (None, "base model not stated"),
    "hkunlp/instructor-xl": (1500, "architecture: INSTRUCTOR-xl"),
    "hiiamsid/sentence_similarity_spanish_es": (None, "base model not stated"),
    "clips/mfaq": (278, "architecture: xlm-roberta-base (MFAQ)"),
    "hkunlp/instructor-base": (110, "architecture: INSTRUCTOR-base"),
    "sentence-transformers/clip-ViT-B-32": (151, "architecture: CLIP ViT-B/32"),
    "sentence-transformers/clip-ViT-L-14": (428, "architecture: CLIP ViT-L/14"),
    # ---- object-detection ----
    "hustvl/yolos-tiny": (6.5, "architecture: YOLOS-Ti"),
    "facebook/detr-resnet-50": (41, "architecture: DETR R50"),
    "google/owlvit-base-patch32": (153, "architecture: OWL-ViT B/32"),
    "facebook/detr-resnet-101": (60, "architecture: DETR R101"),
    "microsoft/table-transformer-detection": (28.8, "architecture: Table Transformer (DETR R18)"),
    "microsoft/table-transformer-structure-recognition": (28.8, "architecture: Table Transformer (DETR R18)"),
    "hustvl/yolos-small": (30.7, "architecture: YOLOS-S"),
    "TahaDouaji/detr-doc-table-detection": (41, "card: facebook/detr-resnet-50"),
    "facebook/detr-resnet-101-dc5": (60, "architecture: DETR R101-DC5"),
    "google/owlvit-large-patch14": (433, "architecture: OWL-ViT L/14"),
    "SenseTime/deformable-detr": (40, "architecture: Deformable DETR R50"),
    "keremberke/yolov8m-table-extraction": (25.9, "architecture: YOLOv8m"),
    "keremberke/yolov5m-license-plate": (21.2, "architecture: YOLOv5m"),
    "keremberke/yolov8s-table-extraction": (11.2, "architecture: YOLOv8s"),
    "fcakyon/yolov5s-v7.0": (7.2, "architecture: YOLOv5s"),
    "google/owlvit-base-patch16": (153, "architecture: OWL-ViT B/16"),
    "ultralyticsplus/yolov8s": (11.2, "architecture: YOLOv8s"),
    "hustvl/yolos-base": (127, "architecture: YOLOS-B"),
    "keremberke/yolov5n-license-plate": (1.9, "architecture: YOLOv5n"),
    "keremberke/yolov5s-license-plate": (7.2, "architecture: YOLOv5s"),
    "keremberke/yolov5n-blood-cell": (1.9, "architecture: YOLOv5n"),
    "nickmuchi/yolos-small-finetuned-license-plate-detection": (30.7, "architecture: YOLOS-S"),
    "nickmuchi/yolos-small-rego-plates-detection": (30.7, "architecture: YOLOS-S"),
    "valentinafeve/yolos-fashionpedia": (None, "YOLOS variant not stated"),
    "nielsr/detr-table-detection": (None, "architecture not stated"),
    "biglam/detr-resnet-50_fine_tuned_nls_chapbooks": (41, "architecture: DETR R50"),
    "mindee/fasterrcnn_mobilenet_v3_large_fpn": (19.4, "architecture: Faster R-CNN MobileNetV3-Large FPN"),
    "SalML/DETR-table-structure-recognition": (28.8, "card: Table Transformer (DETR R18)"),
    "Riser/YOLOP": (7.9, "architecture: YOLOP"),
    "SamMorgan/yolo_v4_tflite": (64, "architecture: YOLOv4"),
    # ---- image-to-text ----
    "nlpconnect/vit-gpt2-image-captioning": (239, "architecture: ViT-B/16 encoder + GPT-2 decoder"),
    "Salesforce/blip-image-captioning-base": (247, "architecture: BLIP base"),
    "microsoft/trocr-base-printed": (334, "architecture: TrOCR-base"),
    "Salesforce/blip-image-captioning-large": (470, "architecture: BLIP large"),
    "microsoft/trocr-small-handwritten": (62, "architecture: TrOCR-small"),
    "Salesforce/blip2-opt-2.7b": (3900, "architecture: BLIP-2 OPT-2.7b (card: 2.7B LM)"),
    "kha-white/manga-ocr-base": (None, "encoder-decoder; size not stated"),
    "microsoft/git-large-coco": (347, "architecture: GIT-large"),
    "naver-clova-ix/donut-base": (None, "Donut; size not stated"),
    "microsoft/trocr-large-printed": (558, "architecture: TrOCR-large"),
    "microsoft/trocr-base-handwritten": (334, "architecture: TrOCR-base"),
    "naver-clova-ix/donut-base-finetuned-cord-v2": (None, "Donut; size not stated"),
    "Salesforce/blip2-flan-t5-xl": (3900, "architecture: BLIP-2 Flan-T5-XL"),
    "Salesforce/blip2-flan-t5-xxl": (12100, "architecture: BLIP-2 Flan-T5-XXL"),
    "microsoft/trocr-large-handwritten": (558, "architecture: TrOCR-large"),
    "ydshieh/vit-gpt2-coco-en": (239, "architecture: ViT-B/16 encoder + GPT-2 decoder"),
    "microsoft/git-large-textcaps": (347, "architecture: GIT-large"),
    "microsoft/git-base": (129, "architecture: GIT-base"),
    "microsoft/trocr-small-printed": (62, "architecture: TrOCR-small"),
    "Salesforce/blip2-opt-6.7b": (7800, "architecture: BLIP-2 OPT-6.7b (card: 6.7B LM)"),
    "google/pix2struct-base": (282, "architecture: Pix2Struct-base"),
    "google/pix2struct-docvqa-large": (1300, "architecture: Pix2Struct-large"),
    "dhansmair/flamingo-mini": (None, "size not stated"),
    "google/pix2struct-textcaps-base": (282, "architecture: Pix2Struct-base"),
    "Salesforce/blip2-flan-t5-xl-coco": (3900, "architecture: BLIP-2 Flan-T5-XL"),
    "google/pix2struct-textcaps-large": (1300, "architecture: Pix2Struct-large"),
    "google/pix2struct-ai2d-base": (282, "architecture: Pix2Struct-base"),
    "google/pix2struct-ocrvqa-large": (1300, "architecture: Pix2Struct-large"),
    "tuman/vit-rugpt2-image-captioning": (None, "ViT-base + ruGPT3-large decoder; total not stated"),
    "keras-io/ocr-for-captcha": (None, "Keras model; size not stated"),
    # ---- conversational ----
    "PygmalionAI/pygmalion-6b": (6000, "model id"),
    "facebook/blenderbot-400M-distill": (365, "architecture: BlenderBot 400M-distill"),
    "microsoft/DialoGPT-medium": (355, "architecture: GPT-2 medium"),
    "waifu-workshop/pygmalion-6b": (6000, "model id"),
    "microsoft/DialoGPT-small": (124, "architecture: GPT-2 small"),
    "microsoft/DialoGPT-large": (774, "architecture: GPT-2 large"),
    "facebook/blenderbot-3B": (2700, "card text (2.7B variant)"),
    "microsoft/GODEL-v1_1-large-seq2seq": (770, "architecture: T5-large"),
    "PygmalionAI/pygmalion-2.7b": (2700, "model id"),
    "microsoft/GODEL-v1_1-base-seq2seq": (220, "architecture: T5-base"),
    "PygmalionAI/pygmalion-350m": (350, "card: OPT-350M"),
    "PygmalionAI/pygmalion-1.3b": (1300, "model id"),
    "facebook/blenderbot_small-90M": (90, "card text"),
    "allenai/cosmo-xl": (3000, "card: t5-xl-lm-adapt"),
    "BlackSamorez/rudialogpt3_medium_based_on_gpt2_2ch": (355, "card: ruGPT3-medium"),
    "af1tang/personaGPT": (355, "card: DialoGPT-medium"),
    "tinkoff-ai/ruDialoGPT-medium": (355, "card: ruGPT3-medium"),
    "facebook/blenderbot-1B-distill": (1400, "architecture: BlenderBot 1B-distill"),
    "satvikag/chatbot": (355, "card: DialoGPT-medium"),
    "deepparag/Aeona": (124, "card: DialoGPT-small"),
    "thu-coai/CDial-GPT_LCCC-large": (None, "size not stated"),
    "abhiramtirumala/DialoGPT-sarcastic": (355, "card: DialoGPT-medium"),
    "Kirili4ik/ruDialoGpt3-medium-finetuned-telegram": (355, "card: ruGPT3-medium"),
    "gorkemgoknar/gpt2chatbotenglish": (124, "card: GPT2 small"),
    "byeongal/Ko-DialoGPT": (None, "size not stated"),
    "r3dhummingbird/DialoGPT-medium-joshua": (355, "card: DialoGPT-medium"),
    "hyunwoongko/blenderbot-9B": (9400, "card text (9.4B variant)"),
    "hyunwoongko/reddit-3B": (2700, "card text (2.7B variant)"),
    "PaddlePaddle/plato-mini": (None, "size not stated"),
    "zl111/ChatDoctor": (None, "size not stated"),
    # ---- text2text-generation ----
    "snrspeaks/t5-one-line-summary": (None, "T5 of unstated size"),
    "prithivida/parrot_paraphraser_on_T5": (None, "T5 of unstated size"),
    "facebook/m2m100_418M": (418, "model id"),
    "google/flan-t5-xxl": (11300, "architecture: flan-t5-xxl"),
    "google/flan-t5-xl": (2850, "architecture: flan-t5-xl"),
    "tuner007/pegasus_paraphrase": (568, "architecture: pegasus-large"),
    "google/flan-t5-base": (248, "architecture: flan-t5-base"),
    "Salesforce/codet5-base": (220, "architecture: codet5-base"),
    "google/flan-t5-large": (783, "architecture: flan-t5-large"),
    "google/flan-t5-small": (77, "architecture: flan-t5-small"),
    "google/mt5-base": (580, "architecture: mt5-base"),
    "mrm8488/t5-base-finetuned-question-generation-ap": (220, "card: t5-base"),
    "pszemraj/flan-t5-large-grammar-synthesis": (783, "architecture: flan-t5-large"),
    "vennify/t5-base-grammar-correction": (220, "architecture: t5-base"),
    "google/mt5-small": (300, "architecture: mt5-small"),
    "Babelscape/rebel-large": (406, "architecture: bart-large"),
    "google/flan-ul2": (20000, "architecture: UL2 20B"),
    "bigscience/T0_3B": (3000, "card text"),
    "fnlp/bart-base-chinese": (None, "enlarged vocabulary; total not stated"),
    "ClueAI/ChatYuan-large-v1": (None, "T5 variant; size not stated"),
    "philschmid/flan-t5-base-samsum": (248, "architecture: flan-t5-base"),
    "BelleGroup/BELLE-7B-2M": (7100, "architecture: BLOOMZ-7B1"),
    "bigscience/T0pp": (11000, "card text"),
    "THUDM/chatglm-6b-int4-qe": (6000, "model id"),
    "ClueAI/ChatYuan-large-v2": (None, "T5 variant; size not stated"),
    "declare-lab/flan-alpaca-xl": (2850, "architecture: flan-t5-xl"),
    "ClueAI/PromptCLUE-base": (None, "T5 variant; size not stated"),
    "sander-wood/text-to-music": (140, "card: facebook/bart-base"),
    "google/ul2": (20000, "card text"),
    "bigscience/T0": (11000, "card text"),
    # ---- text-to-speech (only what cards state) ----
    "nvidia/tts_en_fastpitch": (45, "card text"),
    "nvidia/tts_hifigan": (85, "card text"),
    # ---- text-to-video ----
    "damo-vilab/modelscope-damo-text-to-video-synthesis": (1700, "card text"),
    "damo-vilab/text-to-video-ms-1.7b": (1700, "card text"),
    "damo-vilab/text-to-video-ms-1.7b-legacy": (1700, "card text"),
    "provin/test": (1700, "card text"),
}

LOWER_IS_BETTER = {"wer", "cer", "loss", "perplexity", "validationloss"}

# ---------------------------------------------------------------------------
# Translation direction: what each translation model of the dump and of
# EXTRA_MODELS can translate, decided from its id, its card (meta.language and
# description) and what is publicly known of its family.  Each entry is
# (rule, argument, reason); see the module docstring for the four rules.
# Codes are ISO 639-1 like the request labels; "lzh" (Literary Chinese, ISO
# 639-3) is used where no two-letter code exists, so it matches no label.
# ---------------------------------------------------------------------------
PAIRS, MANY_TO_MANY, FROM_LIST, LANGUAGE_LIST = "pairs", "many_to_many", "from_list", "language_list"

_T5_PAIRS = frozenset({("en", "de"), ("en", "fr"), ("en", "ro")})
_T5_REASON = ("T5 was trained to translate only English->German/French/Romanian (WMT prefixes "
              "'translate English to ...'); the card lists exactly en, fr, ro, de")
_NLLB_REASON = "NLLB-200 card: single-sentence translation among its 200 listed languages"

TRANSLATION_DIRECTIONS = {
    # ---- OPUS-MT (Helsinki-NLP): opus-mt-<src>-<tgt> translates src->tgt only ----
    "Helsinki-NLP/opus-mt-en-es": (PAIRS, {("en", "es")}, "OPUS-MT id; card: source eng, target spa"),
    "Helsinki-NLP/opus-mt-es-en": (PAIRS, {("es", "en")}, "OPUS-MT id; card: source spa, target eng"),
    "Helsinki-NLP/opus-mt-fr-en": (PAIRS, {("fr", "en")}, "OPUS-MT id; card: source fr, target en"),
    "Helsinki-NLP/opus-mt-en-fr": (PAIRS, {("en", "fr")}, "OPUS-MT id; card: source en, target fr"),
    "Helsinki-NLP/opus-mt-de-en": (PAIRS, {("de", "en")}, "OPUS-MT id; card: source de, target en"),
    "Helsinki-NLP/opus-mt-en-de": (PAIRS, {("en", "de")}, "OPUS-MT id; card: source English, target German"),
    "Helsinki-NLP/opus-mt-ru-en": (PAIRS, {("ru", "en")}, "OPUS-MT id; card: source Russian, target English"),
    "Helsinki-NLP/opus-mt-en-ru": (PAIRS, {("en", "ru")}, "OPUS-MT id; card: source en, target ru"),
    "Helsinki-NLP/opus-mt-zh-en": (PAIRS, {("zh", "en")}, "OPUS-MT id; card: source Chinese, target English"),
    "Helsinki-NLP/opus-mt-en-zh": (PAIRS, {("en", "zh")}, "OPUS-MT id; card: source eng, target Chinese varieties"),
    "Helsinki-NLP/opus-mt-tr-en": (PAIRS, {("tr", "en")}, "OPUS-MT id; card: source tr, target en"),
    "Helsinki-NLP/opus-mt-ja-en": (PAIRS, {("ja", "en")}, "OPUS-MT id; card: source ja, target en"),
    "Helsinki-NLP/opus-mt-ko-en": (PAIRS, {("ko", "en")}, "OPUS-MT id; card: source kor, target eng"),
    "Helsinki-NLP/opus-mt-mul-en": (FROM_LIST, "en",
                                    "OPUS-MT mul->eng: the card's ~300 source languages (no Korean) are its "
                                    "language list in two-letter codes; target English only"),
    # ---- other one-direction Marian models ----
    "liam168/trans-opus-mt-en-zh": (PAIRS, {("en", "zh")}, "card: source group English, target group Chinese"),
    "staka/fugumt-en-ja": (PAIRS, {("en", "ja")}, "FuguMT card: source language en, target language ja"),
    "staka/fugumt-ja-en": (PAIRS, {("ja", "en")}, "FuguMT card: source language ja, target language en"),
    # ---- T5: English -> German / French / Romanian only ----
    "t5-small": (PAIRS, _T5_PAIRS, _T5_REASON),
    "t5-base": (PAIRS, _T5_PAIRS, _T5_REASON),
    "t5-large": (PAIRS, _T5_PAIRS, _T5_REASON),
    "t5-3b": (PAIRS, _T5_PAIRS, _T5_REASON),
    "t5-11b": (PAIRS, _T5_PAIRS, _T5_REASON),
    # ---- many-to-many ----
    "facebook/nllb-200-distilled-600M": (MANY_TO_MANY, None, _NLLB_REASON),
    "facebook/nllb-200-distilled-1.3B": (MANY_TO_MANY, None, _NLLB_REASON),
    "facebook/nllb-200-3.3B": (MANY_TO_MANY, None, _NLLB_REASON),
    "alirezamsh/small100": (MANY_TO_MANY, None,
                            "SMaLL-100 card: M2M-100-style model over 10K+ pairs of its listed languages "
                            "(examples hi->fr, zh->en)"),
    "K024/mt5-zh-ja-en-trimmed": (MANY_TO_MANY, None,
                                  "card: mT5 fine-tuned on en-ja, en-zh and ja-zh corpora with direction prefixes "
                                  "('ja2zh: ...'); any way between zh, ja, en"),
    # ---- one-to-many ----
    "facebook/wmt21-dense-24-wide-en-x": (PAIRS, {("en", t) for t in ("ha", "is", "ja", "cs", "ru", "zh", "de")},
                                          "card: 'one-to-many', English into ha, is, ja, cs, ru, zh, de"),
    # ---- not a translator between the labelled languages ----
    "raynardj/wenyanwen-chinese-translate-to-ancient": (PAIRS, {("zh", "lzh")},
                                                        "card: modern Chinese -> Classical Chinese only (neither "
                                                        "reads nor writes another language)"),
    "facebook/mbart-large-cc25": (PAIRS, frozenset(),
                                  "card: 'Pretrained (not finetuned)' denoising mBART; it must be fine-tuned before it "
                                  "translates any pair, so no direction is admitted"),
    # ---- EXTRA_MODELS ----
    "Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF": (LANGUAGE_LIST, None,
                                              "general code/chat LLM, no stated translation directions; its card "
                                              "lists English only, so only English-to-English labels pass (e.g. "
                                              "'into English' from an unstated source)"),
}

_OPUS_ID = re.compile(r"^Helsinki-NLP/opus-mt-([a-z]{2,3})-([a-z]{2,3})$")
_NOT_A_LANGUAGE = {"multilingual", "mul"}


def direction_rule(model):
    """(rule, argument, reason) for a translation model: the table entry, else
    the OPUS-MT id rule, else the language-list rule."""
    entry = TRANSLATION_DIRECTIONS.get(model["id"])
    if entry is not None:
        return entry
    m = _OPUS_ID.match(model["id"])
    if m and "mul" not in m.groups():
        return (PAIRS, {(m.group(1), m.group(2))}, "OPUS-MT id (not in the table)")
    return (LANGUAGE_LIST, None, "direction not established (not in the table)")


def can_translate(model, source=None, target=None):
    """True when `model` can translate from `source` into `target` (either may
    be None = not labelled, which then asks nothing of that side)."""
    source = _norm_lang(source) if source else None
    target = _norm_lang(target) if target else None
    if source is None and target is None:
        return True
    rule, arg, _reason = direction_rule(model)
    langs = [l for l in model.get("languages") or [] if l not in _NOT_A_LANGUAGE]
    if rule == PAIRS:
        return any((source is None or s == source) and (target is None or t == target) for s, t in arg)
    if rule == MANY_TO_MANY:
        if source is not None and source not in langs:
            return False
        if target is not None and target not in langs:
            return False
        if source is not None and target is not None:
            return source != target
        return len(set(langs)) >= 2
    if rule == FROM_LIST:
        if target is not None and target != arg:
            return False
        return source is None or (source != arg and source in langs)
    if rule == LANGUAGE_LIST:
        if not langs:
            return True
        return all(l in langs for l in (source, target) if l is not None)
    raise ValueError("unknown direction rule %r" % rule)


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------
def _as_list(x):
    if x is None:
        return []
    if isinstance(x, list):
        return [str(v) for v in x if v is not None]
    return [str(x)]


def _norm_licences(raw):
    out = []
    for lic in _as_list(raw):
        lic = lic.strip().lower()
        if lic and lic not in ("unknown", "none"):
            out.append(lic)
    return out


def _norm_lang(code):
    return re.split(r"[-_]", str(code).strip().lower())[0]


def load_models(dump_path):
    models = []
    with open(dump_path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            row = json.loads(line)
            meta = row.get("meta") or {}
            mid = row["id"]
            size = PARAMS_M.get(mid, (None, "not determined"))
            models.append({
                "id": mid,
                "tasks": [row.get("pipeline_tag")] if row.get("pipeline_tag") else [],
                "licences": _norm_licences(meta.get("license")),
                "languages": [_norm_lang(c) for c in _as_list(meta.get("language") or meta.get("languages"))],
                "params": None if size[0] is None else int(round(size[0] * M)),
                "params_note": size[1],
                "downloads": int(row.get("downloads") or 0),
                "likes": int(row.get("likes") or 0),
                "model_index": meta.get("model-index") or [],
            })
    for extra in EXTRA_MODELS:
        e = dict(extra)
        e["languages"] = [_norm_lang(c) for c in e["languages"]]
        models.append(e)
    return models


# ---------------------------------------------------------------------------
# Licences
# ---------------------------------------------------------------------------
FAMILIES = ("permissive", "copyleft", "non-commercial", "openrail")


def in_family(lic, family):
    if family == "permissive":
        return (lic in ("mit", "unlicense", "wtfpl", "isc", "zlib", "public-domain", "pddl")
                or lic.startswith("apache") or lic.startswith("bsd")
                or lic.startswith("cc0")
                or re.fullmatch(r"cc-by-\d+(\.\d+)?", lic) is not None)
    if family == "copyleft":
        return (re.match(r"(a|l)?gpl", lic) is not None
                or re.match(r"cc-by(-nc)?-sa", lic) is not None)
    if family == "non-commercial":
        return "-nc" in lic
    if family == "openrail":
        return "rail" in lic
    raise ValueError("unknown licence family %r" % family)


def licence_matches(lic, name):
    name = name.strip().lower()
    if name in FAMILIES:
        return in_family(lic, name)
    return lic == name


# ---------------------------------------------------------------------------
# Benchmarks
# ---------------------------------------------------------------------------
def _norm_metric(s):
    s = str(s or "").lower().replace("rogue", "rouge")
    return re.sub(r"[^a-z0-9@]", "", s)


def _to_float(v):
    if isinstance(v, (int, float)):
        return float(v)
    try:
        return float(str(v).strip().rstrip("%"))
    except ValueError:
        return None


def _config_matches(ds, want_cfg):
    """dataset.config equals the wanted config; when a card leaves config
    empty and writes it into the dataset name instead (e.g. name
    "Common Voice es"), a whole-word occurrence in the name counts."""
    cfg = str(ds.get("config") or "").strip().lower()
    if cfg:
        return cfg == want_cfg
    name = str(ds.get("name") or "").strip().lower()
    return re.search(r"(^|[\s(])" + re.escape(want_cfg) + r"($|[\s),])", name) is not None


def direction_of(metric, explicit=None):
    if explicit in ("min", "max"):
        return explicit
    return "min" if _norm_metric(metric) in LOWER_IS_BETTER else "max"


def benchmark_value(model, c):
    want_ds = str(c["dataset"]).strip().lower()
    want_cfg = str(c["config"]).strip().lower() if c.get("config") else None
    want_split = str(c["split"]).strip().lower() if c.get("split") else None
    want_metric = _norm_metric(c["metric"])
    direction = direction_of(c["metric"], c.get("direction"))
    vals = []
    for entry in model["model_index"] or []:
        for res in (entry or {}).get("results") or []:
            ds = (res or {}).get("dataset") or {}
            names = {str(ds.get("type") or "").strip().lower(),
                     str(ds.get("name") or "").strip().lower()}
            if want_ds not in names:
                continue
            if want_cfg is not None and not _config_matches(ds, want_cfg):
                continue
            if want_split is not None and str(ds.get("split") or "").strip().lower() != want_split:
                continue
            for mt in res.get("metrics") or []:
                mtype = _norm_metric(mt.get("type"))
                ok = mtype == want_metric or (
                    mtype == "rouge" and want_metric.startswith("rouge")
                    and _norm_metric(mt.get("name")) == want_metric)
                if not ok:
                    continue
                v = _to_float(mt.get("value"))
                if v is not None:
                    vals.append(v)
    if not vals:
        return None
    return min(vals) if direction == "min" else max(vals)


# ---------------------------------------------------------------------------
# Constraint evaluation
# ---------------------------------------------------------------------------
RANKING = ("smallest", "best_on", "most_downloaded", "most_liked")


def passes(model, c):
    kind = c["kind"]
    if kind == "licence_allow":
        return any(licence_matches(l, n) for l in model["licences"] for n in c["licences"])
    if kind == "licence_deny":
        return not any(licence_matches(l, n) for l in model["licences"] for n in c["licences"])
    if kind == "max_params":
        return model["params"] is not None and model["params"] <= c["max"]
    if kind == "min_downloads":
        return model["downloads"] >= c["min"]
    if kind == "language":
        return _norm_lang(c["language"]) in model["languages"]
    if kind == "smallest":
        return model["params"] is not None
    if kind == "best_on":
        return benchmark_value(model, c) is not None
    if kind in ("most_downloaded", "most_liked"):
        return True
    if kind == "direction":
        return can_translate(model, c.get("source"), c.get("target"))
    raise ValueError("unknown constraint kind %r" % kind)


def rank_key(model, c):
    """Smaller key = better."""
    kind = c["kind"]
    if kind == "smallest":
        return model["params"]
    if kind == "most_downloaded":
        return -model["downloads"]
    if kind == "most_liked":
        return -model["likes"]
    if kind == "best_on":
        v = benchmark_value(model, c)
        return v if direction_of(c["metric"], c.get("direction")) == "min" else -v
    raise ValueError(kind)


def applies(c, task):
    return c.get("scope", "all") in ("all", task)


def direction_constraint(step):
    """The implicit direction constraint of one request step, or None: only a
    translation step with a source or target label has one.  It is scoped to
    the step itself (not to the task tag), so it is passed per step."""
    if step.get("task") != "translation":
        return None
    source, target = step.get("source"), step.get("target")
    if not source and not target:
        return None
    return {"scope": "translation", "kind": "direction", "source": source, "target": target}


def solve_step(models, task, constraints):
    cs = [c for c in constraints if applies(c, task)]
    cands = [m for m in models if task in m["tasks"]]
    adm = [m for m in cands if all(passes(m, c) for c in cs)]
    ranking = [c for c in cs if c["kind"] in RANKING]
    optimal = None
    best_val = None
    if ranking:
        pool = adm
        for c in ranking:  # lexicographic if several (not used by the frozen set)
            if not pool:
                break
            best = min(rank_key(m, c) for m in pool)
            pool = [m for m in pool if rank_key(m, c) == best]
            best_val = best
        optimal = sorted(m["id"] for m in pool)
    return {
        "admissible": sorted(m["id"] for m in adm),
        "optimal": optimal,
        "unsatisfiable": not adm,
        "_n_candidates": len(cands),
        "_ranking": [c["kind"] for c in ranking],
        "_best": best_val,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump", nargs="?", default=DEFAULT_DUMP, help="p0_models.jsonl")
    ap.add_argument("--requests", default=DEFAULT_REQUESTS)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--ignore-direction", action="store_true",
                    help="leave out the translation-direction constraint (the direction-blind truth)")
    args = ap.parse_args(argv)

    models = load_models(args.dump)
    for m in models:
        if "translation" in m["tasks"] and m["id"] not in TRANSLATION_DIRECTIONS:
            print("warning: translation model %s is not in TRANSLATION_DIRECTIONS; rule: %s"
                  % (m["id"], direction_rule(m)[2]), file=sys.stderr)
    requests = []
    with open(args.requests, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                requests.append(json.loads(line))

    out_lines = []
    n_steps = n_unsat = 0
    for req in requests:
        steps = []
        print("%s  %s" % (req["id"], req["query"]))
        for t in req["tasks"]:
            extra = None if args.ignore_direction else direction_constraint(t)
            r = solve_step(models, t["task"], req["constraints"] + ([extra] if extra else []))
            n_steps += 1
            n_unsat += r["unsatisfiable"]
            steps.append({
                "id": t["id"],
                "task": t["task"],
                "admissible": r["admissible"],
                "optimal": r["optimal"],
                "unsatisfiable": r["unsatisfiable"],
            })
            if r["unsatisfiable"]:
                status = "UNSATISFIABLE"
            elif r["optimal"] is not None:
                status = "optimal (%s=%s): %s" % ("+".join(r["_ranking"]), _fmt(r["_best"], r["_ranking"]),
                                                  ", ".join(r["optimal"]))
            else:
                status = "no ranking"
            if extra:
                status += "  [direction %s->%s]" % (extra["source"] or "?", extra["target"] or "?")
            print("   step %s %-30s admissible %3d/%-3d  %s" % (
                t["id"], t["task"], len(r["admissible"]), r["_n_candidates"], status))
        out_lines.append(json.dumps({"id": req["id"], "steps": steps}, ensure_ascii=False))

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out_lines) + "\n")
    print("\n%d requests, %d steps, %d unsatisfiable steps -> %s" % (
        len(requests), n_steps, n_unsat, args.out))
    return 0


def _fmt(best, ranking):
    if best is None:
        return "-"
    if ranking and ranking[-1] == "smallest":
        return "%.3gM" % (best / M)
    if ranking and ranking[-1] == "best_on":
        return "%g" % abs(best)
    return "%d" % abs(best)


if __name__ == "__main__":
    sys.exit(main())
