"""`hive kg query`: one SPARQL query, printed as a table, JSON or CSV."""

from __future__ import annotations

import sys


from hive.errors import HiveError
from hive.kg.access import RemoteGraph
from hive.kg.server import RequestProblem, run_query
from hive.kg.store import open_kg

MEDIA = {"json": "application/sparql-results+json", "csv": "text/csv", "turtle": "text/turtle", "table": "text/csv"}


def print_query(sparql: str, output: str, kg: str | None) -> None:
    if output not in MEDIA:
        raise HiveError(f"unknown format '{output}'; use table, json, csv or turtle")
    if kg and kg.startswith(("http://", "https://")):
        _print_rows(RemoteGraph(kg).select(sparql), output)
        return
    try:
        media, body = run_query(open_kg(kg), sparql, MEDIA[output])
    except RequestProblem as problem:
        raise HiveError(str(problem)) from problem
    if output == "table" and media == "text/csv":
        _print_table(body.decode())
    else:
        sys.stdout.write(body.decode())


def _print_rows(rows: list[dict], output: str) -> None:
    import csv
    import io
    import json

    if output == "json":
        print(json.dumps(rows, indent=2))
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    _print_table(buffer.getvalue()) if output == "table" else sys.stdout.write(buffer.getvalue())


def _print_table(csv_text: str) -> None:
    import csv

    from rich.console import Console
    from rich.table import Table

    lines = list(csv.reader(csv_text.splitlines()))
    if not lines:
        return
    table = Table(*lines[0])
    for row in lines[1:]:
        table.add_row(*row)
    Console().print(table)
    print(f"{len(lines) - 1} rows")
