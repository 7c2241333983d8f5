"""Joining a Ray cluster (or starting a local one), shared by the batch engine and sharded graph builds."""

from __future__ import annotations

import socket
from types import ModuleType

from hive.errors import HiveError

REACH_SECONDS = 5.0


def connect(purpose: str, address: str | None, workers: int) -> tuple[ModuleType, bool]:
    """(the ray module, whether this call started Ray and so must shut it down). Without `address` a
    local Ray with `workers` CPUs starts; an address nobody answers at fails fast with one line."""
    try:
        import ray
    except ImportError as exc:
        raise HiveError(f"the {purpose} needs Ray: pip install 'hive-planner[ray]'") from exc
    if ray.is_initialized():
        return ray, False
    if address and address != "auto":
        _check_reachable(address)
    try:
        ray.init(address=address, num_cpus=None if address else workers, include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise HiveError(f"cannot reach the Ray cluster at {address}: {exc}") from exc
    return ray, True


def _check_reachable(address: str) -> None:
    """Ray itself retries an unanswered address for minutes; a plain TCP connection tells in seconds."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=REACH_SECONDS).close()
    except (OSError, ValueError) as exc:
        raise HiveError(f"cannot reach the Ray cluster at {address}: {exc}; start one with 'ray start --head' "
                        "or leave out --address for a local one") from exc
