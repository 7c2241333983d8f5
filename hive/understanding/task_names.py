"""The library's task names as people write them, read as asking for that task.

"Which text generation model has the best pass@1 on HumanEval?", "a question-answering model for our HR
handbook", "the object detection component": people who know the field name the task itself. A clause may open
with the name of the step it asks ("tableqa on sales_q3.csv", "TTS it.", "LM writes a prompt from the theme"), and a
result may be named by its step's name ("summarise the OCR text"). Each library task's tag is read with its words
joined by a space, a hyphen or an underscore (or run together), "summarisation" spelt either way and speech recognition
with or without "automatic"; plus the other names people use for some tasks (sentence embeddings and feature extraction
are sentence similarity, text-to-text is text2text, speech-to-text is speech recognition, machine translation is
translation).
"""

from __future__ import annotations

import re
from functools import lru_cache

from hive.planning.library import load_library
from hive.understanding.parsing import ARROW_GLYPH

JOIN = r"[- _]?"
# Names the Hub uses besides the tag (model tags and library names people copy), per task.
OTHER_NAMES = {
    "sentence-similarity": [r"(?:sentence|text)" + JOIN + r"embeddings?", r"feature" + JOIN + r"extraction"],
    "text2text-generation": [r"text" + JOIN + r"to" + JOIN + r"text(?:" + JOIN + r"generation)?"],
    "automatic-speech-recognition": [r"speech" + JOIN + r"recognition", r"speech" + JOIN + r"to" + JOIN + r"text"],
    "translation": [r"machine" + JOIN + r"translation"],
    "image-to-text": [r"optical" + JOIN + r"character" + JOIN + r"recognition"],  # OCR, spelt out below
}
# The field's acronyms and shorthand for tasks, spelt out before a name is read ("QA model: under 150M", "tableqa on x.csv").
ACRONYMS = {"qa": "question answering", "vqa": "visual question answering", "asr": "speech recognition", "stt": "speech to text",
            "tts": "text to speech", "ocr": "optical character recognition of text in an image", "ner": "named entity recognition",
            "mt": "machine translation", "od": "object detection", "nli": "natural language inference", "id": "identification",
            "lid": "language identification", "seg": "segmentation", "tableqa": "table question answering",
            "docqa": "document question answering", "t2i": "text to image", "txt2img": "text to image",
            "img2img": "image to image", "t2v": "text to video", "lm": "language model", "llm": "large language model",
            "img2txt": "image to text", "i2t": "image to text", "clf": "classification", "embed": "compute sentence embeddings of",
            "embeddings": "sentence embeddings", "vectorize": "compute sentence embeddings of", "vectorise": "compute sentence embeddings of"}
# The joining words a clause may open with before the task it names ("then text-to-image from the caption", "-> t2i").
CLAUSE_OPENING = re.compile(r"^(?:\W|\b(?:and|then|next|finally|also|after\s+that|afterwards|run|do|apply|use|we|i|you|please|pls)\b)*", re.I)
# What follows a task named as the step asked: what it works on, or nothing ("QA on ./faq.txt", "-> t2i"), not
# a noun of its own ("QA lead for the phone lines" names a person's role).
WORKS_ON = re.compile(r"\s*(?:$|[^\w\s]|_|\b(?:on|of|for|from|over|with|to|in|into|across|against|at|by|it|this|that|these|those"
                      r"|them|each|every|all|my|our|your|the|a|an|then|and|model|step|task)\b)", re.I)
# What follows a task's name that asks for the step by the name alone: the data it works on (a pronoun, a determiner), or the
# clause's end or an arrow to the next step, maybe after a language's code ("TTS it.", "then STT.", "MT the reply to
# Portuguese", "ASR → MT", "MT en->zh").
ASKED_ALONE = re.compile(rf"\s*(?:[.;!?]|$|(?:[a-z]{{2}}\s*)?(?:{ARROW_GLYPH})|\b(?:it|them|that|this|these|those|the|each|every|all|my|our|your|their)\b)", re.I)
# a chain's side ending in a language's code before its arrow ("MT en" in "-> MT en->zh")
SOURCE_BEFORE_ARROW = re.compile(r"\s*[a-z]{2}\s*$", re.I)
ARROW_NEXT = re.compile(rf"\s*(?:{ARROW_GLYPH})")
# a step's result named by its task's name: "the OCR text", "that ASR output"
NAMED_RESULT = re.compile(r"\b(?:the|that|this|its)\s+(?P<name>[\w-]+(?:\s+[\w-]+)?)\s+(?:text|output|outputs|results?|transcripts?|"
                          r"captions?|answers?|labels?|summary|translation)\b", re.I)
