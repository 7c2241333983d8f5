"""C-KG builder throughput and scale: the real dump, then a synthetic catalogue built, queried and updated.

Usage: python benchmarks/bench_kg.py [--models 100000] [--workers 2] [--dump ../shared/data/p0_models.jsonl]
                                     [--changed 0.01] [--single] [--extras] [--check-update]

Prints, for the synthetic catalogue: the streamed build over `--workers` processes (ckg.nt, state and store;
no Turtle, no snippet files) with its wall and CPU time, cards/s, the CPU split between the workers and the
main process (reading, writing, the store's bulk loader), each process's peak RSS (getrusage of the build's
process and of its children) and the store's size; a typical selection query's p50/p99 on the on-disk store;
the update of `--changed` of the cards; and every figure's ratio to its goal. Each build runs in a process
of its own, so its peak RSS is its own. `--single` also builds in one process (speed-up, identical graph),
`--extras` times what the lean build leaves out (sorted N-Triples, Turtle), `--check-update` compares the
updated graph with a full rebuild. The machine's load average is printed with every figure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import pyoxigraph

from hive.kg.schema import PREFIX
from hive.planning.library import load_library
from kg_builder.build import BuildReport, Outputs, build
from kg_builder.external_sort import sort_lines
from kg_builder.output import write_turtle
from kg_builder.sharding import Sharding
from kg_builder.sources import JsonlSource
from kg_builder.update import update

ROOT = Path(__file__).resolve().parents[1]
GOALS = {"cards/s": 2800, "build seconds at 1,000,000 cards": 360, "peak RSS GiB": 4, "update seconds (1%)": 20}
LEAN = Outputs(store=True, turtle=False, snippet_files=False)
LICENCES = ["apache-2.0"] * 5 + ["mit"] * 3 + ["cc-by-nc-4.0", "openrail++", "gpl-3.0", "other", "creativeml-openrail-m"]
DATASETS = [("librispeech_asr", "clean", "wer"), ("common_voice", "en", "wer"), ("squad_v2", "", "f1"),
            ("glue", "sst2", "accuracy"), ("xsum", "", "rouge1"), ("conll2003", "", "f1"), ("imagenet-1k", "", "accuracy")]
# Written most-selective-first (the benchmark's results, then their models): oxigraph joins in the
# written order, and starting from the task's models instead is 5x slower at 100,000 models.
SELECTION = PREFIX + """
SELECT ?id ?value ?params WHERE {
  ?result hive:onDataset <dataset/librispeech_asr> ; hive:value ?value .
  ?model hive:result ?result ; hive:task <task/automatic-speech-recognition> ;
         hive:parameterCount ?params ; dcterms:license ?licence ; dcterms:identifier ?id .
  FILTER(?params < 500000000)
  FILTER(?licence IN (<license/Apache-2.0>, <license/MIT>,
                      <license/CC0-1.0>))
} ORDER BY ?value LIMIT 5
"""


def synthetic_cards(count: int, path: Path, seed: int = 7) -> None:
    """A catalogue shaped like the hub's: tasks evenly spread, a licence mix, results on a fifth of the
    models (speech models on speech benchmarks), a size in every card's text."""
    rng = random.Random(seed)
    tasks = sorted({a.pipeline_tag for a in load_library().actions.values()})
    with path.open("w") as out:
        for number in range(count):
            task = rng.choice(tasks)
            size = rng.choice([30, 60, 110, 300, 770, 1500])
            meta = {"license": rng.choice(LICENCES), "language": ["en"], "datasets": [rng.choice(DATASETS)[0]], "tags": [f"arxiv:2{rng.randint(100, 399)}.{rng.randint(10000, 99999)}"]}
            if rng.random() < 0.2:
                dataset, config, metric = rng.choice(DATASETS[:2] if task == "automatic-speech-recognition" else DATASETS[2:])
                meta["model-index"] = [{"name": "m", "results": [{"task": {"type": task}, "dataset": {"type": dataset, "config": config, "split": "test"},
                                                                   "metrics": [{"type": metric, "value": round(rng.uniform(1, 60), 2)}]}]}]
            body = f"A model with {size}M parameters.\n\n```python\nfrom transformers import pipeline\np = pipeline('{task}', model='org/m{number}')\n```\n"
            out.write(json.dumps({"id": f"org{number % 997}/model-{number}", "pipeline_tag": task, "downloads": rng.randint(0, 10**6),
                                  "likes": rng.randint(0, 500), "meta": meta, "description": body}) + "\n")


