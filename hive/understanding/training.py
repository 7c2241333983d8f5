"""Build the task detector's labelled pool and train its weights (developers only; needs scikit-learn).

    python -m hive.understanding.training pool [--shared DIR]         # -> hive/understanding/data/pool.jsonl
    python -m hive.understanding.training train                       # -> hive/understanding/data/detector.npz
    python -m hive.understanding.training examples                    # -> hive/understanding/data/examples.npz, task_meanings.npz

Sources of the pool (each line says which):
- `written`: requests HIVE's developers wrote, one task each (`data/written.txt`);
- `task-description`: the one-line description of every action in the domain library (`domains/*.pddl`);
- `requests-train`: 7,867 requests in the benchmark format (`data/requests-train.jsonl`), written for HIVE
  from the task list alone in many voices, with pasted content (the other half of the first writing is the
  tunable development set `benchmarks/data/dev-understanding.jsonl`); 7,170 of them mark, per step, the
  words that ask for it (`span`, null for an implied step), which label their clauses (`spanned_parts`);
- `taskbench-train`: the requests of `DIR/data/taskbench-hf-train.jsonl` (TaskBench, arXiv 2311.18760,
  Apache-2.0) when `--shared DIR` names the folder that holds it (`../shared` beside the repository; the
  shipped pool was built with it): single-task ones as examples; multi-step ones carry only their task set,
  and training labels their clauses by aligning them to it (`aligned_parts`).
The frozen evaluation sets (`benchmarks/data/`) and the development benchmark (`muse-dev`) are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from hive.planning.library import load_library
from hive.understanding.detector import NONE, TaskDetector, default_weights_path
from hive.understanding.encoder import DIMENSIONS
from hive.understanding.features import Featuriser
from hive.understanding.hidden_layer import NETWORK
from hive.understanding.package_files import package_file
from hive.understanding.parsing import parse_request
from hive.understanding.learned import detector_cues
from hive.understanding.nearest import INDEX, NearestExamples, write_index
from hive.understanding.rules import RuleUnderstander, locate_for_tasks
from hive.understanding.scoping import TASK_MEANINGS, write_task_meanings
from hive.understanding.spelling import VOCABULARY, write_vocabulary
from hive.understanding.segments import part_between, split_parts, whole_request

# Inverse L2 strength of the logistic regression: 1, 4 and 16 gave the same development scores within a
# request or two (benchmarks/data/dev-understanding.jsonl); 4 is the middle.
REGULARISATION = 4.0
# E5 vectors of requests all lie close together: their dimensions are standardised, then weighed as a
# block so that meaning, word n-grams and flags start on a comparable footing (5-fold accuracy on the
# pool: 0.74 raw, 0.86 standardised).
EMBEDDING_BLOCK_WEIGHT = 3.0
# Classes are weighed inversely to their size, but "none" (a third of the span-labelled clauses) only half as
# much as the median task: weighed fully balanced it is rarely read (dev 0.905, check 0.869, muse-dev TS
# 0.943); as the median task, check 0.900 and muse-dev 0.925; at half of it, dev 0.905, check 0.906,
# muse-dev 0.962; at twice, dev 0.899, check 0.900, muse-dev 0.925.
NONE_WEIGHT_SHARE = 0.5
# The network beside the regression: one hidden layer of 512 rectified units, L2 1e-3, 30 passes of Adam over
# the rows, weighed per class as the regression is. On the span-labelled clauses of the eighth-round requests
# (benchmarks/data/dev6-requests.jsonl, never trained on), the regression alone read 0.933 of 2,134 clauses
# right, a network of 256 units 0.942, this one 0.943, and the mean of the regression and this one 0.948.
HIDDEN_UNITS = 512
NETWORK_L2 = 1e-3
NETWORK_PASSES = 30
ALIGNMENT_SHARE = 0.6  # a clause of a multi-step request is labelled when one allowed label holds this share
REQUEST_SOURCES = ("requests-train", "taskbench-train")  # whole requests, read clause by clause at run time


def data_dir() -> Path:
    return package_file("data")


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
    """A labelled request: one task is a label, several are a task set to align clauses to; when every step
    says which words ask for it (`span`, null for a step only implied), the clauses are labelled by them."""
    tasks = sorted({t["task"] for t in record["tasks"]})
    example = {"text": record["query"], "source": source}
    example |= {"label": tasks[0]} if len(record["tasks"]) == 1 else {"tasks": tasks}
    if record["tasks"] and all("span" in t for t in record["tasks"]):
        example["spans"] = [[t["task"], t["span"]] for t in record["tasks"] if t["span"]]
    return example


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
        parts = split_parts(located)
        readings = detector.score_parts(parts, parsed, cues) if parts else []
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


def spanned_parts(requests: list[dict], featuriser: Featuriser, rules: RuleUnderstander) -> tuple[np.ndarray, list[str]]:
    """Clauses labelled by the words that ask for each step: a clause holding a step's span asks for its
    task, a clause holding none asks for nothing. A span across several clauses labels them read together
    (as the detector joins them) and the clause holding most of it; the others teach nothing."""
    rows, labels = [], []
    for request in requests:
        text = request["text"]
        try:
            parsed, located = parse_request(text)[0], locate_for_tasks(text)
        except HiveError:
            continue
        parts = split_parts(located)
        if len(parts) < 2 and "label" in request:
            continue  # one clause: the whole request is already its example
        cues = detector_cues(rules, located, rules.all_mentions(located.masked, {}))
        claims: dict[int, set[str]] = {}
        touched: set[int] = set()
        examples = []
        for task, span in request["spans"]:
            start = text.find(span)
            inside = [i for i, p in enumerate(parts) if start < p.end and p.start < start + len(span)] if start >= 0 else []
            if not inside:
                continue
            touched.update(inside)
            most = max(inside, key=lambda i: min(parts[i].end, start + len(span)) - max(parts[i].start, start))
            claims.setdefault(most, set()).add(task)
            if len(inside) > 1:
                examples.append((part_between(located, parts[inside[0]].start, parts[inside[-1]].end), task))
        for i, part in enumerate(parts):
            if i in claims:
                examples += [(part, task) for task in sorted(claims[i])]
            elif i not in touched:
                examples.append((part, NONE))
        if examples:
            rows.append(featuriser.rows([part for part, _label in examples], parsed, cues))
            labels += [label for _part, label in examples]
    return (np.vstack(rows) if rows else np.zeros((0, 0), np.float32)), labels


def train(pool: list[dict], out: Path) -> None:
    """Fit on the single-task examples, then again with the clauses of the multi-step ones: labelled by
    their spans where the writers marked them, else aligned to the request's task set."""
    rules = RuleUnderstander()
    cue_names = sorted(rules.verbs)
    known = sorted(load_library().actions) + [NONE]
    unknown = sorted({e["label"] for e in pool if "label" in e} - set(known))
    if unknown:
        raise SystemExit(f"pool labels that are no library task: {', '.join(unknown)}")
    raw, labels = featurise([e for e in pool if "label" in e], Featuriser(cue_names), rules)
    # The first detector (the regression alone) only labels clauses for the second: it never takes the shipped
    # file's place, so an interrupted training leaves the shipped detector as it was.
    first_path = out.with_name(out.stem + ".first.npz")
    _fit_and_save(raw, labels, known, cue_names, first_path, network=False)
    spanned = [e for e in pool if "spans" in e]
    multi = [e for e in pool if "tasks" in e and "spans" not in e] + [
        {"text": e["text"], "tasks": [e["label"]], "context_only": True} for e in pool
        if "label" in e and "spans" not in e and e["source"] in REQUEST_SOURCES and _clauses(e["text"]) > 1]
    first = TaskDetector(first_path)
    blocks, more = [raw], list(labels)
    for name, (rows, clause_labels) in (("span-labelled", spanned_parts(spanned, first.featuriser, rules)),
                                        ("aligned", aligned_parts(multi, first, rules))):
        print(f"{len(clause_labels)} clauses {name}", file=sys.stderr)
        if clause_labels:
            blocks.append(rows)
            more += clause_labels
    _fit_and_save(np.vstack(blocks), more, known, cue_names, out, network=True)
    first_path.unlink()


