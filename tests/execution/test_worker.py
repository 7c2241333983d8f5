"""Snippet workers (hive/execution/worker.py): errors, hangs and greed contained, an overrunning worker
replaced, and no worker outliving a killed HIVE."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hive.execution.worker import run_in_worker


def test_snippets_that_raise_or_hang_are_contained(tmp_path):
    raising = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    raise ValueError("boom")\n'
    outcome = run_in_worker(raising, {"text": "x"}, str(tmp_path), timeout=60)
    assert outcome.error.startswith("ValueError: boom") and not outcome.out_of_memory
    native = ('def run(text: str = "", model: str = "m", device: str = "cpu"):\n'
              '    raise RuntimeError("[ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Failed to allocate memory for requested buffer")\n')
    assert run_in_worker(native, {"text": "x"}, str(tmp_path), timeout=60).out_of_memory  # a native library's words for it
    hanging = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    import time\n    time.sleep(60)\n'
    outcome = run_in_worker(hanging, {"text": "x"}, str(tmp_path), timeout=1)
    assert outcome.error == "did not finish within 1 s and was stopped"
    greedy = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    return len(bytearray(2 * 1024 ** 3))\n'
    outcome = run_in_worker(greedy, {"text": "x"}, str(tmp_path), timeout=60, memory_bytes=512 * 2**20)
    assert outcome.error == "ran out of its memory limit"
    assert outcome.out_of_memory and not outcome.fresh_retry  # a fresh worker that cannot fit the step: no second try


def test_a_step_out_of_memory_beside_earlier_steps_runs_again_in_a_fresh_worker(tmp_path):
    """A warm worker keeps what earlier steps loaded (here 250 MB a step leaves behind, as a cached model
    would); a step that fits alone but not beside it is run once more in a fresh worker."""
    from hive.execution.worker import WorkerPool

    hoarding = ('def run(text: str = "", model: str = "m", device: str = "cpu"):\n'
                '    import json\n    json.kept = bytearray(250 * 2**20)\n    return "kept"\n')
    needing = ('def run(text: str = "", model: str = "m", device: str = "cpu"):\n'
               '    import os\n    return f"{len(bytearray(250 * 2**20))} {os.getpid()}"\n')
    pool = WorkerPool(size=1, memory_bytes=512 * 2**20)
    try:
        assert pool.run(hoarding, {"text": "x"}, str(tmp_path), timeout=60).value == "kept"
        outcome = pool.run(needing, {"text": "x"}, str(tmp_path), timeout=60)
        assert outcome.error is None and outcome.fresh_retry
        size, first_pid = outcome.value.split()
        assert int(size) == 250 * 2**20
        again = pool.run(needing, {"text": "x"}, str(tmp_path), timeout=60)  # the fresh worker now serves the pool
        assert again.error is None and not again.fresh_retry and again.value.split()[1] == first_pid
    finally:
        pool.close()


def test_a_worker_that_overruns_is_replaced(tmp_path):
    from hive.execution.worker import WorkerPool

    hanging = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    import time\n    time.sleep(60)\n'
    quick = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n    return text.upper()\n'
    pool = WorkerPool(size=1)
    try:
        assert pool.run(hanging, {"text": "x"}, str(tmp_path), timeout=1).error.startswith("did not finish within 1 s")
        assert pool.run(quick, {"text": "still serving"}, str(tmp_path), timeout=60).value == "STILL SERVING"
    finally:
        pool.close()


def test_a_worker_dies_with_a_killed_parent(tmp_path):
    """SIGKILL leaves no handler to stop the pool: the kernel ends the worker, and the process the
    snippet started, with HIVE."""
    import signal

    parent = ("from hive.execution.worker import run_in_worker\n"
              "code = 'def run(text: str = \"\", model: str = \"m\", device: str = \"cpu\"):\\n"
              "    import subprocess, time\\n    subprocess.Popen([\"sleep\", \"300\"])\\n    time.sleep(120)\\n'\n"
              f"run_in_worker(code, {{'text': 'x'}}, {str(tmp_path)!r}, timeout=300)\n")
    # the killed HIVE cannot remove its worker's exchange folder: it goes in the test's own folder
    process = subprocess.Popen([sys.executable, "-c", parent], env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        deadline = time.time() + 60
        while not any(_command(p).startswith("sleep") for p in _descendants(process.pid)) and time.time() < deadline:
            time.sleep(0.1)
        started = _descendants(process.pid)
        assert any(_command(p).startswith("sleep") for p in started)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        deadline = time.time() + 10
        while time.time() < deadline and any(_alive(p) for p in started):
            time.sleep(0.1)
        assert not [p for p in started if _alive(p)]
    finally:
        process.kill()


def _descendants(root: int) -> list[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
    found, frontier = [], [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")  # a zombie has died


def test_a_killed_hives_worker_folders_are_removed_by_the_next_pool(tmp_path, monkeypatch):
    """A HIVE killed by SIGKILL cannot remove its workers' exchange folders; the next worker pool on the machine
    removes those whose process is gone, and leaves a live one's."""
    from hive.execution.worker import EXCHANGE_PREFIX, WorkerPool

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    abandoned, live = tmp_path / f"{EXCHANGE_PREFIX}{gone.pid}-abcd", tmp_path / f"{EXCHANGE_PREFIX}{os.getppid()}-efgh"
    for folder in (abandoned, live):
        (folder / "job").mkdir(parents=True)
    WorkerPool(size=1).close()
    assert not abandoned.exists() and live.exists()