def changed_catalogue(path: Path, share: float, seed: int = 11) -> int:
    """Change `share` of the cards in place, as the hub does: a new lastModified and download count."""
    rng = random.Random(seed)
    lines = path.read_text().splitlines()
    picked = rng.sample(range(len(lines)), max(1, round(share * len(lines))))
    for number in picked:
        row = json.loads(lines[number])
        lines[number] = json.dumps({**row, "downloads": row["downloads"] + 1, "lastModified": "2026-11-25T00:00:00.000Z"})
    path.write_text("".join(line + "\n" for line in lines))
    return len(picked)


def timed_queries(store: pyoxigraph.Store, runs: int = 200) -> tuple[float, float]:
    list(store.query(SELECTION))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        list(store.query(SELECTION))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.99 * (len(times) - 1))]


def directory_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def load() -> str:
    return "load " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def lean_build(cards: Path, out: Path, workers: int) -> BuildReport:
    return build([JsonlSource(cards)], out, shards=Sharding(workers), outputs=LEAN)


def lean_update(cards: Path, out: Path, workers: int) -> BuildReport:
    return update([JsonlSource(cards)], out, shards=Sharding(workers))


def full_build(cards: Path, out: Path) -> BuildReport:
    return build([JsonlSource(cards)], out)


def _measure_in_child(function: Callable[..., Any], args: tuple, results: Any) -> None:
    started = time.perf_counter()
    report = function(*args)
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    results.put({"seconds": time.perf_counter() - started, "report": vars(report),
                 "cpu_main": me.ru_utime + me.ru_stime, "cpu_workers": children.ru_utime + children.ru_stime,
                 "rss_main": me.ru_maxrss / 2**20, "rss_workers": children.ru_maxrss / 2**20})  # KiB -> GiB


