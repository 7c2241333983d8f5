"""Training the learned constraint reader (hive/understanding/constraint_training.py)."""

from __future__ import annotations

import numpy as np

from hive.understanding.constraint_kinds import KINDS, kind_probabilities
from hive.understanding.hidden_layer import load_network
from hive.understanding.constraint_training import fit, labelled_clauses, read_requests


def test_evidence_labels_the_clause_it_overlaps_and_no_other():
    request = {"id": "t-1", "query": "Caption ./a.jpg, then read it aloud. Offline please.",
               "constraints": [{"scope": "all", "kind": "offline", "evidence": "Offline please"}]}
    readings, targets = labelled_clauses([request])
    offline = KINDS.index("offline")
    stated = [r for r, t in zip(readings, targets) if t[offline]]
    assert stated == ["Offline please."]
    assert targets.sum() == 1


def test_words_stating_an_unlabelled_constraint_are_left_out():
    request = {"id": "t-2", "query": "Summarise ./a.txt. Something simple.", "other_constraint_words": ["Something simple"],
               "constraints": []}
    readings, _targets = labelled_clauses([request])
    assert not any("simple" in r for r in readings)


def test_the_shipped_evidence_is_written_in_its_request():
    marked, others = read_requests()
    assert len(marked) >= 700 and others
    for request in marked:
        for label in request["constraints"]:
            assert label["kind"] in KINDS
            assert label["evidence"] is None or label["evidence"] in request["query"], request["id"]


def test_fit_learns_a_separable_kind():
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(200, 400)).astype(np.float32)
    targets = np.stack([rows[:, 390 - k] > 1.0 for k in range(len(KINDS))], axis=1).astype(np.int8)  # one feature per kind
    model = fit(rows, targets, network=True)  # the `--network` option's reader
    scaled = (rows - model["shift"]) * model["scale"]
    read = scaled @ model["weights"].T + model["bias"] > 0
    assert (read == targets.astype(bool)).mean() > 0.9
    assert [str(k) for k in model["kinds"]] == list(KINDS)
    both = kind_probabilities(scaled, model["weights"], model["bias"], load_network(model)) >= 0.5  # the mean with the network
    assert (both == targets.astype(bool)).mean() > 0.9 and model["output_weights"].shape == (len(KINDS), 512)
