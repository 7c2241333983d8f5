"""Incremental updates: only the cards that changed are built again, and the graph is the one a full build
of the same sources writes: its N-Triples, its store, its Turtle and its snippet files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pyoxigraph
import pytest

from hive.errors import HiveError
from hive.kg.store import open_kg
from kg_builder import in_place
from kg_builder.build import Outputs, build
from kg_builder.sharding import Sharding
from kg_builder.sources import DirectorySource, JsonlSource, PapersWithCodeSource
from kg_builder.update import update

TASKS = ["automatic-speech-recognition", "summarization", "translation", "text-classification"]


def card(number: int, licence: str = "apache-2.0", dataset_name: str | None = None, downloads: int | None = None) -> dict:
    task = TASKS[number % len(TASKS)]
    meta: dict = {"license": licence, "tags": [f"arxiv:2101.{10000 + number % 9}"], "datasets": [f"set-{number % 4}"]}
    if dataset_name:
        meta["model-index"] = [{"results": [{"task": {"type": task}, "dataset": {"type": "librispeech_asr", "name": dataset_name},
                                             "metrics": [{"type": "wer", "value": 2.5 + number}]}]}]
    return {"id": f"org{number % 3}/model-{number}", "pipeline_tag": task, "downloads": number if downloads is None else downloads,
            "meta": meta, "description": f"```python\nfrom transformers import pipeline\np = pipeline('{task}', model='m{number}')\n```\n"}


def catalogue() -> list[dict]:
    """Cards of which the first describes a shared dataset and licence one way, later ones another way."""
    return [card(0, "bsd", "LibriSpeech (clean)"), card(1, "bsd-3-clause", "LibriSpeech (other)"),
            *[card(n, ["mit", "apache-2.0", "gpl-3.0"][n % 3]) for n in range(2, 40)]]


def edited(cards: list[dict]) -> list[dict]:
    """The catalogue a while later: its first card gone (another card must describe its dataset and licence
    now), two cards changed, one new, two swapped."""
    later = [dict(c) for c in cards[1:]]
    later[3] = card(4, "cc-by-nc-4.0")
    later[10] = {**later[10], "downloads": 999}
    later.insert(7, card(77, "mit", "LibriSpeech (new)"))
    later[20], later[21] = later[21], later[20]
    return later


def write(path: Path, cards: list[dict]) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    return path


def graph_of(out: Path) -> dict:
    """Everything of a build that is the graph: its triples (in any order; an update leaves the replaced models'
    lines as comments), its store, its Turtle, its snippet files."""
    ntriples = sorted(line for line in (out / "ckg.nt").read_bytes().splitlines() if not line.startswith(b"#"))
    found = {"ntriples": ntriples}
    if (out / "store").exists():
        store = pyoxigraph.Store.read_only(str(out / "store"))
        found["store"] = sorted(pyoxigraph.serialize(store.quads_for_pattern(None, None, None), format=pyoxigraph.RdfFormat.N_QUADS).splitlines())
    if (out / "ckg.ttl").exists():
        turtle = pyoxigraph.parse(path=str(out / "ckg.ttl"))
        found["turtle"] = sorted(pyoxigraph.serialize(turtle, format=pyoxigraph.RdfFormat.N_TRIPLES).splitlines())
    if (out / "snippets").exists():
        found["snippets"] = {p.relative_to(out).as_posix(): p.read_text() for p in (out / "snippets").rglob("*.py")}
    return found


@pytest.mark.parametrize("workers", [1, 2])
def test_an_update_gives_the_graph_of_a_full_rebuild(tmp_path, workers):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", shards=Sharding(workers, chunk=4))
    before = graph_of(tmp_path / "kg")
    write(dump, edited(catalogue()))
    report = update([JsonlSource(dump)], tmp_path / "kg", shards=Sharding(workers, chunk=4))
    build([JsonlSource(dump)], tmp_path / "full")
    after, full = graph_of(tmp_path / "kg"), graph_of(tmp_path / "full")
    assert after == full != before
    assert b'<https://w3id.org/hive/ckg/dataset/librispeech_asr> <http://schema.org/name> "LibriSpeech (other)" .' in after["ntriples"]
    assert b'<https://w3id.org/hive/ckg/license/BSD-3-Clause> <https://w3id.org/hive/ckg#hubId> "bsd-3-clause" .' in after["ntriples"]
    assert report.changes == {"new": 1, "changed": 2, "removed": 1, "unchanged": 37,
                              "examples": {"new": ["org2/model-77"], "changed": ["org1/model-4", "org2/model-11"], "removed": ["org0/model-0"]}}
    assert json.loads((tmp_path / "kg" / "report.json").read_text())["changes"] == report.changes
    assert (report.models, report.triples) == (json.loads((tmp_path / "full" / "report.json").read_text())["models"], len(full["ntriples"]))


def test_successive_updates_keep_giving_the_graph_of_a_full_rebuild(tmp_path):
    """Each update keeps the previous file's unchanged descriptions and index pieces where they are, wherever an
    earlier update put them, and blanks the others: three rounds, each compared with a full build."""
    cards, outputs = catalogue(), Outputs(snippet_files=False)
    dump = write(tmp_path / "cards.jsonl", cards)
    build([JsonlSource(dump)], tmp_path / "kg", outputs=outputs)
    for round_ in range(3):
        cards = edited(cards)
        cards[round_ + 12] = {**cards[round_ + 12], "downloads": 10**6 + round_}  # to the top of the rankings
        write(dump, cards)
        update([JsonlSource(dump)], tmp_path / "kg")
        build([JsonlSource(dump)], tmp_path / f"full-{round_}", outputs=outputs)
        assert graph_of(tmp_path / "kg") == graph_of(tmp_path / f"full-{round_}")


def test_an_update_without_indexes_reads_no_facts_back_and_gives_the_full_rebuild(tmp_path, monkeypatch):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    plain = Outputs(turtle=False, snippet_files=False, indexes=False)
    build([JsonlSource(dump)], tmp_path / "kg", outputs=plain)
    write(dump, edited(catalogue()))
    monkeypatch.setattr("kg_builder.chunks.read_facts", lambda triples: pytest.fail("an update without indexes read facts back"))
    update([JsonlSource(dump)], tmp_path / "kg")
    monkeypatch.undo()
    build([JsonlSource(dump)], tmp_path / "full", outputs=plain)
    assert graph_of(tmp_path / "kg") == graph_of(tmp_path / "full")
    assert not any(b"#ranked>" in line for line in graph_of(tmp_path / "kg")["ntriples"])


def test_an_update_parses_only_the_lines_that_changed(tmp_path, monkeypatch):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(turtle=False, snippet_files=False))
    parsed = []
    parse = JsonlSource._card
    monkeypatch.setattr(JsonlSource, "_card", staticmethod(lambda line, where, version: parsed.append(where) or parse(line, where, version)))
    report = update([JsonlSource(dump)], tmp_path / "kg")
    assert parsed == [] and report.changes["unchanged"] == 40 and report.models == 40
    write(dump, [*catalogue()[:5], card(5, "mit", downloads=12345), *catalogue()[6:]])
    report = update([JsonlSource(dump)], tmp_path / "kg")
    assert parsed == ["jsonl:cards.jsonl#6"] and report.changes["changed"] == 1


def test_a_card_folder_touched_is_read_again_and_only_it(tmp_path):
    cards = tmp_path / "cards"
    for number in range(6):
        (cards / "org" / f"m{number}").mkdir(parents=True)
        (cards / "org" / f"m{number}" / "README.md").write_text(f"---\nlicense: mit\npipeline_tag: translation\n---\n# m{number}\n")
    build([DirectorySource(cards)], tmp_path / "kg")
    readme = cards / "org" / "m3" / "README.md"
    readme.write_text("---\nlicense: apache-2.0\npipeline_tag: translation\n---\n# m3\n")
    os.utime(readme, ns=(readme.stat().st_atime_ns, readme.stat().st_mtime_ns + 10**9))
    report = update([DirectorySource(cards)], tmp_path / "kg")
    build([DirectorySource(cards)], tmp_path / "full")
    assert (report.changes["changed"], report.changes["unchanged"]) == (1, 5)
    assert graph_of(tmp_path / "kg") == graph_of(tmp_path / "full")


def test_a_failed_update_leaves_the_previous_build_alone(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg")
    before = graph_of(tmp_path / "kg")

    class Failing(JsonlSource):
        def cards(self, known=None):
            yield from list(super().cards(known))[:5]
            raise OSError("the disk went away")

    with pytest.raises(HiveError, match="the update of .* stopped: the disk went away; mend that and run the update again"):
        update([Failing(dump)], tmp_path / "kg")
    assert graph_of(tmp_path / "kg") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".kg.update-lock", "cards.jsonl", "kg"]  # no staging left


def test_an_update_edits_the_previous_ntriples_in_place_and_leaves_the_unchanged_bytes_where_they_were(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(turtle=False, snippet_files=False))
    graph = tmp_path / "kg" / "ckg.nt"
    before, inode = graph.read_bytes(), graph.stat().st_ino
    write(dump, [*catalogue()[:5], card(5, "mit", downloads=12345), *catalogue()[6:]])
    update([JsonlSource(dump)], tmp_path / "kg")
    after = graph.read_bytes()
    assert graph.stat().st_ino == inode  # the same file, not a copy
    blanked, offset = [], 0
    for line in after[:len(before)].splitlines(True):  # the previous file's bytes: each where it was, or blanked
        if line.startswith(b"#"):
            assert line.strip(b"# \n") == b"" and before[offset - 1:offset] in (b"", b"\n")
            blanked.append(before[offset:offset + len(line)])
        else:
            assert before[offset:offset + len(line)] == line
        offset += len(line)
    assert any(b"/model-5> <http://purl.org/dc/terms/license>" in lines for lines in blanked)
    assert len(after) > len(before) and not (tmp_path / "kg" / "pending.npz").exists()


def test_an_edit_interrupted_midway_is_finished_by_the_next_update(tmp_path, monkeypatch):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(snippet_files=False))
    write(dump, edited(catalogue()))

    def cut_off(*args):
        raise OSError("the machine went down")

    monkeypatch.setattr(in_place, "_copy", cut_off)  # holes blanked and the file cut, the tail not appended
    with pytest.raises(HiveError, match="the machine went down"):
        update([JsonlSource(dump)], tmp_path / "kg")
    with pytest.raises(HiveError, match="being edited by an unfinished update"):
        open_kg(tmp_path / "kg" / "ckg.nt")  # a reader of the file is told, not given half an edit
    assert (tmp_path / "kg" / "pending.npz").exists()
    monkeypatch.undo()
    report = update([JsonlSource(dump)], tmp_path / "kg")
    assert report.changes["unchanged"] == len(edited(catalogue())) and not (tmp_path / "kg" / "pending.npz").exists()
    build([JsonlSource(dump)], tmp_path / "full", outputs=Outputs(snippet_files=False))
    assert graph_of(tmp_path / "kg") == graph_of(tmp_path / "full")


def test_updates_refuse_what_they_cannot_do_alike(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue()[:5])
    build([JsonlSource(dump)], tmp_path / "sorted", outputs=Outputs(sort=True))
    with pytest.raises(HiveError, match="holds no build state to update"):
        update([JsonlSource(dump)], tmp_path / "sorted")
    with pytest.raises(HiveError, match="there is no build at"):
        update([JsonlSource(dump)], tmp_path / "nothing")
    build([JsonlSource(dump)], tmp_path / "kg")
    table = tmp_path / "evaluation-tables.json"
    table.write_text("[]")
    with pytest.raises(HiveError, match="other benchmark tables"):
        update([JsonlSource(dump)], tmp_path / "kg", tables=[PapersWithCodeSource(table)])


def test_the_command_line_updates_and_says_what_changed(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    hive = [sys.executable, "-c", "from hive.cli import main; main()", "kg", "build", "--source", f"jsonl:{dump}", "--out", str(tmp_path / "kg")]
    assert subprocess.run([*hive, "--no-turtle"], capture_output=True, text=True).returncode == 0
    write(dump, edited(catalogue()))
    updated = subprocess.run([*hive, "--update", "--workers", "2"], capture_output=True, text=True)
    assert updated.returncode == 0, updated.stderr
    assert "changed cards: 1 new, 2 changed, 1 removed, 37 unchanged" in updated.stdout
    assert not (tmp_path / "kg" / "ckg.ttl").exists()  # the outputs of the build it updates
    refused = subprocess.run([*hive, "--update", "--sorted"], capture_output=True, text=True)
    assert refused.returncode == 2 and refused.stderr.startswith("error: --update builds what the build in --out has")
    assert len(refused.stderr.strip().splitlines()) == 1


def test_a_second_update_of_one_build_at_once_is_refused_in_one_line(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(turtle=False, snippet_files=False))
    with in_place.one_update_at_a_time(tmp_path / "kg"):  # another update holds the build
        with pytest.raises(HiveError, match="another update of .* is running"):
            update([JsonlSource(dump)], tmp_path / "kg")
    assert update([JsonlSource(dump)], tmp_path / "kg").changes["unchanged"] == 40


def test_an_update_refuses_a_damaged_build_in_one_line_and_goes_through_a_link(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(turtle=False, snippet_files=False))
    write(dump, edited(catalogue()))
    (tmp_path / "link").symlink_to(tmp_path / "kg")
    update([JsonlSource(dump)], tmp_path / "link")  # the build the link points to is updated, the link stays
    assert (tmp_path / "link").is_symlink() and not (tmp_path / "kg" / "pending.npz").exists()
    build([JsonlSource(dump)], tmp_path / "full", outputs=Outputs(turtle=False, snippet_files=False))
    assert graph_of(tmp_path / "kg") == graph_of(tmp_path / "full")
    with open(tmp_path / "kg" / "ckg.nt", "ab") as graph:
        graph.write(b"<a> <b> <c> .\n")
    with pytest.raises(HiveError, match="not the file its build state describes"):
        update([JsonlSource(dump)], tmp_path / "kg")
    ids = tmp_path / "full" / "state" / "ids.txt"
    ids.write_text("".join(ids.read_text().splitlines(keepends=True)[:10]))
    with pytest.raises(HiveError, match="build state is damaged"):
        update([JsonlSource(dump)], tmp_path / "full")


def test_a_hard_linked_backup_of_a_build_stays_as_it_was_after_an_update(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg", outputs=Outputs(turtle=False, snippet_files=False))
    subprocess.run(["cp", "-al", str(tmp_path / "kg"), str(tmp_path / "backup")], check=True)
    before = (tmp_path / "backup" / "ckg.nt").read_bytes()
    write(dump, edited(catalogue()))
    update([JsonlSource(dump)], tmp_path / "kg")
    assert (tmp_path / "backup" / "ckg.nt").read_bytes() == before
    build([JsonlSource(dump)], tmp_path / "full", outputs=Outputs(turtle=False, snippet_files=False))
    assert graph_of(tmp_path / "kg") == graph_of(tmp_path / "full")


def test_a_killed_update_leaves_no_staging_folder_behind_the_next_one(tmp_path):
    """A process killed while staging (no handler runs) leaves its folder; the next build or update of that
    folder removes it, and leaves alone one whose process still runs."""
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    abandoned, running = tmp_path / f".kg.staging-{dead.pid}-abcd1234", tmp_path / f".kg.staging-{os.getpid()}-efgh5678"
    for folder in (abandoned, running):
        (folder / "store").mkdir(parents=True)
    write(dump, catalogue()[:-1])
    update([JsonlSource(dump)], tmp_path / "kg")
    assert not abandoned.exists() and running.exists()


def test_an_update_from_sources_that_hold_no_card_is_refused(tmp_path):
    dump = write(tmp_path / "cards.jsonl", catalogue())
    build([JsonlSource(dump)], tmp_path / "kg")
    before = graph_of(tmp_path / "kg")
    dump.write_text("not json\n")
    with pytest.raises(HiveError, match=r"the sources hold none of the \d+ models of .* \(1 lines or cards skipped\): an update would remove them all"):
        update([JsonlSource(dump)], tmp_path / "kg")
    assert graph_of(tmp_path / "kg") == before
