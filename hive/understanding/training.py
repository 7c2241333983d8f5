"""Build the task detector's labelled pool and train its weights (developers only; needs scikit-learn).

    python -m hive.understanding.training pool [--shared ../shared]   # -> hive/understanding/data/pool.jsonl
    python -m hive.understanding.training train                       # -> hive/understanding/data/detector.npz

Sources of the pool (each line says which):
- `written`: requests HIVE's developers wrote, one task each (`data/written.txt`);
- `task-description`: the one-line description of every action in the domain library (`domains/*.pddl`);
- `requests-train`: 169 requests in the benchmark format (`data/requests-train.jsonl`), written for HIVE
  from the task list alone in many voices, with pasted content; the other half of the same writing is the
  tunable development set `benchmarks/data/dev-understanding.jsonl`;
- `taskbench-train`: the requests of `../shared/data/taskbench-hf-train.jsonl` (TaskBench, arXiv 2311.18760,
  Apache-2.0), when that folder is present: single-task ones as examples; multi-step ones carry only their
  task set, and training labels their clauses by aligning them to it (`aligned_parts`).
The frozen evaluation sets (`benchmarks/data/`) and the development benchmark (`muse-dev`) are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources as importlib_resources
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from hive.planning.library import load_library
from hive.understanding.detector import NONE, TaskDetector, default_weights_path
from hive.understanding.encoder import DIMENSIONS
from hive.understanding.features import Featuriser
from hive.understanding.parsing import parse_request
from hive.understanding.learned import detector_cues
from hive.understanding.rules import RuleUnderstander, locate_for_tasks
from hive.understanding.segments import split_parts, whole_request

# Inverse L2 strength of the logistic regression: 1, 4 and 16 gave the same development scores within a
# request or two (benchmarks/data/dev-understanding.jsonl); 4 is the middle.
REGULARISATION = 4.0
# E5 vectors of requests all lie close together: their dimensions are standardised, then weighed as a
# block so that meaning, word n-grams and flags start on a comparable footing (5-fold accuracy on the
# pool: 0.74 raw, 0.86 standardised).
EMBEDDING_BLOCK_WEIGHT = 3.0
ALIGNMENT_SHARE = 0.6  # a clause of a multi-step request is labelled when one allowed label holds this share
REQUEST_SOURCES = ("requests-train", "taskbench-train")  # whole requests, read clause by clause at run time


def data_dir() -> Path:
    return Path(str(importlib_resources.files("hive.understanding").joinpath("data")))


def read_written(path: Path) -> list[dict]:
    """`## TASK` headings, then one request per line."""
    pool, label = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            label = line[3:].strip()
        elif line.strip() and not line.startswith("#") and label:
            pool.append({"text": line.strip(), "label": label, "source": "written"})
    return pool


def build_pool(shared: Path | None) -> list[dict]:
    """Every labelled example, in a stable order."""
    pool = read_written(data_dir() / "written.txt")
    for name, action in sorted(load_library().actions.items()):
        if action.description:
            pool.append({"text": action.description, "label": name, "source": "task-description"})
    files = [(data_dir() / "requests-train.jsonl", "requests-train")]
    if shared:
        files.append((shared / "data" / "taskbench-hf-train.jsonl", "taskbench-train"))
    for path, source in files:
        if path.is_file():
            pool += [_example(json.loads(line), source) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return pool


def _example(record: dict, source: str) -> dict:
    """A labelled request: one task is a label, several are a task set to align clauses to."""
    tasks = sorted({t["task"] for t in record["tasks"]})
    if len(record["tasks"]) == 1:
        return {"text": record["query"], "label": tasks[0], "source": source}
    return {"text": record["query"], "tasks": tasks, "source": source}


def featurise(pool: list[dict], featuriser: Featuriser, rules: RuleUnderstander) -> tuple[np.ndarray, list[str]]:
    """Each example read as one part, as the detector reads a part at run time."""
    rows, labels = [], []
    for example in pool:
        try:
            parsed, located = parse_request(example["text"])[0], locate_for_tasks(example["text"])
        except HiveError:
            continue
        cues = detector_cues(rules, located, rules.all_mentions(located.masked, {}))
        rows.append(featuriser.rows([whole_request(located)], parsed, cues)[0])
        labels.append(example["label"])
    return np.stack(rows), labels


def aligned_parts(requests: list[dict], detector: TaskDetector, rules: RuleUnderstander) -> tuple[np.ndarray, list[str]]:
    """Clauses of multi-step requests, each labelled with the request's own task (or "none") that a first
    detector finds most likely for it among those, when that choice is clear (weak supervision)."""
    rows, labels = [], []
    for request in requests:
        try:
            parsed, located = parse_request(request["text"])[0], locate_for_tasks(request["text"])
        except HiveError:  # a request HIVE refuses (a file of an unknown kind) teaches nothing here
            continue
        cues = detector_cues(rules, located, rules.all_mentions(located.masked, {}))
        readings = detector.score_parts(split_parts(located), parsed, cues)
        allowed = set(request["tasks"]) | {NONE}
        for reading in readings:
            within = {label: p for label, p in reading.probabilities.items() if label in allowed}
            label = max(within, key=lambda k: within[k])
            if request.get("context_only") and label != NONE:
                continue  # a single-task request: only its clearly idle clauses teach something new
            if within[label] >= ALIGNMENT_SHARE * sum(within.values()):
                rows.append(detector.featuriser.rows([reading.part], parsed, cues)[0])
                labels.append(label)
    return (np.stack(rows) if rows else np.zeros((0, 0), np.float32)), labels


def train(pool: list[dict], out: Path) -> None:
    """Fit on the single-task examples, then again with the aligned clauses of the multi-step ones."""
    rules = RuleUnderstander()
    cue_names = sorted(rules.verbs)
    known = sorted(load_library().actions) + [NONE]
    unknown = sorted({e["label"] for e in pool if "label" in e} - set(known))
    if unknown:
        raise SystemExit(f"pool labels that are no library task: {', '.join(unknown)}")
    raw, labels = featurise([e for e in pool if "label" in e], Featuriser(cue_names), rules)
    _fit_and_save(raw, labels, known, cue_names, out)
    multi = [e for e in pool if "tasks" in e] + [{"text": e["text"], "tasks": [e["label"]], "context_only": True} for e in pool
                                                  if "label" in e and e["source"] in REQUEST_SOURCES and _clauses(e["text"]) > 1]
    if multi:
        extra, extra_labels = aligned_parts(multi, TaskDetector(out), rules)
        print(f"{len(extra_labels)} clauses of {len(multi)} multi-step requests aligned", file=sys.stderr)
        _fit_and_save(np.vstack([raw, extra]), labels + extra_labels, known, cue_names, out)


def _clauses(text: str) -> int:
    try:
        return len(split_parts(locate_for_tasks(text)))
    except HiveError:
        return 0


def _fit_and_save(raw: np.ndarray, labels: list[str], known: list[str], cue_names: list[str], out: Path) -> None:
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    shift, scale = np.zeros(raw.shape[1], np.float32), np.ones(raw.shape[1], np.float32)
    shift[:DIMENSIONS] = raw[:, :DIMENSIONS].mean(axis=0)
    scale[:DIMENSIONS] = EMBEDDING_BLOCK_WEIGHT / np.sqrt(DIMENSIONS) / (raw[:, :DIMENSIONS].std(axis=0) + 1e-6)
    rows = (raw - shift) * scale
    model = LogisticRegression(C=REGULARISATION, max_iter=3000, class_weight="balanced")
    print(f"5-fold accuracy on the pool: {float(cross_val_score(model, rows, labels, cv=5).mean()):.3f}", file=sys.stderr)
    model.fit(rows, labels)
    order = [list(model.classes_).index(label) for label in known if label in model.classes_]
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp, weights=model.coef_[order].astype(np.float32), bias=model.intercept_[order].astype(np.float32),
        shift=shift, scale=scale, labels=np.array([model.classes_[i] for i in order]), cue_names=np.array(cue_names),
    )
    tmp.replace(out)
    print(f"trained on {len(labels)} examples, {len(order)} labels: {out}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hive.understanding.training")
    parser.add_argument("step", choices=["pool", "train"])
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2].parent / "shared")
    args = parser.parse_args(argv)
    pool_path = data_dir() / "pool.jsonl"
    if args.step == "pool":
        pool = build_pool(args.shared if args.shared.is_dir() else None)
        tmp = pool_path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in pool), encoding="utf-8")
        tmp.replace(pool_path)
        print(f"{len(pool)} examples -> {pool_path}", file=sys.stderr)
    else:
        pool = [json.loads(line) for line in pool_path.read_text(encoding="utf-8").splitlines()]
        train(pool, default_weights_path())


if __name__ == "__main__":
    main()
