"""The understanding package finds the files it ships, from any working directory."""
from __future__ import annotations

import pytest

from hive.understanding.package_files import package_file


@pytest.mark.parametrize("relative", ["data/detector.npz", "data/about_things.npz", "cues.yaml", "prompts/choose_task.md"])
def test_shipped_files_are_found_outside_the_repository(relative, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = package_file(relative)
    assert path.is_absolute() and path.is_file()
