"""The embedded sentence encoder (hive/understanding/encoder.py)."""

from __future__ import annotations

import numpy as np

from hive.understanding.encoder import shared_encoder


def test_the_encoder_puts_paraphrases_closer_than_other_tasks():
    encoder = shared_encoder()
    transcribe, paraphrase, other = encoder.encode(
        ["transcribe the recording", "write down what is said in the clip", "draw a picture of a lighthouse"]
    )
    assert transcribe.shape == (384,) and abs(float(np.linalg.norm(transcribe)) - 1.0) < 1e-3
    assert float(transcribe @ paraphrase) > float(transcribe @ other)
