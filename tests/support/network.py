"""A port on 127.0.0.1 for a server a test starts."""

import socket


def free_port() -> int:
    """A port nothing listens on now (the system's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
