"""hive/native_threads.py: a library's thread count set while it loads, and the user's settings back afterwards."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hive.native_threads import environment


def test_a_variable_is_set_only_for_the_block_and_the_users_value_comes_back(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "8")
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    with environment("OMP_NUM_THREADS", "1"), environment("OPENBLAS_NUM_THREADS", "1"):
        assert os.environ["OMP_NUM_THREADS"] == os.environ["OPENBLAS_NUM_THREADS"] == "1"
    assert os.environ["OMP_NUM_THREADS"] == "8" and "OPENBLAS_NUM_THREADS" not in os.environ


def test_the_command_line_loads_numpy_with_one_blas_thread_and_leaves_the_environment_alone():
    """What numpy's OpenBLAS started with, read back from the library, and what a worker started later inherits."""
    probe = ("import os, sys, ctypes\n"
             "from hive.native_threads import load_numpy\n"
             "load_numpy()\n"
             "import numpy\n"
             "from numpy._core import _multiarray_umath as m\n"
             "lib = ctypes.CDLL(m.__file__)\n"
             "threads = next((getattr(lib, n)() for n in ('scipy_openblas_get_num_threads64_', 'openblas_get_num_threads64_',"
             " 'openblas_get_num_threads') if hasattr(lib, n)), None)\n"
             "print(threads, os.environ.get('OPENBLAS_NUM_THREADS'))\n")
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                           env={k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}).stdout.split()
    assert found[1] == "None"
    if found[0] == "None":
        pytest.skip("this numpy's BLAS does not say how many threads it runs")
    assert found[0] == "1"