# more names after a clause, then a colon: the clause's name heads a list of limits ("MT + summarizer: <= 6e8 params")
LISTED_BEFORE_A_COLON = re.compile(r"\s*(?:\+|&|/|,|\band\b)\s*[\w-]+(?:\s+[\w-]+)?\s*:")
# A task's model as the subject of what it does ("LM writes a prompt from the theme", "then t2i renders it", "VQA
# answers"): the name, then a verb in the third person with its object or end; not a plural noun ("ASR models under 300M").
ACTING = re.compile(r"(?:(?:an?|the|our|a\s+small)\s+)?(?P<name>[\w-]+(?:\s+[\w-]+){0,3}?)(?:\s+(?:model|backend|step))?\s+"
                    r"(?!(?:is|has|was|does|goes|needs|models|systems|backends|engines|outputs|results|steps|stages|labels|"
                    r"scores|settings|weights|checkpoints|pipelines|runs)\b)(?P<verb>[a-z]{3,}(?<!s)s)\b(?=\s+\w|\s*[.,;:!?]|\s*$)")
# a model named by what it is rather than the task it does, as its name is spelt out ("LM", "LLM")
MODEL_NAMES = {"language model": "text-generation", "large language model": "text-generation"}


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


def opens_with_task_name(clause: str) -> bool:
    """Whether a clause opens, after its joining words, with a task's own name followed by what the task works on
    ("then text-to-image from the caption", "-> t2i"): the step it asks, not a result or a role named by it
    ("and record each translation as audio", "QA lead for the phone lines")."""
    rest = spelt_out(CLAUSE_OPENING.sub("", clause, count=1))
    return any((name := pattern.match(rest)) and WORKS_ON.match(rest, name.end()) for pattern in task_name_patterns().values())


def task_acting_in(clause: str) -> str | None:
    """The task whose model a clause opens with as the subject of what it does ("LM writes a prompt from the user's
    theme", "t2i renders it"); None when it opens otherwise."""
    acting = ACTING.match(CLAUSE_OPENING.sub("", clause, count=1))
    if acting is None:
        return None
    named = spelt_out(acting["name"].lower())
    if named in MODEL_NAMES:
        return MODEL_NAMES[named]
    return next((task for task, pattern in task_name_patterns().items()  # the name ends the subject ("MT translates it")
                 if any(found.end() == len(named) for found in pattern.finditer(named))), None)


@lru_cache(maxsize=1024)  # the detector asks it of each part at every join it weighs, the understander once more
def task_asked_by_name(clause: str, after: str = "") -> str | None:
    """The task a clause asks for by its name alone, after its joining words ("TTS it.", "then STT.", "MT it to
    Vietnamese"); None otherwise (a name before a colon or a limit states a constraint: "ASR: lowest WER", and so does
    one of names listed before a colon, `after` being what follows the clause: "MT + summarizer: <= 6e8 params")."""
    if LISTED_BEFORE_A_COLON.match(after):
        return None
    rest = spelt_out(CLAUSE_OPENING.sub("", clause, count=1))
    before_arrow = ARROW_NEXT.match(after) is not None
    return next((task for task, pattern in task_name_patterns().items() if (name := pattern.match(rest))
                 and (ASKED_ALONE.match(rest, name.end()) or before_arrow and SOURCE_BEFORE_ARROW.match(rest, name.end()))), None)


@lru_cache(maxsize=64)  # read for the detector's references, then for the steps' sources
def results_of_named_steps(text: str) -> tuple[tuple[int, int, str], ...]:
    """The spans naming the result of a step by its task's name after that name was said, with the task ("OCR it, ...,
    summarise the OCR text", "translate the ASR output"): references to that step's output, asking for nothing new."""
    found = []
    for result in NAMED_RESULT.finditer(text):
        task = task_named_in(spelt_out(result["name"]))
        if task and task_name_patterns()[task].search(spelt_out(text[:result.start()])):
            found.append((result.start(), result.end(), task))
    return tuple(found)
