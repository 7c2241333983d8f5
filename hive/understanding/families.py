"""Meta tasks: a request asks to "answer" or "classify", and what the step reads decides which concrete task
it is (a question about a picture is visual question answering, about a table table question answering)."""

from __future__ import annotations

ANSWER, CLASSIFY = "answer", "classify"
FAMILIES = {
    ANSWER: ("question-answering", "visual-question-answering", "document-question-answering", "table-question-answering"),
    CLASSIFY: ("text-classification", "zero-shot-classification", "image-classification",
               "zero-shot-image-classification", "audio-classification"),
}
FAMILY_OF = {task: family for family, tasks in FAMILIES.items() for task in tasks}


def family_of(task: str) -> str:
    """The meta task a concrete one belongs to (answer, classify), or the task itself."""
    return FAMILY_OF.get(task, task)
