"""Train the learned constraint reader (developers only; needs scikit-learn).

    python -m hive.understanding.constraint_training            # -> hive/understanding/data/constraint_kinds.npz
    python -m hive.understanding.constraint_training --folds    # recall and false alarms, two-fold, nothing written
    python -m hive.understanding.constraint_training --network  # a network beside the regressions, read as their mean

Its examples are the clauses of the training requests (`data/requests-train.jsonl`), split as the reader
splits them at run time (`segments.split_parts` of the request with inline values masked):
- in a request whose constraint labels carry `evidence` (the words that state each one, marked for HIVE by
  annotators who saw the request and its labels), a clause that overlaps a kind's evidence states that kind,
  and its other clauses do not; its `other_constraint_words` (constraints stated but not labelled) are left out;
- the clauses of the other training requests, where the vocabulary reader finds no constraint phrase, state no
  constraint (they were written as task requests; a clause holding a constraint phrase there is left out, since
  it was never labelled).
`--folds` trains on the requests of half the writers (and every unlabelled one) and reads the other writers'
requests, both ways round: the figures for choosing `REGULARISATION` and `POSITIVE_WEIGHT`. The frozen evaluation
sets (`benchmarks/data/`) are never read.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

from hive.errors import HiveError
from hive.selection.phrases import constraint_phrases
from hive.understanding.constraint_kinds import KINDS, SURE, clause_features, default_weights_path, kind_probabilities
from hive.understanding.encoder import shared_encoder
from hive.understanding.parsing import locate_values
from hive.understanding.segments import split_parts
from hive.understanding.hidden_layer import load_network
from hive.understanding.training import data_dir, fit_hidden_layer, network_arrays, standardisation

# Chosen on the twelfth session's two-fold figures (`--folds`, clauses of the evidence-labelled requests then):
# with the reader's SURE of 0.3, weight 12 read 0.913 of the clauses stating a constraint with 24 false alarms
# among ~2,500 clauses (weight 4: 0.884 / 17; at SURE 0.5, 0.872 / 10); C 0.25, 1 and 4 read 0.915, 0.913 and 0.898.
# The sixteenth session tried a network beside the regressions (`--network`: `training.fit_hidden_layer`, one sigmoid
# output per kind, a clause stating any kind weighed POSITIVE_WEIGHT), read as their mean. Two-fold by writer, 1,319
# clauses stating a kind among ~14,000: the regressions at 0.3 read 1,163 with 57 false alarms (at 0.4: 1,133 / 45);
# the mean at 0.2 read 1,174 / 55, at 0.25 1,152 / 41. On dev6's 321 labelled constraints the two read 258 and 257
# in the right scope, and the constraint sets moved by one step either way: within noise, for a file 28 times the
# size (4.8 MB). The regressions ship.
REGULARISATION = 1.0  # inverse L2 strength
POSITIVE_WEIGHT = 12.0  # a clause stating a kind weighs this much more than one that does not (they are rare)
UNLABELLED_CLAUSES = 12000  # clauses of requests without constraint labels kept as negatives (a seeded sample)
SEED = 13


def labelled_clauses(requests: list[dict]) -> tuple[list[str], np.ndarray]:
    """(readings, targets: clause x kind in {0, 1}) for requests with evidence."""
    readings, targets = [], []
    for request in requests:
        query = request["query"]
        try:
            parts = split_parts(locate_values(query))
        except HiveError:
            continue
        spans: dict[str, list[tuple[int, int]]] = {kind: [] for kind in KINDS}
        for label in request["constraints"]:
            evidence = label.get("evidence")
            if evidence and (at := query.find(evidence)) >= 0:
                spans[label["kind"]].append((at, at + len(evidence)))
        unlabelled = [(at, at + len(w)) for w in request.get("other_constraint_words", []) if (at := query.find(w)) >= 0]
        for part in parts:
            if any(part.start < e and s < part.end for s, e in unlabelled):
                continue
            readings.append(part.reading)
            targets.append([any(part.start < e and s < part.end for s, e in spans[kind]) for kind in KINDS])
    return readings, np.asarray(targets, dtype=np.int8).reshape(-1, len(KINDS))


def unlabelled_clauses(requests: list[dict], limit: int) -> list[str]:
    """Readings of clauses of requests written without constraint labels, holding no constraint phrase."""
    readings = []
    for request in requests:
        try:
            located = locate_values(request["query"])
            phrases = constraint_phrases(located.masked)
            parts = split_parts(located)
        except HiveError:
            continue
        readings += [p.reading for p in parts if not any(p.start <= ph.start < p.end or ph.start <= p.start < ph.end for ph in phrases)]
    random.Random(SEED).shuffle(readings)
    return readings[:limit]


def fit(rows: np.ndarray, targets: np.ndarray, network: bool) -> dict[str, np.ndarray]:
    """One logistic regression per kind over standardised rows (and, with `network`, a network beside them, one
    output per kind)."""
    from sklearn.linear_model import LogisticRegression

    shift, scale = standardisation(rows)
    scaled = (rows - shift) * scale
    weights, bias = [], []
    for k, kind in enumerate(KINDS):
        model = LogisticRegression(C=REGULARISATION, max_iter=2000, class_weight={0: 1.0, 1: POSITIVE_WEIGHT})
        model.fit(scaled, targets[:, k])
        weights.append(model.coef_[0])
        bias.append(model.intercept_[0])
        print(f"  {kind:16} {int(targets[:, k].sum()):4} clauses state it", file=sys.stderr)
    model = {"weights": np.asarray(weights, np.float32), "bias": np.asarray(bias, np.float32), "shift": shift, "scale": scale,
             "kinds": np.array(KINDS)}
    if network:
        stating = targets.any(axis=1)
        model |= network_arrays(fit_hidden_layer(scaled, targets, np.where(stating, POSITIVE_WEIGHT, 1.0)))
    return model


def read_requests() -> tuple[list[dict], list[dict]]:
    """(requests whose constraint labels carry evidence, the other training requests): the task requests and the
    developers' requests saying where a result goes (a website, an app: no limit on where the model runs) or where the
    model must run (`data/constraint-contexts.jsonl`)."""
    rows = [json.loads(line) for name in ("requests-train.jsonl", "constraint-contexts.jsonl")
            for line in (data_dir() / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    marked = [r for r in rows if "constraints" in r and all("evidence" in c for c in r["constraints"])]
    others = [r for r in rows if "constraints" not in r]
    return marked, others


THRESHOLDS = (0.15, 0.2, 0.25, 0.3, 0.4, 0.5)  # the readings `--folds` also reports, beside the reader's SURE


def two_folds(marked: list[dict], negatives: np.ndarray, encoder, network: bool) -> None:
    """Recall and false alarms per kind, reading each half with a reader trained on the other half. The halves
    are split by writer (the id's prefix, "w3" in "w3-047"), so each half is read in styles its reader never saw.
    Then the totals at other thresholds, for the regression alone and (with `network`) for the mean."""
    writers = sorted({writer_of(r) for r in marked})
    half = set(writers[::2])
    folds = [[r for r in marked if writer_of(r) in half], [r for r in marked if writer_of(r) not in half]]
    readers = ("regression", "mean") if network else ("regression",)
    probabilities: dict[str, list[np.ndarray]] = {reader: [] for reader in readers}
    stated = []
    for train, test in (folds, folds[::-1]):
        readings, targets = labelled_clauses(train)
        rows = np.vstack([clause_features(readings, encoder), negatives])
        model = fit(rows, np.vstack([targets, np.zeros((len(negatives), len(KINDS)), np.int8)]), network)
        readings, targets = labelled_clauses(test)
        scaled = (clause_features(readings, encoder) - model["shift"]) * model["scale"]
        for reader in readers:
            net = load_network(model) if reader == "mean" else None
            probabilities[reader].append(kind_probabilities(scaled, model["weights"], model["bias"], net))
        stated.append(targets)
    targets = np.vstack(stated)
    read = np.vstack(probabilities[readers[-1]]) >= SURE
    for kind, hits, count, false in zip(KINDS, (read & (targets == 1)).sum(axis=0), targets.sum(axis=0), (read & (targets == 0)).sum(axis=0)):
        print(f"{kind:16} clauses read {int(hits):4}/{int(count):4} = {hits / max(count, 1):.3f}   false alarms {int(false)}")
    for reader in readers:
        scores = np.vstack(probabilities[reader])
        for threshold in THRESHOLDS:
            read = scores >= threshold
            print(f"{reader:10} at {threshold:.2f}: read {int((read & (targets == 1)).sum())}/{int(targets.sum())}"
                  f" = {(read & (targets == 1)).sum() / max(targets.sum(), 1):.3f}, false alarms {int((read & (targets == 0)).sum())}")


def writer_of(request: dict) -> str:
    return request["id"].split("-")[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hive.understanding.constraint_training")
    parser.add_argument("--folds", action="store_true", help="report two-fold figures instead of writing weights")
    parser.add_argument("--network", action="store_true", help="a network beside the regressions, read as their mean")
    parser.add_argument("--out", type=Path, default=default_weights_path())
    args = parser.parse_args(argv)
    marked, others = read_requests()
    if not marked:
        raise SystemExit("error: no training request carries constraint evidence")
    encoder = shared_encoder()
    negatives = clause_features(unlabelled_clauses(others, UNLABELLED_CLAUSES), encoder)
    print(f"{len(marked)} requests with evidence, {len(negatives)} unlabelled clauses", file=sys.stderr)
    if args.folds:
        two_folds(marked, negatives, encoder, args.network)
        return
    readings, targets = labelled_clauses(marked)
    model = fit(np.vstack([clause_features(readings, encoder), negatives]),
                np.vstack([targets, np.zeros((len(negatives), len(KINDS)), np.int8)]), args.network)
    tmp = args.out.with_suffix(".tmp.npz")
    np.savez(tmp, **model)  # uncompressed: read at every cold start
    tmp.replace(args.out)
    print(f"trained on {len(readings) + len(negatives)} clauses: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
