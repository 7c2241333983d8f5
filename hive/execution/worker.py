"""Snippets run in worker processes: isolated by the OS, with a time limit, a memory limit and a model cache.

Snippets are code generated from the internet: the policy check (parse tree against an allow-list)
filters them first, and each worker runs inside a bubblewrap sandbox (`sandbox.py`): no network, a
read-only view of the system, writes only into its own exchange folder and the model caches. The
worker and HIVE exchange JSON only (never pickles: a hostile worker must not run code in HIVE): a job
is the code, its arguments and folders; the answer names the output file the worker saved. Files the
arguments name are copied into the exchange folder; what the snippet writes is moved into the step
folder, regular files only. Workers live as long as their pool (one run, or a whole batch) and
memoize the model loaders listed in `loaders.yaml` and the offline registry (`offline.yaml`), so a model
loaded for one step is reused by later steps the same worker serves; the pool sends a step to the worker
that last ran its model when that worker is free. A worker that overruns its time is killed with everything it started, and replaced.
A step that runs out of memory in a worker that has served earlier steps (whose models it still holds) is
run once more in a fresh worker, which replaces the full one.
"""

from __future__ import annotations

import ast
import concurrent.futures
import functools
import importlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass
from importlib import resources
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import yaml

from hive.execution import sandbox
from hive.execution.registry import loaders
from hive.execution.values import MEDIA_SUFFIXES, save_output
from hive.files import remove_abandoned

EXCHANGE_PREFIX = "hive-worker-"  # a worker's exchange folder in the system's temporary folder: this, HIVE's pid, "-", a suffix
CACHED_MODELS_PER_LOADER = 4
PARENT_CHECK_SECONDS = 0.5
MAX_MESSAGE_BYTES = 64 * 2**20  # a job (code and arguments) or an answer
MAX_FILE_BYTES = 4 * 2**30  # any file a snippet writes
OUTPUT_NAME = "output"
# how native libraries (torch, onnxruntime, the C++ runtime) say an allocation failed under the memory limit
ALLOCATION_FAILURE = re.compile(r"bad_alloc|failed to allocate|can't allocate memory|cannot allocate memory|out of memory", re.I)


@dataclass
class StepOutcome:
    value: Any = None  # the output as data (text, JSON), or the saved file's path for media
    error: str | None = None
    seconds: float = 0.0
    cached_loads: int = 0
    saved: Path | None = None  # the output file
    preview: str = ""
    out_of_memory: bool = False  # the step failed because an allocation failed under the memory limit
    fresh_retry: bool = False  # the step ran out of memory in a worker holding earlier steps' models and ran again in a fresh one


class _LoaderCache:
    """Memoizes the loaders of `loaders.yaml` and of the offline registry, each patched when a snippet first
    imports its module."""

    def __init__(self) -> None:
        listed = yaml.safe_load(resources.files("hive.execution").joinpath("loaders.yaml").read_text(encoding="utf-8"))
        self.entries = [(e["module"], e["attribute"]) for e in listed] + loaders()
        self.patched: set[str] = set()
        self.hits = 0

    def prepare(self, code: str) -> None:
        """Patch the loaders of the modules `code` imports (imported here, as the snippet would)."""
        nodes = list(ast.walk(ast.parse(code)))
        names = [n.module or "" for n in nodes if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in nodes if isinstance(n, ast.Import) for a in n.names]
        imported = {".".join(parts[:end]) for parts in (n.split(".") for n in names) for end in range(1, len(parts) + 1)}
        for module, attribute in self.entries:
            key = f"{module}:{attribute}"
            if module in imported and key not in self.patched:
                self.patched.add(key)
                self._patch(module, attribute)

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


def _die_with_parent() -> None:
    """End this worker when the process that started it is gone (killed, even by SIGKILL, so its pipe may
    never close while a snippet runs): a watcher thread sees the worker handed to another parent. In the
    sandbox the parent is bubblewrap, which itself dies with HIVE."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _error_of(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    message = str(exc).splitlines()[0] if str(exc) else ""
    place = f" (line {where.lineno} of {os.path.basename(where.filename)})" if where else ""
    return f"{type(exc).__name__}: {message}{place}"


def _answer(job: dict, cache: _LoaderCache) -> dict:
    """Run one job: its snippet's `run(**arguments)` in its working folder, the output saved beside it."""
    started, hits_before = time.perf_counter(), cache.hits
    try:
        os.chdir(job["workdir"])
        cache.prepare(job["code"])
        namespace: dict = {}
        exec(compile(job["code"], "<snippet>", "exec"), namespace)  # the policy-checked snippet, in the sandbox
        value = namespace["run"](**job["arguments"])
        path, preview = save_output(value, Path(job["output"]))
        answer = {"file": path.name, "preview": preview}
    except MemoryError:
        answer = {"error": "ran out of its memory limit", "out_of_memory": True}
    except BaseException as exc:  # every failure of foreign code becomes the step's error
        answer = {"error": _error_of(exc), "out_of_memory": bool(ALLOCATION_FAILURE.search(str(exc)))}
    return {**answer, "seconds": time.perf_counter() - started, "cached_loads": cache.hits - hits_before}


