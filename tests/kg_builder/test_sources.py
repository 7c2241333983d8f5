"""Card sources (kg_builder/sources.py): the hub client against recorded responses (sizes, resume, retries)
and its rate limit."""

from __future__ import annotations

import pytest

from kg_builder.cards import Card
from kg_builder.extract import extract
from kg_builder.sources import HubSource, RateLimiter, Skipped

from support.hub_replay import HubReplay


@pytest.fixture
def hub(monkeypatch, tmp_path):
    """The hub cannot be reached from here: a local server replays responses recorded in the hub's format."""
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with HubReplay() as replay:
        yield replay


def _hub_source(hub, tmp_path, **kwargs) -> HubSource:
    return HubSource(tmp_path / "cache", pipeline_tags=["automatic-speech-recognition"], limit=10,
                     endpoint=hub.endpoint, per_second=1000, sleep=lambda s: None, **kwargs)


def test_hub_cards_carry_hub_sizes_and_broken_cards_are_skipped(hub, tmp_path):
    found = list(_hub_source(hub, tmp_path).cards())
    cards = [c for c in found if isinstance(c, Card)]
    skipped = [c for c in found if isinstance(c, Skipped)]
    assert [c.id for c in cards] == ["acme/tiny-asr"]
    assert [s.where for s in skipped] == ["hub:acme/broken-card"]
    facts = extract(cards[0])
    assert {(s.kind, s.value, s.source) for s in facts.sizes} == {("parameters", 37760640, "hub"), ("bytes", 151000000, "hub")}
    assert facts.licenses[0].spdx == "MIT" and facts.arxiv_ids == ["2212.04356"]
    assert [(r.dataset, r.config, r.metric, r.value) for r in facts.results] == [("librispeech_asr", "clean", "wer", 7.5)]


def test_hub_runs_resume_from_the_cache(hub, tmp_path):
    list(_hub_source(hub, tmp_path).cards())
    first = len(hub.requests)
    again = [c for c in _hub_source(hub, tmp_path).cards() if isinstance(c, Card)]
    new_requests = hub.requests[first:]
    assert [c.id for c in again] == ["acme/tiny-asr"]
    assert not any("tiny-asr" in r for r in new_requests), new_requests


def test_hub_calls_are_retried_on_server_errors(hub, tmp_path):
    hub.failures_left["/api/models/acme/tiny-asr"] = 2
    cards = [c for c in _hub_source(hub, tmp_path).cards() if isinstance(c, Card)]
    assert [c.id for c in cards] == ["acme/tiny-asr"]
    assert hub.requests.count("GET /api/models/acme/tiny-asr") == 3


def test_rate_limiter_spaces_calls():
    now = [0.0]
    slept = []
    limiter = RateLimiter(4, clock=lambda: now[0], sleep=lambda s: (slept.append(s), now.__setitem__(0, now[0] + s)))
    for _ in range(3):
        limiter.wait()
    assert slept == [0.25, 0.25]
