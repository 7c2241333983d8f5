"""A speech recognition card with usage code, and the snippet a good writer makes of it."""

from hive.snippet_policy import Signature
from kg_builder.cards import Card
from kg_builder.extract import extract

SIGNATURE = Signature(("audio",), "org/asr")
GOOD = 'def run(audio: str = "", model: str = "org/asr", device: str = "cpu"):\n    from transformers import pipeline\n    return pipeline("automatic-speech-recognition", model=model)(audio)\n'


def card_facts(code: str = "from transformers import pipeline\npipeline('automatic-speech-recognition', model='org/asr')\n"):
    """What the builder extracts from a card whose only usage code is `code`."""
    card = Card(id="org/asr", meta={}, body=f"```python\n{code}```\n", source="t", pipeline_tag="automatic-speech-recognition")
    return extract(card)