def _clauses(text: str) -> int:
    try:
        return len(split_parts(locate_for_tasks(text)))
    except HiveError:
        return 0


def standardisation(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shift, scale) for feature rows that open with a sentence vector: its dimensions standardised and weighed
    as one block (`EMBEDDING_BLOCK_WEIGHT`), the other features left as they are."""
    shift, scale = np.zeros(raw.shape[1], np.float32), np.ones(raw.shape[1], np.float32)
    shift[:DIMENSIONS] = raw[:, :DIMENSIONS].mean(axis=0)
    scale[:DIMENSIONS] = EMBEDDING_BLOCK_WEIGHT / np.sqrt(DIMENSIONS) / (raw[:, :DIMENSIONS].std(axis=0) + 1e-6)
    return shift, scale


def _fit_and_save(raw: np.ndarray, labels: list[str], known: list[str], cue_names: list[str], out: Path, network: bool) -> None:
    """Fit the regression (and, with `network`, the network beside it) and write the detector file atomically."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    shift, scale = standardisation(raw)
    rows = (raw - shift) * scale
    classes, counts = np.unique(labels, return_counts=True)
    weights = dict(zip(classes, len(labels) / (len(classes) * counts)))
    if NONE in weights:
        weights[NONE] = NONE_WEIGHT_SHARE * float(np.median(list(weights.values())))
    model = LogisticRegression(C=REGULARISATION, max_iter=3000, class_weight=weights)
    print(f"5-fold accuracy on the pool: {float(cross_val_score(model, rows, labels, cv=5).mean()):.3f}", file=sys.stderr)
    model.fit(rows, labels)
    order = [list(model.classes_).index(label) for label in known if label in model.classes_]
    arrays = {"weights": model.coef_[order].astype(np.float32), "bias": model.intercept_[order].astype(np.float32)}
    if network:
        arrays |= _network(rows, labels, weights, order, list(model.classes_))
    tmp = out.with_suffix(".tmp.npz")
    # stored uncompressed: `hive plan` reads it at every cold start, and inflating 5 MB took 30 ms of its 0.5 s
    np.savez(tmp, **arrays, shift=shift, scale=scale, labels=np.array([model.classes_[i] for i in order]), cue_names=np.array(cue_names))
    tmp.replace(out)
    print(f"trained on {len(labels)} examples, {len(order)} labels: {out}", file=sys.stderr)


