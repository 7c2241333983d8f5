"""Snippet workers are fenced by the operating system: each escape that once passed the AST policy
(issue 14) runs here straight in a worker, with no policy check in front, and must not reach the host."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from hive.execution import sandbox
from hive.execution.worker import run_in_worker

SIGNATURE = 'def run(text: str = "", model: str = "m", device: str = "cpu"):\n'


def _run(body: str, tmp_path: Path, prelude: str = "", **kwargs):
    (tmp_path / "step").mkdir(exist_ok=True)
    return run_in_worker(prelude + SIGNATURE + body, {"text": "x", **kwargs}, str(tmp_path / "step"), timeout=120)


@pytest.fixture
def host_file(tmp_path_factory):
    """A path on the host, outside every folder a worker may write, that must stay absent."""
    target = Path("/var/tmp") / f"hive-escape-{tmp_path_factory.mktemp('x').name}"
    yield target
    assert not target.exists(), "a snippet wrote on the host"


@pytest.mark.parametrize("escape", [
    "    from typing import sys\n    sys.modules['os'].system('touch {target}')\n",
    "    from json import codecs\n    codecs.builtins.exec(\"open('{target}', 'w').write('x')\")\n",
    "    __builtins__['__import__']('os').system('touch {target}')\n" if isinstance(__builtins__, dict) else
    "    __builtins__.__import__('os').system('touch {target}')\n",
    "    import typing\n    vars(typing)['sys'].modules['subprocess'].run(['sh', '-c', 'touch {target}'])\n",
])
def test_policy_escapes_cannot_write_on_the_host(escape, tmp_path, host_file):
    _run(escape.format(target=host_file), tmp_path)


def test_a_write_at_import_time_cannot_reach_the_host(tmp_path, host_file):
    _run("    return 1\n", tmp_path, prelude=f"open({str(host_file)!r}, 'w').write('x')\n")


def test_the_host_s_files_and_secrets_are_not_there(tmp_path, monkeypatch):
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cret")
    monkeypatch.setenv("HIVE_TEST_SECRET", "s3cret")
    outcome = _run("    import os\n"
                   f"    seen = [os.path.exists(p) for p in ({str(secret)!r}, {str(Path.home())!r} + '/.bashrc', '/etc/passwd', '/etc/shadow')]\n"
                   "    return {'seen': seen, 'environment': os.environ.get('HIVE_TEST_SECRET')}\n", tmp_path)
    assert outcome.error is None, outcome.error
    assert outcome.value == {"seen": [False, False, False, False], "environment": None}


def test_a_file_argument_inside_the_run_is_handed_over_as_a_copy(tmp_path):
    (tmp_path / "step").mkdir()
    given = tmp_path / "step" / "words.txt"
    given.write_text("hello")
    code = SIGNATURE + "    words = open(text).read()\n    open(text, 'w').write('changed')\n    return words\n"
    outcome = run_in_worker(code, {"text": str(given)}, str(tmp_path / "step"), timeout=120)
    assert outcome.value == "hello" and given.read_text() == "hello"


def test_the_network_is_unreachable(tmp_path):
    server = socket.create_server(("127.0.0.1", 0))
    port, received = server.getsockname()[1], []

    def accept() -> None:
        server.settimeout(20)
        try:
            connection, _ = server.accept()
            received.append(connection.recv(100))
        except OSError:
            pass

    listener = threading.Thread(target=accept)
    listener.start()
    outcome = _run(f"    import socket\n    socket.create_connection(('127.0.0.1', {port}), timeout=5).sendall(b'leak')\n", tmp_path)
    server.close()
    listener.join()
    assert outcome.error and outcome.error.startswith(("ConnectionRefusedError", "OSError")) and received == []


def test_a_link_to_a_host_file_is_not_copied_out(tmp_path):
    outcome = _run("    import os\n    os.symlink('/etc/hostname', 'leak.txt')\n    return 'done'\n", tmp_path)
    assert outcome.value == "done" and not (tmp_path / "step" / "leak.txt").exists()


def test_a_worker_cannot_send_hive_a_pickle(tmp_path, host_file):
    """The worker's answers are JSON: a pickle that would run a command in HIVE is refused as it is."""
    outcome = _run("    import os, pickle, sys\n    from multiprocessing.connection import Connection\n"
                   "    class Payload:\n        def __reduce__(self):\n"
                   f"            return (os.system, ('touch {host_file}',))\n"
                   "    Connection(int(sys.argv[1])).send_bytes(pickle.dumps(Payload()))\n    return 'x'\n", tmp_path)
    assert outcome.error == "the worker answered something that is not an outcome and was stopped"


def test_without_bubblewrap_snippets_refuse_to_run_in_one_line(tmp_path, monkeypatch):
    import glob
    import tempfile

    monkeypatch.setenv("HIVE_BWRAP", str(tmp_path / "no-such-bwrap"))
    sandbox.checked_bwrap.cache_clear()
    exchanges = set(glob.glob(f"{tempfile.gettempdir()}/hive-worker-*"))
    try:
        with pytest.raises(sandbox.SandboxUnavailable) as refused:
            _run("    return 1\n", tmp_path)
    finally:
        sandbox.checked_bwrap.cache_clear()
    message = str(refused.value)
    assert "\n" not in message and "bubblewrap" in message and "HIVE_SANDBOX=off" in message
    assert set(glob.glob(f"{tempfile.gettempdir()}/hive-worker-*")) <= exchanges  # no exchange folder left behind


def test_isolation_can_be_turned_off_for_trusted_graphs(tmp_path, monkeypatch):
    monkeypatch.setenv("HIVE_SANDBOX", "off")
    marker = tmp_path / "visible.txt"
    marker.write_text("host")
    assert _run(f"    return open({str(marker)!r}).read()\n", tmp_path).value == "host"


def test_snippets_write_only_inside_their_step_folder(tmp_path):
    """The sandbox's filesystem is read-only outside the worker's exchange folder: a write elsewhere fails
    and leaves nothing on the host; what the snippet writes in its folder reaches the step folder."""
    outside = Path("/var/tmp") / f"hive-sandbox-{tmp_path.name}.txt"
    writer = ('def run(text: str = "", model: str = "m", device: str = "cpu"):\n'
              f'    open("inside.txt", "w").write(text)\n    open({str(outside)!r}, "w").write(text)\n')
    (tmp_path / "run").mkdir()
    outcome = run_in_worker(writer, {"text": "x"}, str(tmp_path / "run"), timeout=60)
    written = outside.exists()
    outside.unlink(missing_ok=True)
    assert outcome.error and outcome.error.split(":")[0] in ("FileNotFoundError", "OSError", "PermissionError")
    assert (tmp_path / "run" / "inside.txt").read_text() == "x" and not written
