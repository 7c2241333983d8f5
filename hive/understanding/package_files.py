"""Where the understanding package's shipped files are: weights, training data, vocabularies and prompts."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def package_file(relative: str) -> Path:
    """The path of a file shipped inside `hive.understanding` ("data/detector.npz", "cues.yaml")."""
    return Path(str(resources.files("hive.understanding").joinpath(relative)))