def _network(rows: np.ndarray, labels: list[str], class_weights: dict, order: list[int], classes: list[str]) -> dict[str, np.ndarray]:
    """The hidden-layer network's weights, its outputs in the regression's label order."""
    network = fit_hidden_layer(rows, np.asarray(labels), np.array([class_weights[label] for label in labels]))
    if list(network.classes_) != classes:
        raise SystemExit("the network and the regression learned different label sets")
    return network_arrays(network, order)


def fit_hidden_layer(rows: np.ndarray, targets: np.ndarray, sample_weight: np.ndarray):
    """A network of `HIDDEN_UNITS` rectified units fitted for `NETWORK_PASSES` passes (labels: one class per row;
    a 0/1 matrix: one sigmoid output per column)."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier

    network = MLPClassifier(hidden_layer_sizes=(HIDDEN_UNITS,), alpha=NETWORK_L2, max_iter=NETWORK_PASSES, batch_size=min(256, len(rows)),
                            random_state=0)
    with warnings.catch_warnings():  # a fixed number of passes is the choice, not a failure to converge
        warnings.simplefilter("ignore", category=ConvergenceWarning)
        network.fit(rows, targets, sample_weight=sample_weight)
    return network


def network_arrays(network, order: list[int] | None = None) -> dict[str, np.ndarray]:
    """A fitted network's weights as `hidden_layer.NETWORK` stores them (half precision), outputs in `order`."""
    (hidden, output), (hidden_bias, output_bias) = network.coefs_, network.intercepts_
    order = list(range(output.shape[1])) if order is None else order
    arrays = (hidden.T, hidden_bias, output.T[order], output_bias[order])
    return {name: array.astype(np.float16) for name, array in zip(NETWORK, arrays)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hive.understanding.training")
    parser.add_argument("step", choices=["pool", "train", "examples"])
    parser.add_argument("--shared", type=Path, help="the folder holding data/taskbench-hf-train.jsonl (pool only)")
    args = parser.parse_args(argv)
    if args.shared and not args.shared.is_dir():
        raise SystemExit(f"error: --shared {args.shared} is not a folder")
    pool_path = data_dir() / "pool.jsonl"
    if args.step == "pool":
        pool = build_pool(args.shared)
        tmp = pool_path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in pool), encoding="utf-8")
        tmp.replace(pool_path)
        print(f"{len(pool)} examples -> {pool_path}", file=sys.stderr)
    elif args.step == "train":
        pool = [json.loads(line) for line in pool_path.read_text(encoding="utf-8").splitlines()]
        train(pool, default_weights_path())
    else:  # the LLM's few-shot index and the tasks' meanings: vectors shipped so no user waits for them
        examples = NearestExamples()
        write_index(INDEX, examples.vectors, examples.digest)
        print(f"{len(examples.examples)} examples -> {INDEX}", file=sys.stderr)
        print(f"{write_task_meanings()} task meanings -> {TASK_MEANINGS}", file=sys.stderr)
        print(f"{write_vocabulary(data_dir())} words -> {VOCABULARY}", file=sys.stderr)


if __name__ == "__main__":
    main()
