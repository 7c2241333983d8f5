"""Constraints read from the words, kind by kind, against hand labels (no model selection involved).

Usage:
  python benchmarks/bench_constraint_reading.py --requests FILE [--show-misses]

FILE holds requests with labelled `constraints` (`{"scope": "all" | TASK, "kind": ...}`), as the constraint
sets in `benchmarks/data/` and the training requests (`hive/understanding/data/requests-train.jsonl`, the lines
that carry constraints) do. A label is **read** when the plan's constraints hold its kind where its scope says:
a global one for scope "all" (or the same kind on every planned step), the step's own or a global one for a
step's task. It is **read in the wrong scope** when the kind is there but bound elsewhere. Values are not
compared here (`bench_constraints.py` judges the models they select). Prints recall per kind, the share read
in the right scope, and the kinds read that no label asks for (false alarms) per kind.
`--show-misses` lists misses: for the sets you may tune on, never for a frozen one.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from hive.errors import HiveError
from hive.pipeline import Planner
from hive.understanding.constraint_kinds import ALSO_CARRIED_BY, FIELD_OF_KIND

FIELDS = FIELD_OF_KIND  # a label's kind -> the constraint field that carries it, and the value it must have (None: any value)
KIND_OF_FIELD: dict[tuple[str, object], str] = {(field, value): kind for kind, (field, value) in FIELDS.items()} | {
    (field, None): kind for kind, fields in ALSO_CARRIED_BY.items() for field in fields}


def kinds_in(constraints: dict) -> set[str]:
    """The label kinds a constraints mapping (one scope) holds."""
    kinds = set()
    for field, value in constraints.items():
        exact = (field, value) if isinstance(value, (str, bool)) else None
        kind = KIND_OF_FIELD.get(exact) or KIND_OF_FIELD.get((field, None))
        if kind and value not in (None, False, [], ""):
            kinds.add(kind)
    return kinds


def read_scopes(plan_constraints: dict, tasks: list[str]) -> dict[str, set[str]]:
    """Scope ("all" or a task) -> the kinds the plan binds there; kinds bound on every planned step count as "all"."""
    scopes = {"all": kinds_in(plan_constraints.get("global", {}))}
    for task, constraints in plan_constraints.get("per_task", {}).items():
        scopes[task] = kinds_in(constraints)
    if tasks:
        on_every = set.intersection(*(scopes.get(task, set()) for task in tasks))
        scopes["all"] |= on_every
    return scopes


def judge(label: dict, scopes: dict[str, set[str]], steps: int) -> str:
    """'read', 'wrong scope' or 'missed' for one labelled constraint; a global reading of a step's constraint
    is right only in a plan of one step."""
    kind, scope = label["kind"], label["scope"]
    if scope == "all":
        found = kind in scopes["all"]
    else:
        found = kind in scopes.get(scope, set()) or (kind in scopes["all"] and steps <= 1)
    if found:
        return "read"
    return "wrong scope" if any(kind in kinds for kinds in scopes.values()) else "missed"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=Path, required=True)
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.requests.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if "constraints" in r]
    planner = Planner(select_models=False)
    outcome: dict[str, Counter] = {kind: Counter() for kind in FIELDS}
    false_alarms: Counter = Counter()
    failures: Counter = Counter()  # plans that failed, by the error's opening words
    for row in rows:
        failed = ""
        try:
            result = planner.plan(row["query"])
            tasks = [t.pipeline_tag for t in result.tasks if t.requested]
            scopes = read_scopes(result.constraints, tasks)
        except HiveError as exc:
            tasks, scopes, failed = [], {"all": set()}, f" | no plan: {str(exc)[:80]}"
            failures[" ".join(str(exc).split(":")[0].split()[:4])] += 1
        labelled = {label["kind"] for label in row["constraints"]}
        for label in row["constraints"]:
            verdict = judge(label, scopes, len(set(tasks)))
            outcome[label["kind"]][verdict] += 1
            if verdict != "read" and args.show_misses:
                print(f"{row['id']} {verdict}: {label['kind']} ({label['scope']}) | read {dict((k, sorted(v)) for k, v in scopes.items() if v)} "
                      f"| {row['query'][:200]!r}{failed}")
        for kind in set().union(*scopes.values()) - labelled:
            false_alarms[kind] += 1
            if args.show_misses:
                print(f"{row['id']} false alarm: {kind} | {row['query'][:200]!r}")
    total = Counter()
    for counts in outcome.values():
        total.update(counts)
    labels = sum(total.values())
    print(f"{args.requests.name}: {len(rows)} requests, {labels} labelled constraints")
    print(f"  read in the right scope {total['read']}/{labels} = {total['read'] / max(labels, 1):.3f}; "
          f"wrong scope {total['wrong scope']}, missed {total['missed']}; false alarms {sum(false_alarms.values())}")
    if failures:
        print(f"  requests with no plan {sum(failures.values())}: " + ", ".join(f"{why} {n}" for why, n in failures.most_common()))
    for kind, counts in outcome.items():
        n = sum(counts.values())
        if n:
            print(f"  {kind:<16} {counts['read']:>4}/{n:<4} = {counts['read'] / n:.3f}   wrong scope {counts['wrong scope']:>3}   "
                  f"missed {counts['missed']:>3}   false alarms {false_alarms[kind]:>3}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
