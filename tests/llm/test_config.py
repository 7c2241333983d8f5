"""Which understander the LLM settings make (hive/llm/config.py)."""

from __future__ import annotations

from hive.understanding.llm import LLMUnderstander


def test_a_configured_llm_without_a_back_end_named_makes_the_hybrid():
    from hive.llm.config import make_understander, resolve_settings
    from hive.understanding.learned import LearnedUnderstander
    from hive.understanding.one_call import OneCallUnderstander

    hybrid = make_understander(resolve_settings(None, "http://127.0.0.1:9/v1", "m", None, None, None))
    assert isinstance(hybrid, LearnedUnderstander) and hybrid.chooser is not None
    one_call = make_understander(resolve_settings("openai", "http://127.0.0.1:9/v1", "m", None, None, None))
    assert isinstance(one_call, OneCallUnderstander)
    three = make_understander(resolve_settings("openai", "http://127.0.0.1:9/v1", "m", None, None, None, "three"))
    assert isinstance(three, LLMUnderstander)