def main() -> None:
    """A worker process: `python -c '...main()' FD MEMORY_BYTES`; JSON jobs in, JSON answers out, until EOF."""
    import resource

    connection = Connection(int(sys.argv[1]))
    memory_bytes = int(sys.argv[2])
    _die_with_parent()
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_FILE_BYTES, MAX_FILE_BYTES))
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    cache = _LoaderCache()
    while True:
        try:
            job = json.loads(connection.recv_bytes(MAX_MESSAGE_BYTES))
        except (EOFError, OSError):
            return
        connection.send_bytes(json.dumps(_answer(job, cache)).encode())


_launcher = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="hive-worker-launcher")


class _Worker:
    """One worker process with its exchange folder; sandboxed unless isolation is turned off."""

    def __init__(self, memory_bytes: int | None, network: bool) -> None:
        self.exchange = Path(tempfile.mkdtemp(prefix=f"{EXCHANGE_PREFIX}{os.getpid()}-")).resolve()
        ours, theirs = socket.socketpair()
        argv = [sys.executable, "-c", "from hive.execution.worker import main; main()", str(theirs.fileno()), str(memory_bytes or 0)]
        try:
            if sandbox.sandbox_wanted():
                argv = sandbox.fence(argv, self.exchange, network)
            # started from one long-lived thread: bubblewrap dies with the thread that started it
            self.process = _launcher.submit(subprocess.Popen, argv, pass_fds=(theirs.fileno(),), cwd=self.exchange,
                                            stdin=subprocess.DEVNULL, stdout=2, start_new_session=True).result()
        except BaseException:
            ours.close()
            shutil.rmtree(self.exchange, ignore_errors=True)
            raise
        finally:
            theirs.close()
        self.connection = Connection(ours.detach())
        self.last_model: str | None = None
        self.served = 0  # steps answered: the models they loaded stay in this worker's memory
        self.broken = False

    def run(self, code: str, arguments: dict, workdir: Path, output: Path, shared: Path, timeout: float) -> StepOutcome | None:
        """The outcome, or None when the worker overran `timeout` or died (the caller replaces it)."""
        job = self.exchange / "job"
        shutil.rmtree(job, ignore_errors=True)
        (job / "in").mkdir(parents=True)
        (job / "work").mkdir()
        brought = {k: _bring_in(v, shared, job / "in" / f"{i}-{os.path.basename(str(v))}") for i, (k, v) in enumerate(arguments.items())}
        message = {"code": code, "arguments": brought,
                   "workdir": str(job / "work"), "output": str(job / OUTPUT_NAME)}
        self.connection.send_bytes(json.dumps(message).encode())
        if not self.connection.poll(timeout):
            return None
        try:
            answer = json.loads(self.connection.recv_bytes(MAX_MESSAGE_BYTES))
        except (EOFError, OSError):
            return None
        except ValueError:  # not JSON (a pickle, say): the worker is not to be trusted with another step
            self.broken = True
            return StepOutcome(error="the worker answered something that is not an outcome and was stopped")
        self.served += 1
        _move_regular_files(job / "work", workdir)
        return _outcome(answer, job, output)

    def stop(self, kill: bool = False) -> None:
        if not kill:
            self.connection.close()  # the worker reads EOF and ends
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                kill = True
        if kill:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # the worker and every process it started
            except ProcessLookupError:
                pass
            self.process.wait()
            self.connection.close()
        shutil.rmtree(self.exchange, ignore_errors=True)


def _bring_in(value: Any, shared: Path, target: Path) -> Any:
    """An argument naming a file or folder inside `shared` (the run) becomes the path of a copy inside
    the exchange folder; any other value is passed as it is."""
    if not (isinstance(value, str) and 0 < len(value) < 4096 and os.path.exists(value)):
        return value
    source = Path(value).resolve()
    if source != shared and shared not in source.parents:
        return value
    if source.is_dir():
        shutil.copytree(source, target, symlinks=False)
    else:
        shutil.copyfile(source, target)
    return str(target)


def _move_regular_files(source: Path, target: Path) -> None:
    """What a snippet wrote, moved into its step folder: regular files and folders only (a link a
    snippet made could point anywhere on the host)."""
    for path in sorted(source.rglob("*")):
        if path.is_symlink() or not (path.is_file() or path.is_dir()):
            continue
        destination = target / path.relative_to(source)
        if path.is_dir():
            destination.mkdir(parents=True, exist_ok=True)
        elif not any(p.is_symlink() for p in path.relative_to(source).parents if str(p) != "."):
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(path), destination)


