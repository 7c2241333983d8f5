"""`hive kg stats` and `hive kg validate`: what a graph holds, and whether it holds together."""

from __future__ import annotations

from dataclasses import dataclass

import pyoxigraph

from hive.kg.queries import named_rows
from hive.snippet_policy import Signature, SnippetRejected, check_snippet

CHECKS = {
    "check-models-without-task": "models without a task",
    "check-models-without-snippet": "models without a snippet",
    "check-incomplete-results": "results without a numeric value, metric or dataset",
    "check-licences-without-family": "licences without a family",
}


@dataclass
class Finding:
    check: str
    count: int
    examples: list[str]


def stats(store: pyoxigraph.Store) -> dict[str, object]:
    counts = named_rows(store, "counts")[0]
    return {
        **counts,
        "triples": len(store),
        "models per task": named_rows(store, "models-per-task"),
        "models per licence": named_rows(store, "licence-breakdown"),
        "snippets per loader": named_rows(store, "snippet-kinds"),
    }


def validate(store: pyoxigraph.Store) -> list[Finding]:
    """Every failed check, with up to three examples; an empty list means the graph is sound."""
    findings = []
    for name, description in CHECKS.items():
        found = named_rows(store, name)
        if found:
            findings.append(Finding(description, len(found), [str(next(iter(r.values()))) for r in found[:3]]))
    rejected = []
    for row in named_rows(store, "snippets"):
        inputs = tuple(i for i in str(row["inputs"]).split(",") if i)
        try:
            check_snippet(str(row["code"]), Signature(inputs, str(row["id"])))
        except SnippetRejected as exc:
            rejected.append(f"{row['id']}: {exc}")
    if rejected:
        findings.append(Finding("snippets that fail the snippet policy", len(rejected), rejected[:3]))
    return findings
