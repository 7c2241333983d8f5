"""`hive kg stats` and `hive kg validate`: what a graph holds, and whether it holds together."""

from __future__ import annotations

from dataclasses import dataclass

import pyoxigraph

from hive.kg.queries import named_rows
from hive.kg.snippet_templates import written_again
from hive.snippet_policy import Signature, SnippetRejected, check_snippet

LLM_WRITTEN = "llm"  # a snippet an LLM rewrote from the card's code claims no template: the policy and the sandbox hold it

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
    rejected, unlike = [], []
    for row in named_rows(store, "snippets"):
        inputs = tuple(i for i in str(row["inputs"]).split(",") if i)
        try:
            check_snippet(str(row["code"]), Signature(inputs, str(row["id"])))
        except SnippetRejected as exc:
            rejected.append(f"{row['id']}: {exc}")
        if str(row["loader"]) != LLM_WRITTEN and str(row["code"]) != written_again(
                str(row["code"]), str(row["id"]), str(row["loader"]), str(row["fallback"]).lower() == "true"):
            unlike.append(f"{row['id']}: not what the template '{row['loader']}' writes")
    if rejected:
        findings.append(Finding("snippets that fail the snippet policy", len(rejected), rejected[:3]))
    if unlike:
        findings.append(Finding("snippets that do not match the template they claim", len(unlike), unlike[:3]))
    return findings
