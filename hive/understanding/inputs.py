"""Input resources: what the user supplied, typed by modality (files by extension, inline values by role)."""

from __future__ import annotations

import re
from pathlib import Path

from hive.errors import HiveError
from hive.request import InputResource, ParsedRequest

MODALITY_BY_EXTENSION = {
    **dict.fromkeys(("wav", "mp3", "flac", "ogg", "m4a", "aac", "opus", "wma", "aiff"), "audio"),
    **dict.fromkeys(("png", "jpg", "jpeg", "gif", "bmp", "webp", "tif", "tiff", "heic", "pdf"), "image"),
    **dict.fromkeys(("mp4", "avi", "mov", "mkv", "webm", "m4v", "wmv"), "video"),
    **dict.fromkeys(("csv", "tsv", "xlsx", "xls", "parquet"), "table"),
    **dict.fromkeys(("txt", "md", "json", "jsonl", "html", "htm", "srt", "vtt", "xml", "rtf", "log", "py"), "text"),
}
# Files that hold a second modality a step may read: tables written as text ("the sentiment of each review in
# reviews.csv"), videos with their sound track ("transcribe lecture.mp4": the speech readers decode it with FFmpeg).
ALSO_READ_AS = {**dict.fromkeys(("csv", "tsv"), "text"),
                **{ext: "audio" for ext, modality in MODALITY_BY_EXTENSION.items() if modality == "video"}}
# Resource ids share PDDL's name space with the domains' constants (`question`, `labels`, ...).
PROMPT_ID = "prompt"
QUESTION_ID = "question0"
LABELS_ID = "labels0"
EXAMPLE_FILE = {"image": "./photo.jpg", "audio": "./talk.wav", "video": "./clip.mp4", "table": "./sales.csv", "text": "./notes.txt"}


# A file name said aloud, as dictation writes it: "kitchen dot jpg", "memo underscore 12 dot m4a"
SPOKEN_FILE_NAME = re.compile(
    r"\b(?P<name>[\w-]+(?:\s+(?:underscore|dash|hyphen)\s+[\w-]+)*)\s+dot\s+(?P<ext>" + "|".join(MODALITY_BY_EXTENSION) + r")\b", re.I)
SPOKEN_JOINER = re.compile(r"\s+(underscore|dash|hyphen)\s+", re.I)


def written_file_names(query: str) -> tuple[str, list[str]]:
    """The request with file names said aloud written as names ("kitchen dot jpg" -> "kitchen.jpg"), and a note for each."""
    notes: list[str] = []

    def written(match: re.Match) -> str:
        name = SPOKEN_JOINER.sub(lambda j: "_" if j.group(1).lower() == "underscore" else "-", match["name"])
        notes.append(f"'{match.group()}' was read as the file {name}.{match['ext'].lower()}")
        return f"{name}.{match['ext'].lower()}"

    return SPOKEN_FILE_NAME.sub(written, query), notes


# A folder's kind, from the words of its path ("./photos/trip/" holds pictures), each at the start of a word of it
# ("./scans_lowres/"; not the "voice" inside "./invoices/").
FOLDER_WORDS = {
    "image": re.compile(r"(?<![a-z])(?:photo|picture|image|img|pic|scan|frame|screenshot)", re.I),
    "audio": re.compile(r"(?<![a-z])(?:audio|sound|recording|voice|call|podcast|song|music|speech|dictation)", re.I),
    "video": re.compile(r"(?<![a-z])(?:video|clip|movie|footage)", re.I),
    "text": re.compile(r"(?<![a-z])(?:text|doc|note|article|email|letter|transcript|review)", re.I),
}


def kinds_named_by(word: str) -> set[str]:
    """The kinds of data a single word names ('photos', 'audio', 'transcript'), by the same words as folders."""
    return {kind for kind, words in FOLDER_WORDS.items() if re.fullmatch(rf"(?:{words.pattern})s?", word, re.I)}


def folder_modality(path: str) -> str | None:
    """The kind of files a folder path ('./photos/trip/') names, or None when its words do not say."""
    return next((modality for modality, words in FOLDER_WORDS.items() if words.search(path)), None)


def modality_of_path(path: str) -> str:
    """The modality a file or URL holds, from its extension (a folder's from the words of its path)."""
    if path.endswith("/") and (modality := folder_modality(path)):
        return modality
    suffix = _suffix(path)
    if suffix not in MODALITY_BY_EXTENSION:
        known = ", ".join(sorted(MODALITY_BY_EXTENSION))
        raise HiveError(f"cannot tell what kind of file '{path}' is; give it one of the extensions: {known}")
    return MODALITY_BY_EXTENSION[suffix]


def _suffix(path: str) -> str:
    return Path(path.split("?", 1)[0]).suffix.lower().lstrip(".")


def unnamed_input(modality: str) -> InputResource:
    """The input a request asks a task of without naming it ("caption a photo"): planned for, named when run."""
    return InputResource(id=f"unnamed_{modality}", modalities=[modality], value=f"<the {modality} to name when running>",
                         kind="unnamed", note="the request names none; give the file when running the plan")


def resources_from_request(parsed: ParsedRequest) -> tuple[list[InputResource], list[str]]:
    """The request's input resources, and warnings (e.g. a referenced file that does not exist yet)."""
    resources: list[InputResource] = []
    warnings: list[str] = []
    counters: dict[str, int] = {}

    def next_id(prefix: str) -> str:
        counters[prefix] = counters.get(prefix, -1) + 1
        return f"{prefix}{counters[prefix]}"

    for index, path in enumerate(parsed.files):
        modality = modality_of_path(path)
        is_url = "://" in path
        if not is_url and not Path(path).expanduser().exists() and path not in parsed.files[:index]:  # once per path
            warnings.append(f"{path} does not exist yet: planning needs only its kind ({modality}); running needs the file")
        modalities = [modality, ALSO_READ_AS[_suffix(path)]] if _suffix(path) in ALSO_READ_AS else [modality]
        resources.append(InputResource(id=next_id(modality), modalities=modalities, value=path, kind="url" if is_url else "file"))
    for text in parsed.input_texts:
        resources.append(InputResource(id=next_id("text"), modalities=["text"], value=text, kind="inline"))
    for table in parsed.data:
        resources.append(InputResource(id=next_id("table"), modalities=["table", "text"], value=table, kind="inline"))
    if parsed.question:
        resources.append(InputResource(id=QUESTION_ID, modalities=["question", "text"], value=parsed.question, kind="inline"))
    for number, question in enumerate(parsed.more_questions, start=1):
        resources.append(InputResource(id=f"question{number}", modalities=["question", "text"], value=question, kind="inline"))
    if parsed.categories:
        resources.append(InputResource(id=LABELS_ID, modalities=["labels"], value=parsed.categories, kind="inline"))
    resources.append(
        InputResource(
            id=PROMPT_ID, modalities=["text", "question"], value=parsed.instruction, kind="inline",
            note="the request itself: a prompt, or the question when no other is given",
        )
    )
    return resources, warnings
