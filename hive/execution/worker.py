"""Snippets run in worker processes: a time limit, a memory limit, a working directory, and a model cache.

Snippets are code generated from the internet: the policy check (parse tree against an allow-list)
runs before, and a worker process keeps a crash or a hang away from HIVE. Workers live as long as
their pool (one run, or a whole batch) and memoize the model loaders listed in `loaders.yaml`, so a
model loaded for one step is reused by later steps the same worker serves; the pool sends a step to
the worker that last ran its model when that worker is free. A worker that overruns its time is
killed and replaced (its cache goes with it).
"""

from __future__ import annotations

import ast
import functools
import importlib
import multiprocessing
import os
import threading
import time
import traceback
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

CONTEXT = multiprocessing.get_context("spawn")
CACHED_MODELS_PER_LOADER = 4
PARENT_CHECK_SECONDS = 0.5


@dataclass
class StepOutcome:
    value: Any = None
    error: str | None = None
    seconds: float = 0.0
    cached_loads: int = 0


class _LoaderCache:
    """Memoizes the loaders of `loaders.yaml`, each patched when a snippet first imports its module."""

    def __init__(self) -> None:
        self.entries = yaml.safe_load(resources.files("hive.execution").joinpath("loaders.yaml").read_text(encoding="utf-8"))
        self.patched: set[str] = set()
        self.hits = 0

    def prepare(self, code: str) -> None:
        """Patch the loaders of the modules `code` imports (imported here, as the snippet would)."""
        nodes = list(ast.walk(ast.parse(code)))
        names = [n.module or "" for n in nodes if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in nodes if isinstance(n, ast.Import) for a in n.names]
        imported = {".".join(parts[:end]) for parts in (n.split(".") for n in names) for end in range(1, len(parts) + 1)}
        for entry in self.entries:
            key = f"{entry['module']}:{entry['attribute']}"
            if entry["module"] in imported and key not in self.patched:
                self.patched.add(key)
                self._patch(entry["module"], entry["attribute"])

    def _patch(self, module_name: str, attribute: str) -> None:
        try:
            owner = importlib.import_module(module_name)
            name = attribute
            if "." in attribute:
                class_name, name = attribute.split(".", 1)
                owner = getattr(owner, class_name)
            original = getattr(owner, name)
        except (ImportError, AttributeError):
            return
        cached = functools.lru_cache(maxsize=CACHED_MODELS_PER_LOADER)(original)

        @functools.wraps(original)
        def loader(*args, **kwargs):
            try:
                before = cached.cache_info().hits
                result = cached(*args, **kwargs)
                self.hits += cached.cache_info().hits - before
                return result
            except TypeError:  # unhashable arguments: load without the cache
                return original(*args, **kwargs)

        setattr(owner, name, loader)


class _WriteGuard:
    """An audit hook that refuses file writes outside the allowed folders while a snippet runs.

    It keeps honest code in its lane (a snippet writes into its run directory, libraries into the
    temporary and cache folders); it is not a security boundary against hostile native code."""

    WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

    def __init__(self) -> None:
        import sys
        import tempfile

        self.always = (os.path.realpath(tempfile.gettempdir()), os.path.realpath(os.path.expanduser("~/.cache")), "/dev/")
        self.allowed: tuple[str, ...] | None = None
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple) -> None:
        if self.allowed is None or event != "open" or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
            return
        path, mode, flags = args[0], args[1] if len(args) > 1 else None, args[2] if len(args) > 2 else 0
        writing = any(c in str(mode or "") for c in "wax+") or bool((flags or 0) & self.WRITE_FLAGS)
        if not writing:
            return
        target = os.path.realpath(os.fsdecode(path))
        if not target.startswith(self.allowed + self.always):
            raise PermissionError(f"snippets may write only inside the run directory, not to {target}")


