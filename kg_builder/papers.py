"""Papers-with-Code rows joined to models through the arXiv ids their cards cite.

The rows are indexed once by arXiv id, so each model finds its paper results on its own, in whatever
process builds it: the join needs no pass over all the cards first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from kg_builder.extract import Result
from kg_builder.sources import PapersWithCodeSource, Skipped


@dataclass
class PaperIndex:
    """arXiv id -> (the row's place in the tables, its result), in the tables' order."""

    rows: dict[str, list[tuple[int, Result]]] = field(default_factory=dict)

    @classmethod
    def of(cls, tables: Iterable[PapersWithCodeSource], skip: Callable[[str, str], None]) -> PaperIndex:
        """Every numeric row of `tables` with an arXiv paper; each other row goes to `skip(where, reason)`."""
        index = cls()
        place = 0
        for table in tables:
            for row in table.results():
                if isinstance(row, Skipped):
                    skip(row.where, row.reason)
                    continue
                result = Result(task=row.task, dataset=row.dataset, dataset_name=row.dataset, config="", split="",
                                metric=row.metric.lower(), value=row.value, verified=False, source=table.name, scope="paper")
                index.rows.setdefault(row.arxiv_id, []).append((place, result))
                place += 1
        return index

    def results_for(self, arxiv_ids: Iterable[str]) -> list[Result]:
        """The paper-level results of a model citing `arxiv_ids` ('scope' paper), in the tables' order."""
        found = [row for arxiv_id in arxiv_ids for row in self.rows.get(arxiv_id, ())]
        return [result for _place, result in sorted(found, key=lambda row: row[0])]
