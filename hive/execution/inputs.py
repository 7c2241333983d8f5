"""Input files are checked before a run: present, not too large, and of the kind the plan reads them as."""

from __future__ import annotations

from pathlib import Path

from hive.errors import HiveError

MAX_INPUT_BYTES = 512 * 2**20
ONE_FILE_PER_INPUT = "a run reads one file per input: name one, or give 'hive batch' one request per file"
MAGIC = {
    "image": (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM", b"RIFF", b"II*\x00", b"MM\x00*", b"%PDF"),
    "audio": (b"RIFF", b"ID3", b"\xff\xfb", b"\xff\xf3", b"\xff\xf2", b"fLaC", b"OggS", b"FORM"),
}


def check_input_file(path: Path, modality: str) -> None:
    """Raise a one-line `HiveError` for a missing, empty, oversized or mislabelled input file."""
    if "*" in path.name:
        raise HiveError(f"input {path} names several files; {ONE_FILE_PER_INPUT}")
    if not path.exists():
        raise HiveError(f"input {path} does not exist; planning accepted it, running needs it")
    if not path.is_file():
        raise HiveError(f"input {path} is a folder, not a file; {ONE_FILE_PER_INPUT}")
    size = path.stat().st_size
    if size == 0:
        raise HiveError(f"input {path} is empty")
    if size > MAX_INPUT_BYTES:
        raise HiveError(f"input {path} is {size / 2**20:.0f} MiB, over the {MAX_INPUT_BYTES // 2**20} MiB limit")
    with path.open("rb") as handle:
        head = handle.read(16)
    expected = MAGIC.get(modality)
    if expected and not head.startswith(expected):
        raise HiveError(f"input {path} is not a readable {modality} file (its first bytes say otherwise)")
    if modality == "audio" and head.startswith(b"RIFF") and size <= 44:
        raise HiveError(f"input {path} holds no audio samples")
