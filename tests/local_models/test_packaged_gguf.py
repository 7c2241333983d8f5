"""Split GGUF files joined from their part packages (hive/local_models/packaged_gguf.py): in order, once,
atomically, verified against the pinned digest."""

from __future__ import annotations

import hashlib
import importlib.util
import sys

import pytest

from hive.errors import HiveError
from hive.local_models import packaged_gguf
from hive.local_models.packaged_gguf import PackagedGGUF, joined_gguf


def _part_packages(root, count: int, chunks: list[bytes], pinned: bytes | None = None) -> PackagedGGUF:
    """`count` importable packages fakepartN/data/partNN.bin, like the PyPI part packages; the pinned digest is
    that of `pinned` (by default, of the parts joined)."""
    for n, chunk in enumerate(chunks, start=1):
        package = root / f"fakepart{n}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{n:02d}.bin").write_bytes(chunk)
    whole = b"".join(chunks) if pinned is None else pinned
    return PackagedGGUF("fake", "x/fake-GGUF", "fake-part{n}", "fakepart{n}", "data/part{n:02d}.bin", count, len(whole),
                        hashlib.sha256(whole).hexdigest())


@pytest.fixture
def fake_parts(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("HIVE_CACHE", str(tmp_path / "cache"))

    def make(chunks: list[bytes], count: int | None = None, pinned: bytes | None = None) -> PackagedGGUF:
        packaged = _part_packages(tmp_path / "site", count or len(chunks), chunks, pinned)
        importlib.invalidate_caches()
        monkeypatch.setattr(packaged_gguf, "packaged_models", lambda: {"fake": packaged})
        return packaged

    yield make
    for name in [m for m in sys.modules if m.startswith("fakepart")]:
        del sys.modules[name]


def test_parts_are_joined_in_order_once_and_atomically(fake_parts):
    fake_parts([b"GGUF" + b"a" * 10, b"b" * 7, b"c" * 3])
    path = joined_gguf("fake")
    assert path.read_bytes() == b"GGUF" + b"a" * 10 + b"b" * 7 + b"c" * 3
    stamp = path.stat().st_mtime_ns
    assert joined_gguf("fake").stat().st_mtime_ns == stamp  # complete copy reused
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.name + ".verified"]  # no temporary file left


def test_a_truncated_join_is_redone(fake_parts):
    fake_parts([b"GGUF1234", b"5678"])
    path = joined_gguf("fake")
    path.write_bytes(b"GGUF12")  # as if a copy had been cut short by hand
    assert joined_gguf("fake").read_bytes() == b"GGUF12345678"


def test_parts_that_do_not_join_into_the_pinned_file_are_refused_and_nothing_is_kept(fake_parts, tmp_path):
    fake_parts([b"GGUF1234", b"EVIL"], pinned=b"GGUF12345678")
    with pytest.raises(HiveError, match="does not match its pinned SHA-256.*pip install --force-reinstall fake-part1 fake-part2"):
        joined_gguf("fake")
    assert [p for p in (tmp_path / "cache").rglob("*") if p.is_file()] == []


def test_a_cached_copy_changed_after_the_join_is_verified_again(fake_parts):
    fake_parts([b"GGUF1234", b"5678"])
    path = joined_gguf("fake")
    path.write_bytes(b"GGUF1234EVIL")  # same size, other bytes
    assert joined_gguf("fake").read_bytes() == b"GGUF12345678"


def test_a_missing_part_names_the_packages_to_install(fake_parts):
    fake_parts([b"GGUF", b"x"], count=3)
    with pytest.raises(HiveError, match="pip install fake-part3"):
        joined_gguf("fake")


def test_parts_that_are_not_a_gguf_file_are_refused(fake_parts):
    fake_parts([b"ZIP!....", b"x"])
    with pytest.raises(HiveError, match="does not start a GGUF file"):
        joined_gguf("fake")
