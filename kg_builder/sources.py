"""Where cards and benchmark results come from: a JSON Lines dump, a directory of cards, the hub, Papers with Code.

Card sources yield `Card`s one at a time, or `Skipped` records for inputs they could not read (the build
counts them and goes on). Each card carries a version: what tells the source's cheapest sign of a change
(a dump line's digest, a card file's modification time, the hub's lastModified). Given the versions a
previous build holds (`Known`), a source yields `Unchanged` for the cards it did not need to read again.
The hub source is the real `huggingface_hub` client, paging through the listing with rate limiting and
retries, a cache directory and resumable runs; it needs the network and is used only when asked for.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, Protocol

from kg_builder.cards import Card, CardError, split_front_matter


@dataclass(frozen=True)
class Skipped:
    """An input the builder could not use, and why."""

    where: str
    reason: str


class Unchanged(NamedTuple):
    """A card at the version the previous build holds: not read again (a tuple: a million are made in an update)."""

    id: str


class Known(Protocol):
    """The card versions of a previous build."""

    def version_of(self, model_id: str) -> str | None: ...

    def id_of(self, version: str) -> str | None: ...


class CardSource(Protocol):
    name: str

    def cards(self, known: Known | None = None) -> Iterator[Card | Unchanged | Skipped]: ...


def _as_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class JsonlSource:
    """A JSON Lines dump of cards: {id, downloads, likes, pipeline_tag, meta, description} per line. A card's
    version is a digest of the dump's name and its line, so a card whose line is the previous build's is not
    parsed again."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.name = f"jsonl:{self.path.name}"
        self.key = hashlib.sha256(self.name.encode()).digest()  # a card moved to another dump is another version

    def cards(self, known: Known | None = None) -> Iterator[Card | Unchanged | Skipped]:
        with self.path.open("rb") as lines:
            for number, line in enumerate(lines, start=1):
                if line.isspace():
                    continue
                version = "line:" + hashlib.blake2b(line, digest_size=16, key=self.key).hexdigest()
                if known is not None and (model_id := known.id_of(version)) is not None:
                    yield Unchanged(model_id)
                else:
                    yield self._card(line, f"{self.name}#{number}", version)

    @staticmethod
    def _card(line: bytes, where: str, version: str) -> Card | Skipped:
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            return Skipped(where, f"not JSON ({exc.msg})")
        except UnicodeDecodeError:
            return Skipped(where, "not UTF-8")
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not row["id"].strip():
            return Skipped(where, "no model id")
        meta = row.get("meta") if isinstance(row.get("meta"), dict) else {}
        return Card(
            id=row["id"].strip(),
            meta=meta,
            body=row.get("description") if isinstance(row.get("description"), str) else "",
            source=where,
            pipeline_tag=row.get("pipeline_tag") or meta.get("pipeline_tag"),
            downloads=_as_int(row.get("downloads")),
            likes=_as_int(row.get("likes")),
            version=version,
        )


class DirectorySource:
    """A directory of hub-style cards: `<org>/<name>/README.md` (or `<name>/README.md`), walked in path
    order one folder at a time. A card's version is its file's modification time and size, so an
    unchanged card is not read again."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.name = f"dir:{self.path.name}"

    def cards(self, known: Known | None = None) -> Iterator[Card | Unchanged | Skipped]:
        for readme in _readmes(self.path):
            model_id = os.path.relpath(os.path.dirname(readme), self.path).replace(os.sep, "/")
            where = f"{self.name}/{model_id}/README.md"
            if model_id in ("", "."):
                yield Skipped(where, "a card must sit in a folder named after its model")
                continue
            stat = os.stat(readme)
            version = f"mtime:{stat.st_mtime_ns}:{stat.st_size}"
            if known is not None and known.version_of(model_id) == version:
                yield Unchanged(model_id)
                continue
            try:
                meta, body = split_front_matter(Path(readme).read_text(encoding="utf-8"))
            except (CardError, UnicodeDecodeError) as exc:
                yield Skipped(where, str(exc))
                continue
            yield Card(id=model_id, meta=meta, body=body, source=where, pipeline_tag=meta.get("pipeline_tag"),
                       library=meta.get("library_name"), version=version)


def _readmes(folder: Path) -> Iterator[str]:
    """Every README.md under `folder` in sorted path order (part by part), holding one folder's listing at a time."""
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            yield from _readmes(Path(entry.path))
        elif entry.name == "README.md":
            yield entry.path