def measured(function: Callable[..., Any], *args: Any) -> dict:
    """Run `function(*args)` in a fresh process: its wall time, report, CPU seconds and peak RSS (GiB) of that
    process and of its children (the build's workers)."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    process = context.Process(target=_measure_in_child, args=(function, args, results))
    process.start()
    found = results.get()
    process.join()
    return found


def describe(name: str, run: dict, workers: int) -> None:
    models = run["report"]["models"]
    cpu = run["cpu_main"] + run["cpu_workers"]
    print(f"{name}: {models:,} models, {run['report']['triples']:,} triples in {run['seconds']:.1f} s = {models / run['seconds']:,.0f} cards/s "
          f"({load()})")
    print(f"  CPU {cpu:.0f} s = main process {run['cpu_main']:.0f} s (reading, writing, the store's loader) + workers "
          f"{run['cpu_workers']:.0f} s; per worker {models / max(run['cpu_workers'], 1e-9) if workers > 1 else models / run['cpu_main']:,.0f} cards per CPU-second; "
          f"on {os.cpu_count()} idle cores at least {cpu / os.cpu_count():.0f} s")
    print(f"  peak RSS: main {run['rss_main']:.2f} GiB, largest worker {run['rss_workers']:.2f} GiB, "
          f"together at most {run['rss_main'] + workers * run['rss_workers']:.2f} GiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=int, default=100_000)
    parser.add_argument("--dump", type=Path, default=ROOT.parent / "shared" / "data" / "p0_models.jsonl")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--changed", type=float, default=0.01, help="share of the cards an update finds changed")
    parser.add_argument("--single", action="store_true", help="also build in one process: speed-up and identical graph")
    parser.add_argument("--extras", action="store_true", help="also time sorting ckg.nt and writing Turtle")
    parser.add_argument("--check-update", action="store_true", help="compare the updated graph with a full rebuild")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-kg-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        if args.dump.exists():
            run = measured(full_build, args.dump, work / "real")
            print(f"real dump: {run['report']['models']} cards in {run['seconds']:.2f} s (every output, store included; {load()})")
        cards = work / "synthetic.jsonl"
        if not cards.exists():
            synthetic_cards(args.models, cards)
        os.sync()
        built = measured(lean_build, cards, work / "big", args.workers)
        describe(f"streamed build over {args.workers} processes", built, args.workers)
        print(f"  store {directory_size(work / 'big' / 'store') / 2**20:,.0f} MiB, N-Triples {(work / 'big' / 'ckg.nt').stat().st_size / 2**20:,.0f} MiB, "
              f"state {directory_size(work / 'big' / 'state') / 2**20:,.0f} MiB")
        p50, p99 = timed_queries(pyoxigraph.Store.read_only(str(work / "big" / "store")))
        print(f"selection query on the on-disk store: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({load()})")
        if args.single:
            single = measured(lean_build, cards, work / "single", 1)
            describe("the same in one process", single, 1)
            same = (work / "single" / "ckg.nt").read_bytes() == (work / "big" / "ckg.nt").read_bytes()
            print(f"  speed-up over {args.workers} processes {single['seconds'] / built['seconds']:.2f}x; identical N-Triples: {same}")
        if args.extras:
            extras(work / "big")
        changed = changed_catalogue(cards, args.changed)
        os.sync()  # the build's gigabytes still being written back would slow the update's reads and writes
        updated = measured(lean_update, cards, work / "big", args.workers)
        print(f"update with {changed:,} of {args.models:,} cards changed: {updated['seconds']:.1f} s ({load()}); "
              f"CPU {updated['cpu_main'] + updated['cpu_workers']:.0f} s; peak RSS main {updated['rss_main']:.2f} GiB; "
              f"changes {json.dumps({k: v for k, v in updated['report']['changes'].items() if k != 'examples'})}")
        if args.check_update:
            measured(lean_build, cards, work / "full", args.workers)
            same = sorted((work / "big" / "ckg.nt").read_bytes().splitlines()) == sorted((work / "full" / "ckg.nt").read_bytes().splitlines())
            print(f"  the updated graph equals a full rebuild's: {same}")
        rate = built["report"]["models"] / built["seconds"]
        peak = built["rss_main"] + args.workers * built["rss_workers"]
        print("against the goals: " + ", ".join([
            f"cards/s {rate:,.0f} / {GOALS['cards/s']:,} = {rate / GOALS['cards/s']:.2f}",
            f"1,000,000 cards in {1e6 / rate:.0f} s / {GOALS['build seconds at 1,000,000 cards']} = {1e6 / rate / GOALS['build seconds at 1,000,000 cards']:.2f}",
            f"peak RSS {peak:.2f} / {GOALS['peak RSS GiB']} GiB = {peak / GOALS['peak RSS GiB']:.2f}",
            f"update {updated['seconds']:.1f} / {GOALS['update seconds (1%)']} s = {updated['seconds'] / GOALS['update seconds (1%)']:.2f}"]))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


def extras(built: Path) -> None:
    """Time what the lean build leaves out, on a copy of its N-Triples."""
    copy = built.parent / "extras.nt"
    shutil.copyfile(built / "ckg.nt", copy)
    for name, step in (("sorting ckg.nt (external merge sort)", lambda: sort_lines(copy)),
                       ("writing Turtle from ckg.nt", lambda: write_turtle(copy, built.parent / "extras.ttl"))):
        start = time.perf_counter()
        step()
        print(f"  {name}: {time.perf_counter() - start:.1f} s ({load()})")
    copy.unlink()
    (built.parent / "extras.ttl").unlink()


if __name__ == "__main__":
    sys.exit(main())
