"""Sharding a stream: chunks cut as the stream is read, a bounded number out at a time, results in order."""

from __future__ import annotations

import pytest

from kg_builder.sharding import Sharding


def tripled(chunk: list[int], factor: int) -> list[int]:
    return [n * factor for n in chunk]


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_in_order_while_the_stream_is_read_a_window_at_a_time(workers):
    read = []

    def stream():
        for n in range(100):
            read.append(n)
            yield n

    results = []
    for result in Sharding(workers, chunk=7).imap(tripled, stream(), 3):
        results.append(result)
        assert len(read) <= 7 * (2 * workers + len(results))  # never more than the window ahead of the results
    assert [n for chunk in results for n in chunk] == [3 * n for n in range(100)]
    assert [len(chunk) for chunk in results] == [7] * 14 + [2]


def test_an_empty_stream_gives_nothing():
    assert list(Sharding(2).imap(tripled, iter([]), 3)) == []