class RateLimiter:
    """At most `per_second` calls per second (a simple spacing limiter)."""

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] = time.sleep):
        self.interval = 1.0 / per_second if per_second > 0 else 0.0
        self.clock, self.sleep = clock, sleep
        self.next_at = 0.0

    def wait(self) -> None:
        now = self.clock()
        if now < self.next_at:
            self.sleep(self.next_at - now)
            now = self.next_at
        self.next_at = now + self.interval


def with_retries(call: Callable[[], Any], attempts: int = 4, base_delay: float = 1.0, sleep: Callable[[float], None] = time.sleep) -> Any:
    """Run `call`, retrying on rate limits (429), server errors (5xx) and connection errors, with backoff."""
    for attempt in range(attempts):
        try:
            return call()
        except Exception as exc:  # huggingface_hub raises HfHubHTTPError (an HTTP error) or connection errors
            status = getattr(getattr(exc, "response", None), "status_code", None)
            transient = status in (429, 500, 502, 503, 504) or (status is None and "connect" in type(exc).__name__.lower())
            if not transient or attempt == attempts - 1:
                raise
            sleep(base_delay * 2**attempt)
    raise AssertionError("unreachable")


class HubSource:
    """Cards from the Hugging Face hub: the model listing with card data, paged, `model_info` with file sizes
    and safetensors parameter counts, and the card's README (downloaded through the same client, so a
    mirror given as `endpoint` serves everything). A card's version is the hub's lastModified.

    Every fetched card is cached as JSON in `cache_dir`; a rerun reads cached cards instead of asking
    the hub again (unless the listing says the card changed since), so an interrupted build resumes where
    it stopped. Each listing page and each call is rate-limited and retried on its own.
    """

    def __init__(self, cache_dir: Path, pipeline_tags: list[str] | None = None, limit: int | None = None,
                 per_second: float = 4.0, token: str | None = None, endpoint: str | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        from huggingface_hub import HfApi

        self.api = HfApi(endpoint=endpoint, token=token)
        self.token = token
        self.cache_dir = Path(cache_dir)
        self.pipeline_tags = pipeline_tags or [None]
        self.limit = limit
        self.limiter = RateLimiter(per_second, sleep=sleep)
        self.sleep = sleep
        self.name = "hub"

    def _call(self, call: Callable[[], Any]) -> Any:
        self.limiter.wait()
        return with_retries(call, sleep=self.sleep)

    def cards(self, known: Known | None = None) -> Iterator[Card | Unchanged | Skipped]:
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        for tag in self.pipeline_tags:
            for info in self._listing(tag):
                version = info.last_modified.isoformat() if info.last_modified else None
                if known is not None and version is not None and known.version_of(info.id) == version:
                    yield Unchanged(info.id)
                    continue
                try:
                    yield self._card(info, version)
                except Exception as exc:  # one model failing must not stop the crawl
                    first_line = (str(exc).splitlines() or [""])[0]
                    yield Skipped(f"hub:{info.id}", f"{type(exc).__name__}: {first_line}")

    def _listing(self, tag: str | None) -> Iterator[Any]:
        """The models of `tag` by downloads, one page at a time (the hub links each page to the next)."""
        from huggingface_hub import ModelInfo

        url: str | None = f"{self.api.endpoint}/api/models"
        params: dict[str, Any] | None = {"sort": "downloads", "full": True, "cardData": True,
                                         **({"pipeline_tag": tag} if tag else {}), **({"limit": self.limit} if self.limit else {})}
        listed = 0
        while url is not None:
            page = self._call(lambda: self._page(url, params))
            for item in page.json():
                if self.limit is not None and listed >= self.limit:
                    return
                listed += 1
                yield ModelInfo(**{"siblings": None, **item})
            url, params = page.links.get("next", {}).get("url"), None  # the next link carries the query

    def _page(self, url: str, params: dict[str, Any] | None) -> Any:
        from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status

        response = get_session().get(url, params=params, headers=build_hf_headers(token=self.token))
        hf_raise_for_status(response)
        return response

    def _cache_path(self, model_id: str) -> Path:
        return self.cache_dir / (re.sub(r"[^\w.-]", "__", model_id) + ".json")

    def _card(self, info: Any, version: str | None) -> Card:
        cached = self._cache_path(info.id)
        if cached.exists():
            card = Card(**json.loads(cached.read_text(encoding="utf-8")))
            if version is None or card.version == version:
                return card
        details = self._call(lambda: self.api.model_info(info.id, files_metadata=True))
        readme = self._call(lambda: self.api.hf_hub_download(info.id, "README.md", cache_dir=self.cache_dir / "files"))
        meta, body = split_front_matter(Path(readme).read_text(encoding="utf-8"))
        safetensors = getattr(details, "safetensors", None)
        card = Card(
            id=info.id,
            meta=meta,
            body=body,
            source="hub",
            pipeline_tag=details.pipeline_tag or info.pipeline_tag,
            downloads=details.downloads if details.downloads is not None else info.downloads,
            likes=details.likes if details.likes is not None else info.likes,
            library=details.library_name,
            file_sizes={s.rfilename: s.size for s in (details.siblings or []) if s.size is not None},
            safetensors_parameters=getattr(safetensors, "total", None),
            version=version or (details.last_modified.isoformat() if details.last_modified else None),
        )
        temporary = cached.with_suffix(".tmp")
        temporary.write_text(json.dumps(card.__dict__, sort_keys=True), encoding="utf-8")
        temporary.replace(cached)
        return card


@dataclass(frozen=True)
class PaperResult:
    """One row of a Papers-with-Code leaderboard: a paper's score on a dataset."""

    arxiv_id: str
    task: str
    dataset: str
    metric: str
    value: float
    model_name: str
    where: str


ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", re.I)
NUMBER = re.compile(r"^[-+]?\d+(?:\.\d+)?(?=\s*%?$)")


class PapersWithCodeSource:
    """Papers-with-Code `evaluation-tables.json`: task -> datasets -> sota rows (paper link + metrics)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.name = f"pwc:{self.path.name}"

    def results(self) -> Iterator[PaperResult | Skipped]:
        try:
            tasks = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
            yield Skipped(self.name, f"unreadable evaluation table: {exc}")
            return
        if not isinstance(tasks, list):
            yield Skipped(self.name, "expected a list of tasks")
            return
        yield from self._walk(tasks)

    def _walk(self, tasks: list) -> Iterator[PaperResult | Skipped]:
        for task in tasks:
            if not isinstance(task, dict):
                continue
            for dataset in task.get("datasets") or []:
                rows = ((dataset.get("sota") or {}).get("rows") or []) if isinstance(dataset, dict) else []
                for number, row in enumerate(rows):
                    yield from self._row(task.get("task", ""), dataset.get("dataset", ""), row, number)
            yield from self._walk(task.get("subtasks") or [])

    def _row(self, task: str, dataset: str, row: Any, number: int) -> Iterator[PaperResult | Skipped]:
        where = f"{self.name}:{task}/{dataset}#{number}"
        paper = ARXIV_URL.search(str((row or {}).get("paper_url") or ""))
        if not paper:
            yield Skipped(where, "no arXiv paper link")
            return
        for metric, raw in ((row.get("metrics") or {}).items()):
            match = NUMBER.match(str(raw).strip().replace(",", ""))
            if not match:
                yield Skipped(where, f"metric {metric} is not a number: {raw!r}")
                continue
            yield PaperResult(paper.group(1), task, dataset, metric, float(match.group()), str(row.get("model_name", "")), where)
