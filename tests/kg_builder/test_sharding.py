"""Sharded graph builds (kg_builder/sharding.py) write what a single-process build writes."""

from __future__ import annotations

import pytest

from kg_builder.build import build
from kg_builder.sources import JsonlSource

from support.installed import HAVE_RAY


@pytest.mark.parametrize("engine", ["processes", "ray"])
def test_a_sharded_build_writes_the_same_graph_and_snippets(tmp_path, engine, card_dump):
    from kg_builder.sharding import Sharding

    if engine == "ray" and not HAVE_RAY:
        pytest.skip("Ray (extra 'ray') is not installed")
    single = build([JsonlSource(card_dump)], tmp_path / "single", with_store=False)
    sharded = build([JsonlSource(card_dump)], tmp_path / "sharded", with_store=False, shards=Sharding(2, engine))
    assert (tmp_path / "single" / "ckg.nt").read_bytes() == (tmp_path / "sharded" / "ckg.nt").read_bytes()
    assert (tmp_path / "single" / "ckg.ttl").read_bytes() == (tmp_path / "sharded" / "ckg.ttl").read_bytes()
    snippets = sorted(p.relative_to(tmp_path / "single") for p in (tmp_path / "single" / "snippets").rglob("*.py"))
    assert snippets == sorted(p.relative_to(tmp_path / "sharded") for p in (tmp_path / "sharded" / "snippets").rglob("*.py"))
    assert (single.models, single.triples, single.snippets_own) == (sharded.models, sharded.triples, sharded.snippets_own)


def test_an_unknown_build_engine_is_refused():
    from hive.errors import HiveError
    from kg_builder.sharding import Sharding

    with pytest.raises(HiveError, match="unknown build engine 'spark'"):
        Sharding(2, "spark")
