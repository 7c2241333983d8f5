"""The documentation's shape: a short README that opens with the two commands, and no broken local links."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from support.paths import REPO

README = REPO / "README.md"
PAGES = [README, *sorted((REPO / "docs").glob("*.md")), REPO / "benchmarks" / "README.md", REPO / "kg_builder" / "README.md"]

# CI and the brief run these two commands; the README must open with them, unchanged.
TWO_COMMANDS = """```bash
pip install ".[offline]" && hive run "Transcribe examples/meeting.wav and find the named entities in it"
pip install ".[test]" && pytest -q
```"""

LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def local_links(page: Path) -> list[str]:
    """Targets of the page's Markdown links that point into the repository (code blocks left out)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    targets = [match.group(1) for match in LINK.finditer(text)]
    return [t for t in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", t) and not t.startswith("#")]


def test_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8")) < 12_000


def test_readme_opens_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    assert "\n".join(lines[2:6]) == TWO_COMMANDS


def test_docs_pages_exist() -> None:
    names = {page.name for page in PAGES if page.parent.name == "docs"}
    assert {"README.md", "design.md", "cli.md", "kg.md", "benchmarks.md", "deployment.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_local_links_resolve(page: Path) -> None:
    broken = [target for target in local_links(page)
              if not (page.parent / unquote(target.split("#", 1)[0])).exists()]
    assert not broken, f"{page.relative_to(REPO)} links to missing files: {broken}"


def test_link_check_sees_links() -> None:
    """The pattern finds links at all (a pattern that matched nothing would pass every page)."""
    assert "docs/design.md" in local_links(README)


def heading_anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as hyphens."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
            for title in re.findall(r"^#+\s+(.*)$", text, re.MULTILINE)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_anchors_resolve(page: Path) -> None:
    broken = []
    for target in local_links(page) + [t for t in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8"))) if t.startswith("#")]:
        path, _, anchor = target.partition("#")
        linked = page.parent / unquote(path) if path else page
        if anchor and linked.suffix == ".md" and linked.exists() and anchor not in heading_anchors(linked):
            broken.append(target)
    assert not broken, f"{page.relative_to(REPO)} links to missing headings: {broken}"
