"""Run one snippet in a child process: a time limit, a memory limit, and a working directory of its own.

Snippets are code generated from the internet: the policy check (parse tree against an allow-list)
runs before, the child process keeps a crash or a hang away from HIVE, and its working directory is
the step's folder inside the run directory.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from dataclasses import dataclass
from typing import Any

CONTEXT = multiprocessing.get_context("spawn")


@dataclass
class StepOutcome:
    value: Any = None
    error: str | None = None
    seconds: float = 0.0


def _child(code: str, kwargs: dict, workdir: str, memory_bytes: int | None, pipe) -> None:
    import resource
    import time

    started = time.perf_counter()
    try:
        if memory_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        os.chdir(workdir)
        os.environ["HF_HUB_OFFLINE"] = os.environ.get("HF_HUB_OFFLINE", "1")
        namespace: dict = {}
        exec(compile(code, "<snippet>", "exec"), namespace)  # the policy-checked snippet
        value = namespace["run"](**kwargs)
        pipe.send(StepOutcome(value=value, seconds=time.perf_counter() - started))
    except MemoryError:
        pipe.send(StepOutcome(error="ran out of its memory limit", seconds=time.perf_counter() - started))
    except BaseException as exc:  # report every failure of foreign code as the step's error
        where = traceback.extract_tb(exc.__traceback__)[-1]
        pipe.send(StepOutcome(error=f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''} (line {where.lineno} of {os.path.basename(where.filename)})",
                              seconds=time.perf_counter() - started))
    finally:
        pipe.close()


def run_in_worker(code: str, kwargs: dict, workdir: str, timeout: float, memory_bytes: int | None = None) -> StepOutcome:
    """Execute `run(**kwargs)` from `code` in a fresh process; a hang past `timeout` kills it."""
    receiver, sender = CONTEXT.Pipe(duplex=False)
    process = CONTEXT.Process(target=_child, args=(code, kwargs, workdir, memory_bytes, sender), daemon=True)
    process.start()
    sender.close()
    if not receiver.poll(timeout):
        process.kill()
        process.join()
        return StepOutcome(error=f"did not finish within {timeout:g} s and was stopped", seconds=timeout)
    try:
        outcome = receiver.recv()
    except EOFError:
        outcome = StepOutcome(error=f"the worker process died (exit code {process.exitcode})")
    process.join(timeout=5)
    return outcome
