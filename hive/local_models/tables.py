"""A table as text an instruction LLM can read: a CSV/TSV/Markdown/JSON file, a spreadsheet, or rows given inline."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

# The prompted 1.5B model reads 4,096 tokens with its prompt and answer; CSV takes about a token per
# 2.5 characters, so a table is refused (not cut: a cut table gives wrong totals) above this size.
MAX_TABLE_CHARACTERS = 8_000
READ_AS_TEXT = {".csv", ".tsv", ".md", ".txt"}


def table_text(table: Any) -> str:
    """The table as CSV (or the Markdown/TSV text it came as); a one-line ValueError when it is too large."""
    if isinstance(table, str) and Path(table).is_file():
        text = _file_text(Path(table))
    elif isinstance(table, str):
        text = table
    else:
        text = _rows_as_csv(table)
    if len(text) > MAX_TABLE_CHARACTERS:
        raise _too_large(f"{len(text):,}")
    return text.strip()


def _too_large(characters: str) -> ValueError:
    return ValueError(f"the table is {characters} characters; the prompted LLM reads at most {MAX_TABLE_CHARACTERS:,} — "
                      "ask about fewer rows or columns")


def _file_text(path: Path) -> str:
    suffix, size = path.suffix.lower(), path.stat().st_size
    if size > 4 * MAX_TABLE_CHARACTERS and suffix in READ_AS_TEXT | {".json"}:  # too large however it is written: not read
        raise _too_large(f"a {size:,}-byte file: over {MAX_TABLE_CHARACTERS:,}")
    if suffix in READ_AS_TEXT:
        return path.read_text(encoding="utf-8", errors="replace")
    if suffix == ".json":
        return _rows_as_csv(json.loads(path.read_text(encoding="utf-8")))
    import pandas  # spreadsheets and Parquet need pandas' readers (openpyxl, pyarrow)

    frame = pandas.read_parquet(path) if suffix == ".parquet" else pandas.read_excel(path)
    return frame.to_csv(index=False)


def _rows_as_csv(rows: Any) -> str:
    """Columns (name -> values) or records (a list of name -> value) as CSV."""
    if isinstance(rows, dict):
        columns = list(rows)
        values = {c: v if isinstance(v, list) else [v] for c, v in rows.items()}
        records = [{c: values[c][i] if i < len(values[c]) else "" for c in columns}
                   for i in range(max(map(len, values.values()), default=0))]
    elif isinstance(rows, list) and all(isinstance(r, dict) for r in rows):
        records, columns = rows, list(dict.fromkeys(k for r in rows for k in r))
    else:
        raise ValueError("a table must be a file, columns (name -> values) or a list of rows")
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, restval="")
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue()
