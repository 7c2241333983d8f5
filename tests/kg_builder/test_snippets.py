"""Snippets an LLM writes (kg_builder/snippets.py): checked by the policy, else the template's."""

from __future__ import annotations

import json
import subprocess
import sys

from kg_builder.snippets import LLMWriter

from support.llm_server import ScriptedLLM
from support.snippets import GOOD, card_facts


def test_kg_build_can_write_snippets_with_an_llm(tmp_path):
    card = {"id": "org/asr", "pipeline_tag": "automatic-speech-recognition", "meta": {},
            "description": "```python\nfrom transformers import pipeline\np = pipeline('automatic-speech-recognition', model='org/asr')\n```"}
    (tmp_path / "cards.jsonl").write_text(json.dumps(card) + "\n")
    with ScriptedLLM(["```python\n" + GOOD + "```"]) as llm:
        done = subprocess.run([sys.executable, "-c", "from hive.cli import main; main()", "kg", "build", "--source",
                               f"jsonl:{tmp_path / 'cards.jsonl'}", "--out", str(tmp_path / "kg"), "--llm", "openai",
                               "--base-url", llm.base_url], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "snippets 1 own + 0 fallback" in done.stdout
    assert (tmp_path / "kg" / "snippets" / "automatic-speech-recognition" / "org__asr.py").read_text() == GOOD
    assert "usage code of a Hugging Face model card" in llm.requests[0]["messages"][0]["content"]


def test_llm_snippets_are_checked_and_fall_back_to_the_template():
    """The completion function stands in for a remote LLM, which this machine cannot reach."""
    prompts = []

    def good_llm(prompt: str) -> str:
        prompts.append(prompt)
        return "Here it is:\n```python\n" + GOOD + "```"

    snippet = LLMWriter(good_llm).write(card_facts(), "automatic-speech-recognition")
    assert (snippet.kind, snippet.loader) == ("own", "llm") and snippet.code == GOOD
    assert "def run(audio: str = ''" in prompts[0] and "pipeline('automatic-speech-recognition'" in prompts[0]

    rejected = LLMWriter(lambda prompt: "```python\nimport os\nos.system('rm -rf /')\n```").write(card_facts(), "automatic-speech-recognition")
    assert rejected.loader == "transformers_pipeline" and "LLM answer rejected" in rejected.note
