"""Where HIVE keeps what it makes once per machine: joined model files, example indexes."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """HIVE_CACHE, else ~/.cache/hive (created by whoever writes into it)."""
    return Path(os.environ.get("HIVE_CACHE") or Path.home() / ".cache" / "hive")