def _die_with_parent(parent: int) -> None:
    """End this worker when the process that started it is gone (killed, even by SIGKILL, so its pipe may
    never close while a snippet runs): a watcher thread sees the worker handed to another parent."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _serve(connection, memory_bytes: int | None, parent: int) -> None:
    """A worker's loop: receive (code, arguments, workdir), answer a StepOutcome, until told to stop."""
    import resource

    _die_with_parent(parent)
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    cache = _LoaderCache()
    guard = _WriteGuard()
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        code, kwargs, workdir, write_root = job
        started, hits_before = time.perf_counter(), cache.hits
        try:
            os.chdir(workdir)
            cache.prepare(code)
            namespace: dict = {}
            exec(compile(code, "<snippet>", "exec"), namespace)  # the policy-checked snippet
            guard.allowed = (os.path.realpath(write_root),)
            try:
                outcome = StepOutcome(value=namespace["run"](**kwargs))
            finally:
                guard.allowed = None
        except MemoryError:
            outcome = StepOutcome(error="ran out of its memory limit")
        except BaseException as exc:  # every failure of foreign code becomes the step's error
            where = traceback.extract_tb(exc.__traceback__)[-1]
            message = str(exc).splitlines()[0] if str(exc) else ""
            outcome = StepOutcome(error=f"{type(exc).__name__}: {message} (line {where.lineno} of {os.path.basename(where.filename)})")
        outcome.seconds = time.perf_counter() - started
        outcome.cached_loads = cache.hits - hits_before
        try:
            connection.send(outcome)
        except Exception as exc:  # an output that cannot cross the process boundary
            connection.send(StepOutcome(error=f"the output could not be returned: {type(exc).__name__}", seconds=outcome.seconds))


class _Worker:
    def __init__(self, memory_bytes: int | None) -> None:
        self.connection, child = CONTEXT.Pipe()
        self.process = CONTEXT.Process(target=_serve, args=(child, memory_bytes, os.getpid()), daemon=True)
        self.process.start()
        child.close()
        self.last_model: str | None = None

    def run(self, job: tuple, timeout: float) -> StepOutcome | None:
        """The outcome, or None when the worker overran `timeout` or died (the caller replaces it)."""
        self.connection.send(job)
        if not self.connection.poll(timeout):
            return None
        try:
            return self.connection.recv()
        except EOFError:
            return None

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.connection.send(None)
            except (BrokenPipeError, OSError):
                pass
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()


class WorkerPool:
    """Up to `size` workers, started on demand, each serving one step at a time."""

    def __init__(self, size: int = 2, memory_bytes: int | None = None) -> None:
        self.size, self.memory_bytes = size, memory_bytes
        self.idle: list[_Worker] = []
        self.busy = 0
        self.condition = threading.Condition()

    def _take(self, model: str) -> _Worker:
        with self.condition:
            while not self.idle and self.busy >= self.size:
                self.condition.wait()
            self.busy += 1
            if not self.idle:
                return _Worker(self.memory_bytes)
            same = [w for w in self.idle if w.last_model == model]
            worker = same[0] if same else self.idle[0]
            self.idle.remove(worker)
            return worker

    def _give_back(self, worker: _Worker | None) -> None:
        with self.condition:
            self.busy -= 1
            if worker is not None:
                self.idle.append(worker)
            self.condition.notify()

    def run(self, code: str, kwargs: dict, workdir: str, timeout: float, model: str = "", write_root: str | None = None) -> StepOutcome:
        """Run `run(**kwargs)` from `code` in `workdir`; it may write only under `write_root` (default: `workdir`)."""
        worker = self._take(model)
        outcome = worker.run((code, kwargs, workdir, write_root or workdir), timeout)
        if outcome is None:
            alive = worker.process.is_alive()
            worker.stop(kill=True)
            self._give_back(None)
            if alive:
                return StepOutcome(error=f"did not finish within {timeout:g} s and was stopped", seconds=timeout)
            return StepOutcome(error=f"the worker process died (exit code {worker.process.exitcode})")
        worker.last_model = model
        self._give_back(worker)
        return outcome

    def close(self) -> None:
        with self.condition:
            workers, self.idle = self.idle, []
        for worker in workers:
            worker.stop()


def run_in_worker(code: str, kwargs: dict, workdir: str, timeout: float, memory_bytes: int | None = None) -> StepOutcome:
    """Run one snippet in a fresh worker of its own (for one-off use and tests)."""
    pool = WorkerPool(size=1, memory_bytes=memory_bytes)
    try:
        return pool.run(code, kwargs, workdir, timeout)
    finally:
        pool.close()