def _outcome(answer: Any, job: Path, output: Path) -> StepOutcome:
    """A worker's JSON answer, checked, with its output file moved to `output` (plus its suffix)."""
    if not isinstance(answer, dict):
        return StepOutcome(error="the worker answered something that is not an outcome")
    seconds = float(answer.get("seconds") or 0) if isinstance(answer.get("seconds"), (int, float)) else 0.0
    loads = answer.get("cached_loads") if isinstance(answer.get("cached_loads"), int) else 0
    if answer.get("error"):
        return StepOutcome(error=str(answer["error"])[:2000], seconds=seconds, cached_loads=loads,
                           out_of_memory=answer.get("out_of_memory") is True)
    name, produced = str(answer.get("file")), job / str(answer.get("file"))
    suffix = Path(name).suffix
    if name != OUTPUT_NAME + suffix or suffix not in MEDIA_SUFFIXES + (".txt", ".json") or produced.is_symlink() or not produced.is_file():
        return StepOutcome(error="the worker named no output file it saved", seconds=seconds)
    saved = output.with_name(output.name + suffix)
    shutil.move(str(produced), saved)
    if suffix in MEDIA_SUFFIXES:
        value: Any = str(saved.resolve())
    else:
        text = saved.read_text(encoding="utf-8", errors="replace")
        try:
            value = text if suffix == ".txt" else json.loads(text)
        except ValueError:
            return StepOutcome(error="the worker saved an output that is not JSON", seconds=seconds)
    return StepOutcome(value=value, seconds=seconds, cached_loads=loads, saved=saved, preview=str(answer.get("preview", ""))[:200])


class WorkerPool:
    """Up to `size` workers, started on demand, each serving one step at a time; `network`: whether they
    may reach the network (only to fetch weights from the hub)."""

    def __init__(self, size: int = 2, memory_bytes: int | None = None, network: bool = False) -> None:
        self.size, self.memory_bytes, self.network = size, memory_bytes, network
        remove_abandoned(Path(tempfile.gettempdir()).glob(f"{EXCHANGE_PREFIX}*-*"),  # a killed HIVE's workers' folders
                         lambda folder: folder.name.removeprefix(EXCHANGE_PREFIX).split("-", 1)[0])
        self.idle: list[_Worker] = []
        self.busy = 0
        self.condition = threading.Condition()

    def _take(self, model: str) -> _Worker:
        with self.condition:
            while not self.idle and self.busy >= self.size:
                self.condition.wait()
            self.busy += 1
            if self.idle:
                same = [w for w in self.idle if w.last_model == model]
                worker = same[0] if same else self.idle[0]
                self.idle.remove(worker)
                return worker
        try:
            return _Worker(self.memory_bytes, self.network)
        except BaseException:
            self._give_back(None)
            raise

    def _give_back(self, worker: _Worker | None) -> None:
        with self.condition:
            self.busy -= 1
            if worker is not None:
                self.idle.append(worker)
            self.condition.notify()

    def run(self, code: str, kwargs: dict, workdir: str, timeout: float, model: str = "", output: str | None = None,
            shared: str | None = None) -> StepOutcome:
        """Run `run(**kwargs)` from `code`; what it writes lands in `workdir`, its output at `output` plus a
        suffix (default: `workdir/output`). Arguments naming files inside `shared` (default: `workdir`)
        are handed over as copies."""
        worker = self._take(model)
        target = Path(output) if output else Path(workdir) / OUTPUT_NAME
        job = (code, kwargs, Path(workdir), target, Path(shared or workdir).resolve())
        started = time.monotonic()
        try:
            outcome, kept = self._serve(worker, job, timeout)
            if outcome.out_of_memory and kept is not None and kept.served > 1:
                # what filled the worker may be the models earlier steps left in it: once more, in a fresh worker
                kept.stop(kill=True)
                outcome, kept = self._serve(_Worker(self.memory_bytes, self.network), job,
                                            max(1.0, timeout - (time.monotonic() - started)))
                outcome.fresh_retry = True
        except BaseException:
            self._give_back(None)
            raise
        if kept is not None:
            kept.last_model = model
        self._give_back(kept)
        return outcome

    @staticmethod
    def _serve(worker: _Worker, job: tuple, timeout: float) -> tuple[StepOutcome, _Worker | None]:
        """One job on `worker`; the worker back, or None when it was stopped (overran, died or misbehaved)."""
        try:
            outcome = worker.run(*job, timeout)
        except BaseException:
            worker.stop(kill=True)
            raise
        if outcome is None:
            alive = worker.process.poll() is None
            worker.stop(kill=True)
            if alive:
                return StepOutcome(error=f"did not finish within {timeout:g} s and was stopped", seconds=timeout), None
            return StepOutcome(error=f"the worker process died (exit code {worker.process.returncode})"), None
        if worker.broken:
            worker.stop(kill=True)
            return outcome, None
        return outcome, worker

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
