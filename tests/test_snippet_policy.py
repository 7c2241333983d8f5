"""What a snippet may be (hive/snippet_policy.py): each rule refuses with its own reason."""

from __future__ import annotations

import pytest

from hive.snippet_policy import SnippetRejected, check_snippet

from support.snippets import GOOD, SIGNATURE


@pytest.mark.parametrize("code, rule", [
    (GOOD.replace("from transformers import pipeline", "import subprocess"), "not on the allow-list"),
    (GOOD.replace("model=model)", "model=model, trust_remote_code=True)"), "trust_remote_code"),
    (GOOD.replace("return pipeline", "eval('1')\n    return pipeline"), "uses 'eval'"),
    (GOOD.replace('audio: str = "", ', ""), "signature must be"),
    (GOOD.replace('"org/asr"', '"org/other"'), "must default to"),
    (GOOD + "\nprint('side effect')\n", None),
    (GOOD + "\nx = 1\n", "exactly one top-level function"),
    (GOOD.replace('model: str', 'language: str = "English", model: str'), None),  # a step option, after the inputs
    (GOOD.replace('audio: str = "", ', 'language: str = "English", audio: str = "", '), "signature must be"),
    (GOOD.replace('model: str', 'colour: str = "red", model: str'), "signature must be"),
    ("def run(:\n", "does not parse"),
])
def test_the_snippet_policy_names_the_rule_broken(code, rule):
    """Each rule refuses with its own reason; a step option (a translation's target language) may follow the inputs."""
    if rule is None:
        check_snippet(code, SIGNATURE)
        return
    with pytest.raises(SnippetRejected, match=rule):
        check_snippet(code, SIGNATURE)
