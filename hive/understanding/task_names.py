"""The library's task names as people write them, read as asking for that task.

"Which text generation model has the best pass@1 on HumanEval?", "a question-answering model for our HR
handbook", "the object detection component": people who know the field name the task itself. Each library task's
tag is read with its words joined by a space, a hyphen or an underscore (or run together), "summarisation"
spelt either way and speech recognition with or without "automatic"; plus the Hub's other names for two
tasks (sentence embeddings and feature extraction are sentence similarity; text-to-text is text2text).
"""

from __future__ import annotations

import re
from functools import lru_cache

from hive.planning.library import load_library

JOIN = r"[- _]?"
# Names the Hub uses besides the tag (model tags and library names people copy), per task.
OTHER_NAMES = {
    "sentence-similarity": [r"(?:sentence|text)" + JOIN + r"embeddings?", r"feature" + JOIN + r"extraction"],
    "text2text-generation": [r"text" + JOIN + r"to" + JOIN + r"text(?:" + JOIN + r"generation)?"],
    "automatic-speech-recognition": [r"speech" + JOIN + r"recognition"],
    "image-to-text": [r"optical" + JOIN + r"character" + JOIN + r"recognition"],  # OCR, spelt out below
}
# The field's acronyms and shorthand for tasks, spelt out before a name is read ("QA model: under 150M", "tableqa on x.csv").
ACRONYMS = {"qa": "question answering", "vqa": "visual question answering", "asr": "speech recognition", "stt": "speech to text",
            "tts": "text to speech", "ocr": "optical character recognition of text in an image", "ner": "named entity recognition",
            "mt": "machine translation", "nli": "natural language inference", "id": "identification",
            "lid": "language identification", "seg": "segmentation", "tableqa": "table question answering",
            "docqa": "document question answering", "t2i": "text to image", "txt2img": "text to image",
            "img2img": "image to image", "t2v": "text to video", "lm": "language model", "llm": "large language model",
            "img2txt": "image to text", "i2t": "image to text", "clf": "classification", "embed": "compute sentence embeddings of",
            "embeddings": "sentence embeddings", "vectorize": "compute sentence embeddings of", "vectorise": "compute sentence embeddings of"}


def spelt_out(text: str) -> str:
    """The text with the field's acronyms spelt out, also inside hyphenated words ('Language-ID model')."""
    return re.sub(r"[^\W_]+", lambda word: ACRONYMS.get(word.group().lower(), word.group()), text)


@lru_cache(maxsize=1)
def task_name_patterns() -> dict[str, re.Pattern]:
    """For every library task, a case-insensitive pattern of the names that name it."""
    patterns = {}
    for task in sorted({action.pipeline_tag for action in load_library().actions.values() if action.pipeline_tag}):
        words = [re.escape(word).replace("summarization", "summari[sz]ation") for word in task.split("-")]
        names = [JOIN.join(words)] + OTHER_NAMES.get(task, [])
        patterns[task] = re.compile(rf"\b(?:{'|'.join(names)})\b", re.I)
    return patterns


def task_named_in(text: str) -> str | None:
    """The task whose name a text holds, the longest name winning ("visual question answering model" is visual
    question answering, not question answering); None when it names none."""
    found = [(m.end() - m.start(), task) for task, pattern in task_name_patterns().items() if (m := pattern.search(text))]
    return max(found)[1] if found else None
